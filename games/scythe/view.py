"""`view(state, seat)` per docs/scythe-engine.md ("The view"), the only way the state leaves
the engine, and `summary(view)`, the same view as text for the terminal and `/game status`.

What is hidden (S13.15, S21.1): combat-card hands, objective cards, deck order, power-dial and
card commitments, the Factory cards seen during a pickup and, with `coins_visible` off, other
players' coins. Each of those is decided here, once, so no other module has to remember them;
everything else on the table is public and is passed through as it is."""

from __future__ import annotations

import copy
from typing import Any

from games.scythe import bottom, cards, control, flow, rules, scoring, top
from games.scythe.state import MAT, State, card_value, frame_seats, seat_name
from games.scythe.state import top as top_frame

# Frames holding secrets: a commit keeps the dials and cards until both seats are in (only
# who has committed is public); a pickup shows the Factory space to its picker alone.
COMMIT = "commit"
FACTORY_PICK = "factory_pick"
PUBLIC_KEYS = {COMMIT: ("kind", "seat", "seats", "territory"), FACTORY_PICK: ("kind", "seat")}


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What `seat` may see (None: the public view), with the derived `control`, `prompt`,
    names and, once the game is over, the final `score`."""
    hidden = _hidden_ids(state, seat)
    waiting = sorted(flow.to_act(state))
    result = scoring.result(state)
    out: dict[str, Any] = {
        key: copy.deepcopy(state[key])
        for key in ("game", "options", "bonus_tile", "order", "active", "turn_number",
                    "encounters", "resources", "structures", "turn", "end")
    }
    out.update(
        viewer=seat,
        decks={name: len(deck) for name, deck in state["decks"].items()},
        players=[_player(state, p, seat) for p in state["players"]],
        stack=[_frame(state, f, seat, hidden, waiting) for f in state["stack"]],
        control=_control(state),
        prompt=_prompt(state, waiting),
        faction_names={p["faction"]: p["faction"].capitalize()
                       for p in state["players"] if p["faction"]},
        mat_names={p["mat"]: p["mat"].capitalize() for p in state["players"] if p["mat"]},
        card_names=_card_names(state, seat),
        score=result.to_json() if result is not None else None,
    )
    return out


def _coins_visible(state: State) -> bool:
    return bool(state["options"].get("coins_visible", True))


# -- players -----------------------------------------------------------------------------------
def _player(state: State, p: dict, viewer: int | None) -> dict[str, Any]:
    own = viewer == p["seat"]
    out = {key: copy.deepcopy(value) for key, value in p.items()
           if key not in ("cards", "objectives")}
    out["card_count"] = len(p["cards"])
    out["objective_count"] = len(p["objectives"])
    out |= mat_values(state, p["seat"])
    if own:
        out["cards"] = [{"id": c, "value": card_value(c)} for c in p["cards"]]
        out["objectives"] = [{"id": o, "name": cards.objective(o).name}
                             for o in p["objectives"]]
    elif not _coins_visible(state):
        out["coins"] = None
    return out


def mat_values(state: State, seat: int) -> dict[str, Any]:
    """The values in force on the seat's player mat, as the engine charges and pays them:
    each top-row box (S6.5) and each section's bottom-row cost (S7.1); empty during the
    draft, before the seat has a mat."""
    if not state["players"][seat]["mat"]:
        return {}
    return {"top_values": {box: top.top_value(state, seat, box) for box in rules.TOP_BOXES},
            "bottom_costs": [sum(bottom.bottom_cost(state, seat, i).values())
                             for i in range(len(bottom.sections(state, seat)))]}


def _card_names(state: State, viewer: int | None) -> dict[str, str]:
    """Names of the objective and Factory cards this viewer sees face up: revealed
    objectives, held Factory cards, and the viewer's own objectives and pickup choice."""
    names: dict[str, str] = {}
    for p in state["players"]:
        for o in p["objectives_done"] + (p["objectives"] if p["seat"] == viewer else []):
            names[o] = cards.objective(o).name
        if p["factory_card"]:
            names[p["factory_card"]] = cards.factory_card(p["factory_card"]).title
    if _picking(state, viewer):
        for card in state["decks"]["factory"]:
            names[card] = cards.factory_card(card).title
    return names


def _picking(state: State, viewer: int | None) -> bool:
    """Is the viewer looking at the cards on the Factory space (S15.2)?"""
    return any(f["kind"] == FACTORY_PICK and f["seat"] == viewer for f in state["stack"])


# -- hidden ids and frames ---------------------------------------------------------------------
def _hidden_ids(state: State, viewer: int | None) -> set[str]:
    """Ids this viewer may not see anywhere: others' hands and objectives, the combat and
    objective decks, and the cards still on the Factory space (S21.1)."""
    hidden = set(state["decks"]["combat"]) | set(state["decks"]["objective"])
    hidden |= set(state["decks"]["factory"])
    for p in state["players"]:
        if p["seat"] != viewer:
            hidden |= set(p["cards"]) | set(p["objectives"])
    return hidden


def _frame(state: State, frame: dict, viewer: int | None, hidden: set[str],
           waiting: list[int]) -> dict[str, Any]:
    """A frame as this viewer sees it: a commit shows who has committed, a pickup shows the
    Factory cards to the picker only, and any other value naming a hidden card is left out."""
    kind = frame["kind"]
    if kind == FACTORY_PICK and frame["seat"] == viewer:
        return {**copy.deepcopy(frame), "cards": list(state["decks"]["factory"])}
    if kind in PUBLIC_KEYS:
        out = {k: copy.deepcopy(frame[k]) for k in PUBLIC_KEYS[kind] if k in frame}
        if kind == COMMIT:
            out["committed"] = [s for s in frame_seats(frame) if s not in waiting]
            draft = frame.get("drafts", {}).get(str(viewer))
            if draft is not None:  # the viewer's own dial and card values so far
                out["draft"] = copy.deepcopy(draft)
        return out
    return {k: copy.deepcopy(v) for k, v in frame.items() if not _mentions(v, hidden)}


def _mentions(value: Any, hidden: set[str]) -> bool:
    if isinstance(value, str):
        return value in hidden
    if isinstance(value, dict):
        return any(_mentions(k, hidden) or _mentions(v, hidden) for k, v in value.items())
    if isinstance(value, list | tuple):
        return any(_mentions(v, hidden) for v in value)
    return False


def _control(state: State) -> dict[str, int]:
    return {t: p["seat"] for p in state["players"] for t in control.controlled(state, p["seat"])}


# -- the prompt --------------------------------------------------------------------------------
PROMPTS = {
    "draft": "{who} picks a faction and a player mat.",
    "section": "{who} chooses a section of the player mat{factory}, or reveals an objective.",
    "top": "{who} takes the top-row action, or skips it.",
    "factory_top": "{who} chooses an option of the Factory card, or skips it.",
    "factory_bottom": "{who} may move one unit with the Factory card.",
    "pay": "{who} chooses which resource tokens pay for {reason}.",
    "move": "{who} chooses the next unit to move, or ends the Move.",
    "step": "{who} moves {unit}: step on, load, unload, or stop.",
    "trade": "{who} chooses the resources to gain by Trade.",
    "produce": "{who} chooses the territories that produce.",
    "bottom": "{who} takes the bottom-row action, or skips it.",
    "upgrade": "{who} moves a technology cube onto a bottom-row cost (Upgrade).",
    "deploy": "{who} deploys a mech onto a territory with a worker.",
    "build": "{who} builds a structure on a territory with a worker.",
    "enlist": "{who} enlists a recruit.",
    "combat_order": "{who} chooses which combat to fight first.",
    "artillery": "{who} may use Artillery{where}: pay 1 power, the opponent loses 2.",
    "commit": "{who} must secretly set the power dial and combat cards for the combat"
              "{where}.",
    "retreat": "{who} chooses where the units defeated{where} retreat.",
    "encounter": "{who} chooses an option of the encounter card{card}{where}.",
    "take": "{who} chooses which resources to take.",
    "factory_pick": "{who} keeps one Factory card.",
    "end": "{who} may reveal an objective, or ends the turn.",
}


def _prompt(state: State, waiting: list[int]) -> dict[str, Any] | None:
    """The decision on top of the stack: its kind, who still owes it, and a sentence."""
    frame = top_frame(state)
    if frame is None or not waiting:
        return None
    return {"kind": frame["kind"], "seats": waiting,
            "text": prompt_text(state, frame, waiting)}


def prompt_text(state: State, frame: dict, seats: list[int]) -> str:
    """The decision in words, players named `Seat N (Faction)` as in events."""
    who = " and ".join(seat_name(state, s) for s in seats)
    template = PROMPTS.get(frame["kind"], "{who} decides (" + frame["kind"] + ").")
    held = any(state["players"][s]["factory_card"] for s in seats)
    card = f" “{cards.encounter(frame['card']).title}”" if frame["kind"] == "encounter" else ""
    return template.format(
        who=who, factory=" or the Factory card" if held else "", card=card,
        unit=frame.get("unit", "the unit"), reason=frame.get("reason", "the action"),
        where=f" on {frame['territory']}" if frame.get("territory") else "")


# -- text --------------------------------------------------------------------------------------
def summary(v: dict) -> str:
    """The view as text: turn, who acts and what for, each player in turn order, the final
    breakdown when the game is over."""
    if v["active"] is not None:
        head = f"Scythe — turn {v['turn_number']}, {_who(v, v['active'])} to play"
    else:
        head = "Scythe — game over" if v["end"] is not None else "Scythe — the draft"
    lines = [head]
    if v["prompt"]:
        lines.append(v["prompt"]["text"])
    lines.append(f"Structure bonus tile: {v['bonus_tile'].replace('_', ' ')}; encounter "
                 f"tokens left {len(v['encounters'])}; combat deck {v['decks']['combat']}")
    for seat in v["order"] or range(len(v["players"])):
        lines += _player_lines(v, v["players"][seat])
    if v["score"]:
        lines += _score_lines(v)
    return "\n".join(lines)


def _who(v: dict, seat: int) -> str:
    faction = v["players"][seat]["faction"]
    return f"Seat {seat} ({v['faction_names'][faction]})" if faction else f"Seat {seat}"


def _player_lines(v: dict, p: dict) -> list[str]:
    if not p["faction"]:
        return [f"{_who(v, p['seat'])}: still to pick a faction and a player mat"]
    if not p["units"]:
        return [f"{_who(v, p['seat'])}, {v['mat_names'][p['mat']]}: picked; the pieces go "
                "on the board after the last pick"]
    units = p["units"]
    coins = "?" if p["coins"] is None else p["coins"]
    mechs = sum(1 for u, where in units.items() if u.startswith("mech:") and where != MAT)
    workers = sum(1 for u, where in units.items() if u.startswith("worker:") and where != MAT)
    lines = [
        f"{_who(v, p['seat'])}, {v['mat_names'][p['mat']]}: power {p['power']}, popularity "
        f"{p['popularity']}, coins {coins}, stars {sum(p['stars'].values())}, combat cards "
        f"{p['card_count']}, objectives {p['objective_count']}",
        f"  character on {units[rules.CHARACTER]}; mechs deployed {mechs}; workers on the "
        f"board {workers}; structures {len(p['structures_built'])}; recruits "
        f"{len(p['recruits'])}; upgrades {_upgrades_done(p)}"
        + (f"; Factory card {v['card_names'][p['factory_card']]}" if p["factory_card"] else ""),
    ]
    if p["stars"]:
        lines.append("  stars: " + ", ".join(f"{k} x{n}" if n > 1 else k
                                             for k, n in p["stars"].items()))
    if p["objectives_done"]:
        lines.append("  objectives revealed: "
                     + ", ".join(v["card_names"][o] for o in p["objectives_done"]))
    if "cards" in p:
        lines.append("  your combat cards: "
                     + (", ".join(str(c["value"]) for c in p["cards"]) or "none"))
        lines.append("  your objectives: "
                     + (", ".join(o["name"] for o in p["objectives"]) or "none"))
    return lines


def _upgrades_done(p: dict) -> int:
    """Upgrades done: one per technology cube that has left its top-row box (S6.5)."""
    return len(rules.TOP_BOXES) - len(p["cubes"])


def _score_lines(v: dict) -> list[str]:
    score = v["score"]
    lines = ["Final score" + (f" ({score['reason']})" if score.get("reason") else "") + ":"]
    for s in score["scores"]:
        parts = ", ".join(f"{k.replace('_', ' ')} {n}" for k, n in s["categories"].items())
        won = " — winner" if s["seat"] in score["winners"] else ""
        lines.append(f"  {_who(v, s['seat'])}: {s['total']} coins ({parts}){won}")
    return lines

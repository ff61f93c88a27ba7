"""`view(state, seat)` per docs/scythe-engine.md ("The view"), the only way the state leaves
the engine, and `summary(view)`, the same view as text for the terminal and `/game status`.

What is hidden (S13.15, S21.1): combat-card hands, objective cards, deck order, power-dial and
card commitments, the Factory cards seen during a pickup and, with `coins_visible` off, other
players' coins and the amount of a coin offer between two others (S20.4). Each of those is
decided here, once, so no other module has to remember them; everything else on the table is
public and is passed through as it is."""

from __future__ import annotations

import copy
from typing import Any

from games.core.messages import Msg, Term, msg, said_of
from games.scythe import bottom, cards, control, flow, payment, rules, scoring, top
from games.scythe import words as w
from games.scythe.state import MAT, State, card_value, frame_seats, seat_name
from games.scythe.state import top as top_frame

# Frames holding secrets: a commit keeps the dials and cards until both seats are in (only
# who has committed is public); a pickup shows the Factory space to its picker alone.
COMMIT = "commit"
FACTORY_PICK = "factory_pick"
ANSWER = "answer"  # a coin offer's amount, for the two parties only when coins are hidden
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
    if kind == ANSWER and not _coins_visible(state) and viewer not in (frame["seat"],
                                                                         frame["giver"]):
        return {k: copy.deepcopy(v) for k, v in frame.items() if k != "coins"}
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
    "count": "{who} chooses how many of the encounter's gain to take.",
    "offer": "{who} prepares a coin offer.",
    "answer": "{who} accepts or refuses a coin offer.",
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
# What the summary says while a seat owes a decision: `scythe.status.<kind>` (else `other`).
STATUS_KINDS = frozenset(PROMPTS) | {"section"}


def summary(v: dict) -> list[Msg]:
    """The view as lines: turn, who acts and what for, each player in turn order, the final
    breakdown when the game is over."""
    if v["active"] is not None:
        lines = [msg("scythe.status.head", turn=v["turn_number"], who=_who(v, v["active"]))]
    else:
        lines = [msg("scythe.status.over" if v["end"] is not None else "scythe.status.draft")]
    if v["prompt"]:
        lines.append(_waiting(v))
    lines.append(msg("scythe.status.table", tile=w.bonus_tile(v["bonus_tile"]),
                     tokens=len(v["encounters"]), deck=v["decks"]["combat"]))
    for seat in v["order"] or range(len(v["players"])):
        lines += _player_lines(v, v["players"][seat])
    if v["score"]:
        lines += _score_lines(v)
    return lines


def _who(v: dict, seat: int) -> Msg:
    faction = v["players"][seat]["faction"]
    if not faction:
        return msg("scythe.status.seat", who=w.who(seat))
    return msg("scythe.status.who", who=w.who(seat), faction=w.faction(faction))


def _waiting(v: dict) -> Msg:
    """The decision on top of the stack, for everyone: who owes it, and what it is."""
    prompt, frame = v["prompt"], v["stack"][-1]
    kind = prompt["kind"]
    who = tuple(_who(v, s) for s in prompt["seats"])
    params: dict[str, Any] = {"who": who}
    if kind == "encounter" and "card" in frame:
        params["card"] = w.encounter(frame["card"])
    if kind == "step" and "unit" in frame:
        params["unit"] = w.unit(frame["unit"])
    if kind == "pay" and "reason" in frame:
        params["reason"] = payment.reason_name(frame["reason"])
    if kind in ("artillery", "commit", "retreat") and frame.get("territory"):
        params["place"] = w.place(frame["territory"])
    if kind == "section":
        held = any(v["players"][s]["factory_card"] for s in prompt["seats"])
        return msg("scythe.status.section_factory" if held else "scythe.status.section",
                   who=who)
    if kind == "encounter" and "card" not in params:
        return msg("scythe.status.other", who=who)
    name = "draft_pick" if kind == "draft" else kind
    return msg(f"scythe.status.{name}" if kind in STATUS_KINDS else "scythe.status.other",
               **params)


def _player_lines(v: dict, p: dict) -> list[Msg]:
    who = _who(v, p["seat"])
    if not p["faction"]:
        return [msg("scythe.status.unpicked", who=who)]
    if not p["units"]:
        return [msg("scythe.status.picked", who=who, mat=w.mat(p["mat"]))]
    units = p["units"]
    coins = "?" if p["coins"] is None else p["coins"]
    mechs = sum(1 for u, where in units.items() if u.startswith("mech:") and where != MAT)
    workers = sum(1 for u, where in units.items() if u.startswith("worker:") and where != MAT)
    counts = {"mechs": mechs, "workers": workers, "structures": len(p["structures_built"]),
              "recruits": len(p["recruits"]), "upgrades": _upgrades_done(p)}
    lines = [
        msg("scythe.status.player", who=who, mat=w.mat(p["mat"]), power=p["power"],
            popularity=p["popularity"], coins=coins, stars=sum(p["stars"].values()),
            cards=p["card_count"], objectives=p["objective_count"]),
        msg("scythe.status.units_factory", place=w.place(units[rules.CHARACTER]),
            card=w.factory_card(p["factory_card"]), **counts) if p["factory_card"] else
        msg("scythe.status.units", place=w.place(units[rules.CHARACTER]), **counts),
    ]
    if p["stars"]:
        lines.append(msg("scythe.status.stars", stars=tuple(
            msg("scythe.status.star", star=w.star(k), count=n) for k, n in p["stars"].items())))
    if p["objectives_done"]:
        lines.append(msg("scythe.status.revealed", objectives=tuple(
            w.objective(o) for o in p["objectives_done"])))
    if "cards" in p:
        values = tuple(c["value"] for c in p["cards"])
        lines.append(msg("scythe.status.your_cards", values=values or msg("scythe.nothing")))
        names = tuple(w.objective(o["id"]) for o in p["objectives"])
        lines.append(msg("scythe.status.your_objectives",
                         objectives=names or msg("scythe.nothing")))
    return lines


def _upgrades_done(p: dict) -> int:
    """Upgrades done: one per technology cube that has left its top-row box (S6.5)."""
    return len(rules.TOP_BOXES) - len(p["cubes"])


def _score_lines(v: dict) -> list[Msg]:
    score = v["score"]
    reason = said_of(score["reason"]) if score.get("reason") else None
    lines = [msg("scythe.status.final", reason=reason) if reason is not None
             else msg("scythe.status.final_plain")]
    for s in score["scores"]:
        parts = tuple(msg("scythe.status.category", name=Term(f"scythe.score.{k}"), value=n)
                      for k, n in s["categories"].items())
        key = "scythe.status.score_winner" if s["seat"] in score["winners"] else \
            "scythe.status.score"
        lines.append(msg(key, who=_who(v, s["seat"]), total=s["total"], parts=parts))
    return lines

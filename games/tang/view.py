"""What each seat may see (spec T9, T10.4), the summary in words, and the prompts."""

from __future__ import annotations

from typing import Any

from games.core.flow import Step, step_view, top
from games.core.flow import phase as flow_phase
from games.core.messages import Msg, Seat, msg
from games.tang.battle import public_record
from games.tang.model import (
    State,
    card_term,
    char_term,
    city_term,
    color_term,
    data_of,
    grain_hidden,
    nation_term,
    present,
)
from games.tang.public import public_block
from games.tang.scoring import own_scores, result_of


def view_of(state: State, seat: int | None) -> dict[str, Any]:
    over = state.get("over") is not None and flow_phase(state) is None
    hidden_grain = grain_hidden(state)
    data = data_of(state)
    players = []
    scores = own_scores(state)
    for s, p in enumerate(state["players"]):
        mine = seat == s
        shown: dict[str, Any] = {
            "seat": s, "rep": p["rep"],
            "nation": None if p["rep"] is None else data.characters[p["rep"]]["nationality"],
            "color": p["color"], "capital": p["capital"], "minsheng": p["minsheng"],
            "hand_count": len(p["hand"]), "pile_count": len(p["pile"]),
            "uses": dict(p["uses"]), "captured": p["captured"], "raised": p["raised"],
            "attacked": p["attacked"], "extra_bought": p["extra_bought"], "score": scores[s],
        }
        if not hidden_grain or mine or over:
            shown["grain"] = p["grain"]
        if mine:
            shown.update(hand=sorted(p["hand"]), pile=sorted(p["pile"]), dealt=list(p["dealt"]),
                         knowledge=list(p["knowledge"]))
        elif over:
            shown["pile"] = sorted(p["pile"])
        players.append(shown)
    cities = {cid: {"controller": c["controller"], "last": c["last"], "armies": dict(c["armies"]),
                    "generals": dict(c["generals"]),
                    "besieged": c["controller"] is None and len(present(state, cid)) >= 2}
              for cid, c in state["cities"].items()}
    battle = state.get("battle")
    return {
        "game": "tang", "round": state["round"], "phase": flow_phase(state) or "over",
        "first": state["first"], "camp_rule": state["camp_rule"], "seat": seat,
        "players": players, "cities": cities,
        "decks": {"characters": len(state["char_deck"]), "jinnang": len(state["jn_deck"])},
        "discard": list(state["discard"]), "in_play": list(state["in_play"]),
        "removed": list(state["removed"]), "truces": [list(t) for t in state["truces"]],
        "turn": state["turn"], "act": dict(state["act"]),
        "battle": None if battle is None else {**public_record(state),
                                                "a_armies": battle["a_armies"],
                                                "a_generals": list(battle["a_generals"]),
                                                "d_armies": battle["d_armies"]},
        "last_battle": state["last_battle"], "step": step_view(state, seat),
        "building": building(state, seat), "over": state.get("over"),
        "result": result_of(state).to_json() if over else None,
        "public": public_block(state, seat),
    }


def building(state: State, seat: int | None) -> dict[str, Any] | None:
    """What the seat has chosen so far in the decision it owes (an attack's target and
    musters, a supply step's points): its own choices, shown to it alone."""
    step = top(state)
    if seat is None or step is None or seat not in step["seats"]:
        return None
    return dict(step["data"])


def summary(view: dict[str, Any]) -> list[Msg]:
    lines: list[Msg] = [msg("tang.summary.round", round=view["round"],
                            phase=msg(f"tang.phase.{view['phase']}"))]
    for p in view["players"]:
        s = p["seat"]
        if p["rep"] is None:
            lines.append(msg("tang.summary.player_unknown", who=Seat(s)))
            continue
        cities = sum(1 for c in view["cities"].values() if c["controller"] == s)
        lines.append(msg("tang.summary.player", who=Seat(s), character=char_term(p["rep"]),
                         nation=nation_term(p["nation"]),
                         color=color_term(p["color"]) if p["color"] else "",
                         cities=cities, grain=p.get("grain", "?"), minsheng=p["minsheng"],
                         hand=p["hand_count"], pile=p["pile_count"]))
        if "hand" in p:
            lines.append(msg("tang.summary.hand", cards=tuple(card_term(c) for c in p["hand"])
                             or "-"))
            lines.append(msg("tang.summary.pile", characters=tuple(char_term(c)
                                                                  for c in p["pile"]) or "-"))
        if p.get("capital"):
            lines.append(msg("tang.summary.capital", who=Seat(s),
                             city=city_term(p["capital"])))
    for cid, c in view["cities"].items():
        if c["besieged"]:
            lines.append(msg("tang.summary.siege", city=city_term(cid),
                             players=tuple(Seat(int(k)) for k in sorted(c["armies"]))))
    return lines


STAGES = {
    "supply": ("tax", "deploy", "buy", "place", "count"),
    "attack": ("side", "muster", "via", "count", "generals"),
    "transfer": ("to", "count", "generals"),
    "retreat": ("main", "move", "disband"),
    "fall": ("designate", "send", "send_count", "send_generals", "move", "move_count",
             "move_generals"),
    "bwin": ("main", "rally"),
}


def prompt_of(step: Step) -> Msg:
    """What the step on top asks, never naming an internal step."""
    data = step["data"]
    rule = step["rule"]
    if rule == "wstep":
        return msg("tang.prompt.window", window=msg(f"tang.window.{data['window']}"))
    if rule == "respond":
        return msg("tang.prompt.respond", card=card_term(data["card"]), who=Seat(data["user"]))
    if rule in STAGES:
        return msg(f"tang.prompt.{rule}.{data.get('stage', 'main')}")
    return msg(f"tang.prompt.{rule}")

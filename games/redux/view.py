"""`view(state, seat)` exactly per docs/redux-engine.md, the only way state leaves the engine,
and `summary(view)`, the same view as readable text for the terminal and /game status.

Hidden information (hands, drawn and picked-but-unrevealed generals, deck order, a placement
still being built) appears only in its owner's view; the public view has counts."""

from __future__ import annotations

from typing import Any

from games.redux import bids
from games.redux.rules import ACTIONS, OFFICES
from games.redux.state import State, action_name, general_name, nation_name, pack, status


def view(state: State, seat: int | None, to_act: set[int], result: dict | None) -> dict:
    data = pack(state)
    return {
        "game": "redux", "round": state["round"], "step": state["step"],
        "to_act": sorted(to_act), "viewer": seat, "pack": dict(state["pack"]),
        "options": dict(state["options"]), "criterion": dict(state["criterion"]),
        "bid_order": list(state["bid_order"]), "action_order": list(state["action_order"]),
        "alliance": _alliance(state), "emperor_holder": state["emperor_holder"],
        "turn": state["turn"], "actor": state["actor"],
        "actions": [_action(state, a) for a in ACTIONS],
        "regions": [_region(state, r) for r in data.regions],
        "decks": {deck: len(cards) for deck, cards in state["decks"].items()},
        "supply": dict(state["supply"]),
        "players": [_player(state, p, seat) for p in state["players"]],
        "draft": _copy(state["draft"]) if state["draft"] and state["draft"]["seat"] == seat
        else None,
        "doing": _copy(state["doing"]),
        "result": result,
    }


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def _alliance(state: State) -> dict:
    order = state["action_order"] or state["bid_order"]
    return {"action": state["alliance"]["action"], "previous": state["alliance"]["previous"],
            "allies": bids.allies(state), "chooser": order[2]}


def _action(state: State, action: str) -> dict:
    flipped = state["flipped"]
    shown = None
    if action == "emperor" and flipped:
        shown = {**flipped, "general_name": general_name(state, flipped["general"])}
    return {
        "id": action, "name": action_name(action), "kind": ACTIONS[action][2],
        "criterion": bids.criterion(state, action),
        "bids": [_bid(state, b) for b in bids.placements(state, action)],
        "totals": {side: value for side, (value, _) in bids.totals(state, action).items()},
        "leading": bids.leading(state, action),
        "winners": list(state["winners"].get(action, [])),
        "flipped": shown,
    }


def _bid(state: State, placement: dict) -> dict:
    return {"seq": placement["seq"], "seat": placement["seat"],
            "general": placement["general"],
            "general_name": general_name(state, placement["general"]),
            "value": bids.bid_value(state, placement), "units": _copy(placement["units"]),
            "gold": placement["gold"], "support": placement["support"],
            "emperor": placement["emperor"], "bonus": placement["bonus"]}


def _region(state: State, region: str) -> dict:
    entry = pack(state).regions[region]
    occupant = None
    for p in state["players"]:
        for o in p["occupations"]:
            if o["region"] == region:
                occupant = {"seat": p["seat"], "general": o["general"],
                            "general_name": general_name(state, o["general"]),
                            "unit": o["unit"], "count": o["count"]}
    return {"id": region, "name": entry["name"]["en"], "border": entry["border"],
            "unit": entry["unit"], "occupant": occupant}


def general_view(state: State, gid: str) -> dict:
    g = pack(state).generals[gid]
    return {"id": gid, "name": g["name"]["en"], "admin": g["admin"], "combat": g["combat"],
            "leadership": g["leadership"], "officer": g["officer"],
            "specialties": list(g["specialties"]), "text": g["text"], "ruler": g["ruler"]}


def card_view(state: State, cid: str) -> dict:
    c = pack(state).cards[cid]
    return {"id": cid, "deck": c["deck"], "name": c["name"]["en"], "cost": dict(c["cost"]),
            "requires": [dict(r) for r in c["requires"]], "vp": c["vp"], "text": c["text"]}


def _player(state: State, p: dict, viewer: int | None) -> dict:
    seat = p["seat"]
    out = {
        "seat": seat, "nation": p["nation"], "nation_name": nation_name(p["nation"]),
        "gold": p["gold"], "rice": p["rice"], "support": p["support"],
        "armies": dict(p["armies"]), "weapons": dict(p["weapons"]),
        "farm": dict(p["farm"]), "market": dict(p["market"]),
        "granary": _copy(p["granary"]), "treasury": _copy(p["treasury"]),
        "tribal": p["tribal"], "military": p["military"], "office": p["office"],
        "office_name": OFFICES[p["office"]][1], "deficits": p["deficits"],
        "hand_count": len(p["hand"]), "built": [card_view(state, c) for c in p["built"]],
        "generals": [{**general_view(state, g), "status": status(state, seat, g)}
                     for g in p["generals"]],
        "hidden_count": len(p["hidden"]), "deck_count": len(p["general_deck"]),
        "passed": p["passed"], "emperor_used": p["emperor_used"],
        "successes": state["successes"][seat], "occupations": _copy(p["occupations"]),
        "stocks": dict(p["stocks"]),
    }
    if viewer == seat:
        out.update(hand=[card_view(state, c) for c in p["hand"]],
                   drawn=[general_view(state, g) for g in p["drawn"]], picking=p["picking"],
                   hidden=[general_view(state, g) for g in p["hidden"]])
    return out


# -- text ---------------------------------------------------------------------------------------
def summary(v: dict) -> str:
    """The view as text: round and step, tracks, the bids on the board, then each player."""
    lines = [f"Three Kingdoms Redux — round {v['round']}, {_step_words(v)}",
             f"Data pack: {v['pack']['name']} ({v['pack']['hash']})",
             "Criterion: Manipulate Han Emperor " + v["criterion"]["emperor"]
             + ", Gain Support " + v["criterion"]["support"],
             "Bid order: " + ", ".join(_nation(v, s) for s in v["bid_order"])]
    if v["action_order"]:
        lines.append("Action order: " + ", ".join(_nation(v, s) for s in v["action_order"]))
    alliance = v["alliance"]
    allies = " + ".join(_nation(v, s) for s in alliance["allies"])
    chosen = action_name(alliance["action"]) if alliance["action"] else "not chosen yet"
    lines.append(f"Alliance: {allies} on {chosen}")
    holder = v["emperor_holder"]
    lines.append("Han Emperor token: "
                 + (_nation(v, holder) if holder is not None else "general supply"))
    lines += _bid_lines(v)
    for p in v["players"]:
        lines += _player_lines(v, p)
    if v["draft"]:
        lines.append(_draft_line(v))
    if v["result"]:
        lines.append("Result: " + ", ".join(f"{_nation(v, s['seat'])} {s['total']} VP"
                                            for s in v["result"]["scores"]))
    return "\n".join(lines)


def _draft_line(v: dict) -> str:
    draft = v["draft"]
    me = v["players"][draft["seat"]]
    name = next(g["name"] for g in me["generals"] if g["id"] == draft["general"])
    where = f" on {action_name(draft['action'])}" if draft["action"] else ""
    return f"You are placing {name}{where} (next: {draft['stage']})."


def _step_words(v: dict) -> str:
    if v["step"] == "bid" and v["turn"] is not None:
        return f"bidding, {_nation(v, v['turn'])} to place"
    if v["actor"] is not None and v["step"] in ("resolve", "benefits", "reward"):
        return f"{v['step']}, {_nation(v, v['actor'])} acting"
    return v["step"]


def _nation(v: dict, seat: int) -> str:
    return f"Seat {seat} ({v['players'][seat]['nation'].capitalize()})"


def _bid_lines(v: dict) -> list[str]:
    lines = []
    for action in v["actions"]:
        if not action["bids"] and not action["flipped"]:
            continue
        parts = [f"{_nation(v, b['seat'])} {b['general_name']} {b['value']}"
                 for b in action["bids"]]
        if action["flipped"]:
            parts.append(f"{action['flipped']['general_name']} (flipped)")
        won = action["winners"] or action["leading"]
        tag = "won by" if action["winners"] else "leading"
        lead = f" — {tag} " + ", ".join(_nation(v, s) for s in won) if won else ""
        lines.append(f"  {action['name']}: " + "; ".join(parts) + lead)
    return (["Bids:"] + lines) if lines else []


def _player_lines(v: dict, p: dict) -> list[str]:
    w = p["weapons"]
    lines = [
        f"{_nation(v, p['seat'])} {p['nation_name']}: gold {p['gold']}, rice {p['rice']}, "
        f"support {p['support']}, armies {p['armies']['untrained']} untrained / "
        f"{p['armies']['trained']} trained, spears {w['spear']}, horses {w['horse']}, "
        f"crossbows {w['crossbow']}, ships {w['ship']}",
        f"  farm {p['farm']['level']} ({p['farm']['developed']} developed), market "
        f"{p['market']['level']} ({p['market']['developed']} developed), tribal "
        f"{p['tribal']}, military {p['military']}, office {p['office_name']}, deficits "
        f"{p['deficits']}, successes {p['successes']}"
        + (", passed" if p["passed"] else ""),
        "  generals: " + ", ".join(f"{g['name']} ({g['admin']}/{g['combat']}/"
                                   f"{g['leadership']}, {g['status']})"
                                   for g in p["generals"]),
        f"  cards in hand {p['hand_count']}, general deck {p['deck_count']}"
        + (f", {p['hidden_count']} picked in secret" if p["hidden_count"] else "")
        + ("; built: " + ", ".join(c["name"] for c in p["built"]) if p["built"] else ""),
    ]
    if "hand" in p:
        lines.append("  your hand: " + (", ".join(c["name"] for c in p["hand"]) or "empty"))
        if p["picking"]:
            lines.append(f"  pick {p['picking']} of: "
                         + ", ".join(g["name"] for g in p["drawn"]))
        if p["hidden"]:
            lines.append("  your secret picks: " + ", ".join(g["name"] for g in p["hidden"]))
    return lines

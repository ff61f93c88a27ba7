"""`view(state, seat)` exactly per docs/redux-engine.md, the only way state leaves the engine,
and `summary(view)`, the same view as readable text for the terminal and /game status.

Hidden information (hands, drawn and picked-but-unrevealed generals, deck order, a placement
still being built) appears only in its owner's view; the public view has counts."""

from __future__ import annotations

from typing import Any

from games.core.messages import Msg, Param, Seat, Term, msg
from games.redux import bids
from games.redux.rules import ACTIONS, OFFICES
from games.redux.state import (
    State,
    action_name,
    action_term,
    general_name,
    nation_name,
    nation_term,
    pack,
    status,
)


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
        "draft": copied(state["draft"]) if state["draft"] and state["draft"]["seat"] == seat
        else None,
        "doing": copied(state["doing"]),
        "public": _public(state),
        "result": result,
    }


def _public(state: State) -> dict:
    """Public facts the rules read that the rest of the view does not show (what a sampler
    needs to rebuild the state, docs/engine-core.md "Sampling"): the round's bookkeeping and,
    per player, what it did this round and how many generals it drew for a pick (the draw's
    size and the pick's count are announced, R7.1.2; the generals themselves stay hidden)."""
    return {
        "seq": state["seq"], "winners": copied(state["winners"]), "todo": copied(state["todo"]),
        "manipulate_winner": state["manipulate_winner"], "end": copied(state["end"]),
        "players": [{"performed": list(p["performed"]), "placed": list(p["placed"]),
                     "recruited_round": dict(p["recruited_round"]),
                     "tribal_done": p["tribal_done"], "reward_taken": p["reward_taken"],
                     "benefits": copied(p["benefits"]), "drawn_count": len(p["drawn"]),
                     "picking": p["picking"]} for p in state["players"]],
    }


def copied(value: Any) -> Any:
    """A JSON value with its dicts and lists made anew, so a view (or a sample built from
    one) never shares a list with the state it came from."""
    if isinstance(value, dict):
        return {k: copied(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copied(v) for v in value]
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
            "value": bids.bid_value(state, placement), "units": copied(placement["units"]),
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
        "granary": copied(p["granary"]), "treasury": copied(p["treasury"]),
        "tribal": p["tribal"], "military": p["military"], "office": p["office"],
        "office_name": OFFICES[p["office"]][1], "deficits": p["deficits"],
        "hand_count": len(p["hand"]), "built": [card_view(state, c) for c in p["built"]],
        "generals": [{**general_view(state, g), "status": status(state, seat, g)}
                     for g in p["generals"]],
        "hidden_count": len(p["hidden"]), "deck_count": len(p["general_deck"]),
        "passed": p["passed"], "emperor_used": p["emperor_used"],
        "successes": state["successes"][seat], "occupations": copied(p["occupations"]),
        "stocks": dict(p["stocks"]),
    }
    if viewer == seat:
        out.update(hand=[card_view(state, c) for c in p["hand"]],
                   drawn=[general_view(state, g) for g in p["drawn"]], picking=p["picking"],
                   hidden=[general_view(state, g) for g in p["hidden"]])
    return out


# -- text ---------------------------------------------------------------------------------------
def summary(v: dict) -> list[Msg]:
    """The view as lines: round and step, tracks, the bids on the board, then each player."""
    designed = v["options"].get("pack") is None
    lines = [msg("redux.summary.head", round=v["round"], step=_step_words(v)),
             msg("redux.summary.pack", pack=msg("redux.log.designed_pack") if designed
                 else msg("redux.log.uploaded_pack", name=v["pack"]["name"]),
                 hash=v["pack"]["hash"]),
             msg("redux.summary.criteria",
                 emperor=Term(f"redux.criterion.{v['criterion']['emperor']}"),
                 support=Term(f"redux.criterion.{v['criterion']['support']}")),
             msg("redux.summary.bid_order", order=[_nation(v, s) for s in v["bid_order"]])]
    if v["action_order"]:
        lines.append(msg("redux.summary.action_order",
                         order=[_nation(v, s) for s in v["action_order"]]))
    alliance = v["alliance"]
    allies = [_nation(v, s) for s in alliance["allies"]]
    lines.append(msg("redux.summary.alliance", allies=allies,
                     action=action_term(alliance["action"])) if alliance["action"]
                 else msg("redux.summary.alliance_open", allies=allies))
    holder = v["emperor_holder"]
    lines.append(msg("redux.summary.emperor", who=_nation(v, holder)) if holder is not None
                 else msg("redux.summary.emperor_supply"))
    lines += _bid_lines(v)
    for p in v["players"]:
        lines += _player_lines(v, p)
    if v["draft"]:
        lines.append(_draft_line(v))
    if v["result"]:
        lines.append(msg("redux.summary.result", scores=[
            msg("redux.log.final_score", who=_nation(v, s["seat"]), total=s["total"])
            for s in v["result"]["scores"]]))
    return lines


def _named(v: dict, kind: str, entry: dict) -> Param:
    """A general's or card's name: the catalog's for the designed pack, else the pack's own."""
    if v["options"].get("pack") is None:
        return Term(f"redux.{kind}.{entry['id']}")
    return str(entry["name"])


def _draft_line(v: dict) -> Msg:
    draft = v["draft"]
    me = v["players"][draft["seat"]]
    general = _named(v, "general", next(g for g in me["generals"]
                                         if g["id"] == draft["general"]))
    if draft["action"]:
        return msg("redux.summary.draft_on", general=general, action=action_term(draft["action"]))
    return msg("redux.summary.draft", general=general)


def _step_words(v: dict) -> Msg:
    if v["step"] == "bid" and v["turn"] is not None:
        return msg("redux.summary.step_bidding", who=_nation(v, v["turn"]))
    if v["actor"] is not None and v["step"] in ("resolve", "benefits", "reward"):
        return msg(f"redux.summary.step_{v['step']}_by", who=_nation(v, v["actor"]))
    return msg(f"redux.summary.step_{v['step']}")


def _nation(v: dict, seat: int) -> Msg:
    return msg("redux.who_nation", who=Seat(seat),
               nation=nation_term(v["players"][seat]["nation"]))


def _bid_lines(v: dict) -> list[Msg]:
    lines = []
    for action in v["actions"]:
        if not action["bids"] and not action["flipped"]:
            continue
        parts = [msg("redux.summary.bid", who=Seat(b["seat"]), value=b["value"],
                     general=_named(v, "general", {"id": b["general"],
                                                   "name": b["general_name"]}))
                 for b in action["bids"]]
        if action["flipped"]:
            flipped = action["flipped"]
            parts.append(msg("redux.summary.flipped", general=_named(
                v, "general", {"id": flipped["general"], "name": flipped["general_name"]})))
        said: dict[str, Param] = {"action": action_term(action["id"]), "bids": parts}
        if action["winners"]:
            lines.append(msg("redux.summary.bid_won", **said,
                             who=[Seat(s) for s in action["winners"]]))
        elif action["leading"]:
            lines.append(msg("redux.summary.bid_leading", **said,
                             who=[Seat(s) for s in action["leading"]]))
        else:
            lines.append(msg("redux.summary.bid_line", **said))
    return ([msg("redux.summary.bids")] + lines) if lines else []


def _player_lines(v: dict, p: dict) -> list[Msg]:
    w, armies = p["weapons"], p["armies"]
    lines = [
        msg("redux.summary.player", who=_nation(v, p["seat"]), gold=p["gold"], rice=p["rice"],
            support=p["support"], untrained=armies["untrained"], trained=armies["trained"],
            spear=w["spear"], horse=w["horse"], crossbow=w["crossbow"], ship=w["ship"]),
        msg("redux.summary.tracks_passed" if p["passed"] else "redux.summary.tracks",
            farm=p["farm"]["level"], farm_ready=p["farm"]["developed"],
            market=p["market"]["level"], market_ready=p["market"]["developed"],
            tribal=p["tribal"], military=p["military"],
            office=Term(f"redux.office.{OFFICES[p['office']][0]}"), deficits=p["deficits"],
            successes=p["successes"]),
        msg("redux.summary.generals", generals=[
            msg("redux.summary.general", general=_named(v, "general", g), admin=g["admin"],
                combat=g["combat"], leadership=g["leadership"],
                status=msg(f"redux.status.{g['status']}")) for g in p["generals"]]),
        msg("redux.summary.cards", hand=p["hand_count"], deck=p["deck_count"],
            hidden=p["hidden_count"]),
    ]
    if p["built"]:
        lines.append(msg("redux.summary.built", cards=[_named(v, "card", c) for c in p["built"]]))
    if "hand" in p:
        lines.append(msg("redux.summary.hand", cards=[_named(v, "card", c) for c in p["hand"]])
                     if p["hand"] else msg("redux.summary.hand_empty"))
        if p["picking"]:
            lines.append(msg("redux.summary.pick", count=p["picking"],
                             generals=[_named(v, "general", g) for g in p["drawn"]]))
        if p["hidden"]:
            lines.append(msg("redux.summary.secret_picks",
                             generals=[_named(v, "general", g) for g in p["hidden"]]))
        lines += _ability_lines(v, p)
    return lines


def _ability_lines(v: dict, p: dict) -> list[Msg]:
    """What the viewer's own generals and cards do (their generals, the ones drawn or picked
    in secret, built cards, the hand), so a player deciding on them reads their texts."""
    things = [("general", g) for g in (*p["generals"], *p["drawn"], *p["hidden"])]
    things += [("card", c) for c in (*p["built"], *p["hand"])]
    lines = [msg("redux.summary.ability", name=_named(v, kind, entry),
                 text=_text(v, kind, entry)) for kind, entry in things]
    return ([msg("redux.summary.abilities")] + lines) if lines else []


def _text(v: dict, kind: str, entry: dict) -> Param:
    """A general's or card's text: the catalog's for the designed pack (in the reader's
    language), else the uploaded pack's own, as it prints it."""
    if v["options"].get("pack") is None:
        return Term(f"redux.{kind}.{entry['id']}.text")
    return str(entry["text"])

"""What a seat may see (docs/record-view.md), and a plain-text summary of such a view. This
is the only way hidden data leaves the engine, so every face-down thing is decided here."""

from __future__ import annotations

from typing import Any

from games.core.messages import Param, Said, Seat, Term, msg
from games.record import scoring
from games.record.advisors import chooser
from games.record.data import (
    CARDS,
    DATA,
    RULES,
    advisor_info,
    card_info,
    kind_of,
    lord_info,
    target_cities,
    term,
)
from games.record.setup import lord_picker
from games.record.state import State, bonus_value, deck_names

HIDDEN = {"hidden": True}
CARD_FIELDS = {
    "general": ("force", "female"),
    "city": ("size", "cost", "walls", "tax", "points"),
    "stratagem": ("type", "contest", "text_en"),
}


def card_view(card_id: str) -> dict:
    """A game card as the view schema describes it."""
    card, kind = CARDS[card_id], kind_of(card_id)
    out = {"id": card_id, "kind": kind, "zh": card["zh"], "en": card["en"]}
    out.update({f: card[f] for f in CARD_FIELDS[kind]})
    return out


def lord_view(state: State, seat: int, lord: str) -> dict:
    card = DATA.lords[lord]
    used = state["players"][seat]["lord_used"].get(lord, False)
    return {"id": lord, "zh": card["zh"], "en": card["en"], "ability_zh": card["ability_zh"],
            "ability_en": card["ability_en"], "once_per_game": card["once_per_game"],
            "used": used}


def advisor_view(advisor: str) -> dict:
    card = DATA.advisors[advisor]
    return {"id": advisor, "zh": card["zh"], "en": card["en"],
            "intelligence": card["intelligence"], "payout": card["payout"]}


def lords_revealed(state: State) -> bool:
    return state["phase"] not in ("lords", "draft")


def _player(state: State, p: dict, viewer: int | None) -> dict:
    own = viewer == p["seat"]
    if own or lords_revealed(state):
        lords = [lord_view(state, p["seat"], lord) for lord in p["lords"]]
    else:
        lords = [dict(HIDDEN) for _ in p["lords"]]
    advisor: dict | None = None
    if p["advisor"] and (own or p["advisor_up"]):
        advisor = {**advisor_view(p["advisor"]), "face_up": p["advisor_up"]}
    elif p["advisor"]:
        advisor = dict(HIDDEN)
    cities = [{"card": card_view(e["city"]),
               "defender": card_view(e["defender"]) if own or e["face_up"] else dict(HIDDEN),
               "face_up": e["face_up"], "built_round": e["built_round"],
               "gained_this_turn": e["gained"] == state["action_no"]} for e in p["cities"]]
    active = state["active"] == p["seat"] and state["turn"] is not None
    used = dict(state["turn"]["used"]) if active else {"build": False, "general": False,
                                                       "attack": False}
    out = {"seat": p["seat"], "lords": lords, "advisor": advisor, "coins": p["coins"],
           "hand_size": len(p["hand"]), "cities": cities, "bonus": p["bonus"], "used": used,
           "luoyang_used": active and state["turn"]["luoyang"],
           "city_count": len(p["cities"]),
           "points": sum(DATA.cities[e["city"]]["points"] for e in p["cities"]) + p["bonus"]}
    if own:
        out["hand"] = [card_view(c) for c in p["hand"]]
    return out


def finished_battle(state: State) -> dict | None:
    """The last finished attack as everyone may see it (Game.finished_battle)."""
    return _battle(state, state["last_battle"], None)


def _battle(state: State, battle: dict | None, viewer: int | None) -> dict | None:
    if battle is None:
        return None
    revealed = battle["revealed"]
    attacker, defender = battle["attacker"], battle["defender"]

    def shown(card: str | None, owner: int, public: bool) -> dict | None:
        if card is None:
            return None
        return card_view(card) if public or viewer == owner else dict(HIDDEN)

    entry_up = any(e["city"] == battle["city"] and e["face_up"]
                   for p in state["players"] for e in p["cities"])
    out = {
        "attacker": attacker, "defender": defender, "city": card_view(battle["city"]),
        "walls": battle["walls"], "expense": battle["expense"],
        "attacker_general": shown(battle["attacker_general"], attacker, revealed),
        "defender_general": shown(battle["defender_general"], defender, revealed or entry_up),
        "attack_stratagem": shown(battle["attack_stratagem"], attacker, revealed),
        "defence_stratagem": shown(battle["defence_stratagem"], defender, revealed),
        "contests": [dict(c) for c in battle["contests"]],
        "forces": battle["forces"], "force_steps": battle["force_steps"],
        "lanes": battle["lanes"], "outcome": battle["outcome"], "beheaded": battle["beheaded"],
        "committed": {side: battle["arranged"][side] is not None
                      for side in ("attacker", "defender")},
    }
    if battle["lanes"] is None and battle["top"] and viewer in (attacker, defender):
        side = "attacker" if viewer == attacker else "defender"
        out["my_cards"] = list(battle["top"][side])
        out["my_card_ids"] = [f"battle:{n}" for n in battle["top"][side]]
        if battle["arranged"][side]:
            out["my_arrangement"] = list(battle["arranged"][side])
    return out


def _pending(state: State, viewer: int | None) -> dict | None:
    """The sub-decision in progress, with only its public parts (and the seat's own)."""
    pending = state["pending"]
    if pending is None:
        return None
    out: dict[str, Any] = {"kind": pending["kind"], "seat": pending.get("seat")}
    if pending.get("card"):
        out["card"] = card_view(pending["card"])
    if pending.get("city"):
        out["city"] = card_view(pending["city"])
    if pending.get("revealed") is not None:
        out["revealed"] = [card_view(c) for c in pending["revealed"]]
    if pending["kind"] == "keep" and viewer == pending["seat"]:
        out["drawn"] = [card_view(c) for c in pending["cards"]]
    return out


def _own_choices(state: State, viewer: int | None) -> dict:
    out: dict[str, Any] = {}
    if viewer is None:
        return out
    if state["phase"] == "lords" and viewer == lord_picker(state):
        out["lord_choices"] = [lord_view(state, viewer, lord) for lord in state["lord_deck"]]
    if state["phase"] == "draft" and state["draft"]:
        out["draft_packet"] = [card_view(c) for c in state["draft"]["packets"][viewer]]
    selection = state["selection"]
    if selection and selection["drawn"] and chooser(state) == viewer:
        out["advisor_choices"] = [advisor_view(a) for a in selection["drawn"]]
    return out


def _decks(state: State) -> dict:
    names = deck_names(state)
    return {"game": len(state["decks"]["game"]) if "game" in names else None,
            "stratagem": len(state["decks"]["stratagem"]) if "stratagem" in names else None,
            "city_general": (len(state["decks"]["city_general"]) if "city_general" in names
                             else None),
            "discard": len(state["discard"]), "advisor": len(state["advisor_deck"]),
            "advisor_reserve": len(state["advisor_reserve"]),
            "battle": len(state["battle_deck"]), "lords": len(state["lord_deck"])}


def _result(state: State) -> dict[str, Any] | None:
    """Final scores, best first, so nothing downstream re-derives R20's ranking."""
    final = scoring.result(state)
    return final.to_json() if final else None


def view(state: State, viewer: int | None, to_act: set[int]) -> dict[str, Any]:
    n = len(state["players"])
    shown = RULES["discard_top_shown"]
    out = {
        "game": "record", "round": state["round"], "phase": state["phase"],
        "step": state["step"], "start_player": state["start_player"],
        "active": state["active"] if state["phase"] == "actions" else None,
        "to_act": sorted(to_act), "target": target_cities(n), "bonus_value": bonus_value(state),
        "end_triggered": state["end_triggered"], "end_reason": state["end_reason"],
        "first_to_target": state["first_to_target"], "options": dict(state["options"]),
        "decks": _decks(state),
        "discard_top": [card_view(c) for c in state["discard"][-shown:]],
        "players": [_player(state, p, viewer) for p in state["players"]],
        "battle": _battle(state, state["battle"], viewer),
        "last_battle": _battle(state, state["last_battle"], viewer),
        "viewer": viewer, "start_draws": [dict(d) for d in state["start_draws"]],
        "pending": _pending(state, viewer),
        "result": _result(state),
    }
    out.update(_own_choices(state, viewer))
    return out


# -- text --------------------------------------------------------------------------------------
FACE_DOWN = Term("record.summary.face_down")


def _name(card: dict) -> Param:
    """A card of the view by its name, or "face down"."""
    return FACE_DOWN if card.get("hidden") else term(card["id"])


def _card_line(card: dict) -> Param:
    return FACE_DOWN if card.get("hidden") else card_info(card["id"])


def _advisor(advisor: dict | None) -> Param:
    if advisor is None:
        return Term("record.summary.no_advisor")
    if advisor.get("hidden"):
        return FACE_DOWN
    shown = advisor_info(advisor["id"])
    return shown if advisor.get("face_up") else msg("record.summary.face_down_own", card=shown)


def _player_lines(p: dict, view: dict) -> list[Said]:
    lords = tuple(msg("record.summary.lord_used", lord=_name(lord)) if lord.get("used")
                  else _name(lord) for lord in p["lords"])
    marks = []
    if p["seat"] == view["start_player"]:
        marks.append(Term("record.summary.start_player"))
    if p["seat"] == view["active"]:
        marks.append(Term("record.summary.active"))
    if p["seat"] in view["to_act"]:
        marks.append(Term("record.summary.to_act"))
    counts = dict(who=Seat(p["seat"]), coins=p["coins"], cards=p["hand_size"],
                  points=p["points"])
    lines: list[Said] = [
        msg("record.summary.player_marked", marks=tuple(marks), **counts) if marks
        else msg("record.summary.player", **counts),
        msg("record.summary.lords", lords=lords or Term("record.summary.no_lord"),
            advisor=_advisor(p["advisor"]))]
    for city in p["cities"]:
        defender = city["defender"]
        where = dict(city=_name(city["card"]), points=city["card"]["points"])
        if defender.get("hidden"):
            lines.append(msg("record.summary.city_hidden", **where))
        else:
            lines.append(msg("record.summary.city_face_up" if city["face_up"]
                             else "record.summary.city", defender=_card_line(defender),
                             **where))
    if "hand" in p:
        lines.append(msg("record.summary.hand", cards=tuple(_card_line(c) for c in p["hand"]))
                     if p["hand"] else msg("record.summary.hand_empty"))
    return lines


ROLES = ("attacker_general", "defender_general", "attack_stratagem", "defence_stratagem")


def _battle_lines(battle: dict | None, last: bool) -> list[Said]:
    if battle is None:
        return []
    lines: list[Said] = [msg("record.summary.last_battle" if last else "record.summary.battle",
                             attacker=Seat(battle["attacker"]),
                             defender=Seat(battle["defender"]), city=_name(battle["city"]),
                             walls=battle["walls"])]
    for role in ROLES:
        if battle[role]:
            lines.append(msg("record.summary.role", role=Term(f"record.role.{role}"),
                             card=_name(battle[role])))
    if battle["force_steps"]:
        steps = battle["force_steps"]
        lines.append(msg("record.summary.forces",
                         attack=" → ".join(map(str, steps["attacker"])),
                         defence=" → ".join(map(str, steps["defender"]))))
    if battle.get("my_cards"):
        lines.append(msg("record.summary.my_cards", cards=tuple(battle["my_cards"])))
    for lane in battle["lanes"] or []:
        winner = lane["winner"] or "tie"
        lines.append(msg("record.summary.lane", position=Term(f"record.lane.{lane['position']}"),
                         attack=lane["attacker"], defence=lane["defender_value"],
                         winner=Term(f"record.side.{winner}")))
    if battle["outcome"]:
        outcome = Term(f"record.outcome.{battle['outcome']}")
        lines.append(msg("record.summary.outcome_beheaded", outcome=outcome,
                         side=Term(f"record.side.{battle['beheaded']}"))
                     if battle["beheaded"] else msg("record.summary.outcome", outcome=outcome))
    return lines


CHOICES = (("lord_choices", "record.summary.lord_choices"),
           ("draft_packet", "record.summary.draft_packet"),
           ("advisor_choices", "record.summary.advisor_choices"))


def _choice(key: str, card: dict) -> Param:
    if key == "advisor_choices":
        return advisor_info(card["id"])
    if key == "lord_choices":
        return lord_info(card["id"])
    return _card_line(card) if "kind" in card else _name(card)


def summary(view: dict) -> list[Said]:
    """A plain-text rendering of a view, a message per line (terminal, `/game status`,
    `/game hand`)."""
    decks = view["decks"]
    lines: list[Said] = [
        msg("record.summary.header", round=view["round"],
            phase=Term(f"record.phase.{view['phase']}"), target=view["target"]),
        msg("record.summary.decks", game=decks["game"], discard=decks["discard"])
        if decks["game"] is not None else
        msg("record.summary.decks_advanced", stratagem=decks["stratagem"],
            city_general=decks["city_general"], discard=decks["discard"]),
        msg("record.summary.to_act_seats", seats=tuple(Seat(s) for s in view["to_act"]))
        if view["to_act"] else msg("record.summary.nobody_to_act")]
    if view["end_triggered"]:
        lines.append(msg("record.summary.ending_target" if view["end_reason"] == "target"
                         else "record.summary.ending_deck"))
    for p in view["players"]:
        lines += _player_lines(p, view)
    lines += _battle_lines(view["battle"], last=False)
    if view["battle"] is None:
        lines += _battle_lines(view["last_battle"], last=True)
    for key, title in CHOICES:
        if view.get(key):
            lines.append(msg(title, cards=tuple(_choice(key, c) for c in view[key])))
    pending = view.get("pending") or {}
    if pending.get("drawn"):
        lines.append(msg("record.summary.drawn", cards=tuple(_card_line(c)
                                                             for c in pending["drawn"])))
    if pending.get("revealed") is not None:
        lines.append(msg("record.summary.revealed", cards=tuple(_name(c)
                                                                for c in pending["revealed"]))
                     if pending["revealed"] else msg("record.summary.revealed_nothing"))
    return lines

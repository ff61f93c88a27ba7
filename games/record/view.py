"""What a seat may see (docs/record-view.md), and a plain-text summary of such a view. This
is the only way hidden data leaves the engine, so every face-down thing is decided here."""

from __future__ import annotations

from typing import Any

from games.record import scoring
from games.record.advisors import chooser
from games.record.data import CARDS, DATA, RULES, kind_of, target_cities
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
               "face_up": e["face_up"]} for e in p["cities"]]
    active = state["active"] == p["seat"] and state["turn"] is not None
    used = dict(state["turn"]["used"]) if active else {"build": False, "general": False,
                                                       "attack": False}
    out = {"seat": p["seat"], "lords": lords, "advisor": advisor, "coins": p["coins"],
           "hand_size": len(p["hand"]), "cities": cities, "bonus": p["bonus"], "used": used,
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
def _name(card: dict) -> str:
    return "(face down)" if card.get("hidden") else f"{card['zh']} {card['en']}"


def _card_line(card: dict) -> str:
    if card.get("hidden"):
        return "(face down)"
    extra = {"general": lambda c: f"force {c['force']}",
             "city": lambda c: f"{c['size']}, cost {c['cost']}元, walls {c['walls']}",
             "stratagem": lambda c: f"{c['type']}{', 鬥智' if c['contest'] else ''}"}
    return f"{_name(card)} ({extra[card['kind']](card)})"


def _player_lines(p: dict, view: dict) -> list[str]:
    lords = " + ".join(_name(lord) + (" [used]" if lord.get("used") else "")
                       for lord in p["lords"]) or "no lord yet"
    advisor = p["advisor"]
    adv = ("none" if advisor is None else "face down" if advisor.get("hidden")
           else f"{_name(advisor)} 智力 {advisor['intelligence']} payout {advisor['payout']}元"
           + ("" if advisor.get("face_up") else " (face down)"))
    marks = []
    if p["seat"] == view["start_player"]:
        marks.append("start")
    if p["seat"] == view["active"]:
        marks.append("active")
    if p["seat"] in view["to_act"]:
        marks.append("to act")
    lines = [f"Seat {p['seat']}{' [' + ', '.join(marks) + ']' if marks else ''}: "
             f"{p['coins']}元, {p['hand_size']} cards in hand, {p['points']} points",
             f"  Lords: {lords}; advisor: {adv}"]
    for city in p["cities"]:
        defender = city["defender"]
        shown = _name(defender) + (f" ({defender['force']})" if "force" in defender else "")
        lines.append(f"  City {_name(city['card'])} [{city['card']['points']} pts], defended "
                     f"by {shown}{' face up' if city['face_up'] else ''}")
    if "hand" in p:
        lines.append("  Hand: " + ("; ".join(_card_line(c) for c in p["hand"]) or "empty"))
    return lines


def _battle_lines(battle: dict | None, title: str) -> list[str]:
    if battle is None:
        return []
    lines = [f"{title}: Seat {battle['attacker']} attacks Seat {battle['defender']}'s "
             f"{_name(battle['city'])} (walls {battle['walls']})"]
    for role in ("attacker_general", "defender_general", "attack_stratagem",
                 "defence_stratagem"):
        if battle[role]:
            lines.append(f"  {role.replace('_', ' ')}: {_name(battle[role])}")
    if battle["force_steps"]:
        steps = battle["force_steps"]
        lines.append(f"  Forces: attacker {' → '.join(map(str, steps['attacker']))}, "
                     f"defender {' → '.join(map(str, steps['defender']))}")
    if battle.get("my_cards"):
        lines.append(f"  Your battle cards: {', '.join(map(str, battle['my_cards']))}")
    for lane in battle["lanes"] or []:
        lines.append(f"  {lane['position']}: {lane['attacker']} vs {lane['defender_value']} "
                     f"→ {lane['winner'] or 'tie'}")
    if battle["outcome"]:
        lines.append(f"  Outcome: {battle['outcome']}"
                     + (f", {battle['beheaded']} beheaded" if battle["beheaded"] else ""))
    return lines


def summary(view: dict) -> str:
    """A multi-line plain-text rendering of a view (terminal, `/game status`, `/game hand`)."""
    decks = view["decks"]
    deck_text = (f"game deck {decks['game']}" if decks["game"] is not None else
                 f"stratagem deck {decks['stratagem']}, city/general deck "
                 f"{decks['city_general']}")
    lines = [f"三國志 Record of the Three Kingdoms, round {view['round']}, {view['phase']} "
             f"({view['step']}). Target {view['target']} cities.",
             f"Decks: {deck_text}, discard {decks['discard']}. To act: "
             f"{', '.join(f'Seat {s}' for s in view['to_act']) or 'nobody'}."]
    if view["end_triggered"]:
        lines.append(f"The game ends after this round ({view['end_reason']}).")
    for p in view["players"]:
        lines += _player_lines(p, view)
    lines += _battle_lines(view["battle"], "Battle")
    if view["battle"] is None:
        lines += _battle_lines(view["last_battle"], "Last battle")
    for key, title in (("lord_choices", "Lords to choose from"),
                       ("draft_packet", "Your packet"), ("advisor_choices", "Your advisors")):
        if view.get(key):
            lines.append(f"{title}: " + "; ".join(_name(c) for c in view[key]))
    pending = view.get("pending") or {}
    if pending.get("drawn"):
        lines.append("You drew: " + "; ".join(_card_line(c) for c in pending["drawn"]))
    if pending.get("revealed") is not None:
        lines.append("Revealed: " + ("; ".join(_name(c) for c in pending["revealed"])
                                     or "nothing"))
    return "\n".join(lines)

"""Combat (spec S13): the order of combats, pre-combat abilities, the secret dials and cards,
and the outcome.

A combat is a short run of frames pushed together: the attacker's pre-combat abilities, the
defender's (S13.4; automatic, except Artillery, which is the player's choice), then the
`commit` frame that both seats answer secretly (S13.5). Commitments stay inside that frame,
cards already out of the hand, until both are in; only then are they revealed together in one
public event (S13.6, S13.15). The loser retreats at once (Nordic with Seaworthy may choose a
lake: the `retreat` frame), and the automatic `combat_end` frame then charges the attacker's
popularity for displaced workers, gives the consolation card and places the winner's star,
last, so that a sixth star undoes only moves into combats not yet fought (S18.3)."""

from __future__ import annotations

from collections import Counter

from games.core import Action, Event
from games.core.chance import pick
from games.core.messages import Msg, msg
from games.scythe import gains, rules
from games.scythe import words as w
from games.scythe.board import board
from games.scythe.frames import Decision
from games.scythe.state import (
    Frame,
    State,
    abilities,
    card_value,
    faction_of,
    is_worker,
    player,
    pop,
    push,
    set_unit_place,
    unit_key,
    units_at,
    units_of,
)

DISARM_OPTION = "disarm_counts_own_mine"  # A5
FORCED_RETREAT = "forced_retreat"  # the turn event objectives ask for (A19)
ARTILLERY_COST, ARTILLERY_DAMAGE, DISARM_DAMAGE = 1, 2, 2  # S10.6, S10.8


# -- which combats -----------------------------------------------------------------------------
def pending(state: State, seat: int) -> list[str]:
    """Territories where `seat`'s character or mechs stand with another seat's: the combats
    still to fight after a Move (S13.1), in board order."""
    mine = {place for unit, place in player(state, seat)["units"].items()
            if not is_worker(unit) and board().is_territory(place)}
    return [t for t in board().territories if t in mine and defender_at(state, seat, t) is not None]


def defender_at(state: State, attacker: int, territory: str) -> int | None:
    return next((s for s, u in units_at(state, territory) if s != attacker and not is_worker(u)),
                None)


def start(state: State, attacker: int, territory: str) -> list[Event]:
    """Push one combat: both sides' pre-combat abilities, attacker first (S13.4), then the
    secret commitment of both (S13.5)."""
    defender = defender_at(state, attacker, territory)
    if defender is None:
        raise AssertionError(f"a combat on {territory} without a defender")
    push(state,
         {"kind": "combat_ability", "seat": attacker, "opponent": defender,
          "territory": territory},
         {"kind": "combat_ability", "seat": defender, "opponent": attacker,
          "territory": territory},
         {"kind": "commit", "seat": attacker, "seats": [attacker, defender],
          "territory": territory, "committed": {}})
    return [Event(msg("scythe.combat.starts", place=w.place(territory),
                      attacker=w.who(attacker), defender=w.who(defender)))]


def _order_legal(state: State, frame: Frame) -> list[Action]:
    return [Action("fight", (t,), msg("scythe.label.fight", place=w.place(t)))
            for t in pending(state, frame["seat"])]


def _order_apply(state: State, frame: Frame, action: Action) -> list[Event]:
    pop(state)
    return start(state, frame["seat"], str(action.args[0]))


# -- pre-combat abilities (S13.4) --------------------------------------------------------------
def _abilities(state: State, frame: Frame) -> list[Event]:
    """Scout and Disarm act at once; Artillery asks, as paying for it is the player's choice."""
    pop(state)
    seat, opponent, territory = frame["seat"], frame["opponent"], frame["territory"]
    powers, events = abilities(state, seat), []
    if "scout" in powers:
        events += _scout(state, seat, opponent)
    if "disarm" in powers and _disarm_applies(state, seat, territory):
        events.append(Event(msg("scythe.combat.disarm", who=w.who(seat),
                                place=w.place(territory))))
        events += gains.lose(state, opponent, {"power": DISARM_DAMAGE})
    if "artillery" in powers and player(state, seat)["power"] >= ARTILLERY_COST:
        push(state, {"kind": "artillery", "seat": seat, "opponent": opponent,
                     "territory": territory})
    return events


def _scout(state: State, seat: int, opponent: int) -> list[Event]:
    """Crimea's Scout (S10.5): one random card of the opponent's hand, seeded (S21.2); only the
    two hands' owners learn its value."""
    hand = player(state, opponent)["cards"]
    if not hand:
        return [Event(msg("scythe.combat.scout_empty", who=w.who(seat),
                          victim=w.who(opponent)))]
    taken = pick(state, hand, msg("scythe.combat.scout", who=w.who(seat), victim=w.who(opponent)),
                 show=lambda card: msg("scythe.combat.card_of", value=card_value(card)),
                 seen_by=(seat, opponent))
    player(state, seat)["cards"].append(hand.pop(taken.index))
    return list(taken.events)


def _disarm_applies(state: State, seat: int, territory: str) -> bool:
    """Disarm needs a printed tunnel; the own Mine counts only with the option (A5)."""
    if territory in board().tunnels:
        return True
    structure = state["structures"].get(territory)
    return bool(state["options"].get(DISARM_OPTION, False) and structure
                and structure["seat"] == seat and structure["kind"] == "mine")


def _artillery_legal(state: State, frame: Frame) -> list[Action]:
    return [Action("artillery", ("yes",), msg(
                "scythe.label.artillery", cost=w.amount("power", ARTILLERY_COST),
                victim=w.who(frame["opponent"]), loss=w.amount("power", ARTILLERY_DAMAGE))),
            Action("artillery", ("no",), msg("scythe.label.keep_power"))]


def _artillery_apply(state: State, frame: Frame, action: Action) -> list[Event]:
    pop(state)
    seat, opponent = frame["seat"], frame["opponent"]
    if action.args[0] == "no":
        return [Event(msg("scythe.combat.no_artillery", who=w.who(seat)))]
    return [Event(msg("scythe.combat.artillery", who=w.who(seat))),
            *gains.lose(state, seat, {"power": ARTILLERY_COST}),
            *gains.lose(state, opponent, {"power": ARTILLERY_DAMAGE})]


# -- the secret commitment (S13.5, S13.15) -----------------------------------------------------
def card_limit(state: State, seat: int, territory: str) -> int:
    """One card per own character or mech there, one more with People's Army when an own
    worker is there too (S10.4, T32)."""
    here = units_of(state, seat, territory)
    fighting = sum(not is_worker(u) for u in here)
    army = "peoples_army" in abilities(state, seat) and any(is_worker(u) for u in here)
    return fighting + army


def dial_limit(state: State, seat: int) -> int:
    """0 to the power the seat has, at most 7 (T31)."""
    return min(rules.DIAL_MAX, player(state, seat)["power"])


def _draft(frame: Frame, seat: int) -> dict | None:
    """The seat's commitment being built: {"dial": n, "cards": [values]}, or None."""
    return frame.setdefault("drafts", {}).get(str(seat))


def _spare_values(state: State, seat: int, draft: dict) -> list[int]:
    """Card values still in hand beyond those already added, highest first."""
    spare = Counter(card_value(c) for c in player(state, seat)["cards"])
    spare.subtract(draft["cards"])
    return sorted((v for v, n in spare.items() if n > 0), reverse=True)


def _commit_legal(state: State, frame: Frame, seat: int) -> list[Action]:
    """Step by step (a dial, then card by card, then commit), never every combination."""
    if str(seat) in frame["committed"]:
        return []
    draft = _draft(frame, seat)
    if draft is None:
        return [Action("dial", (d,), msg("scythe.label.dial", value=d))
                for d in range(dial_limit(state, seat) + 1)]
    total = draft["dial"] + sum(draft["cards"])
    actions = []
    if len(draft["cards"]) < card_limit(state, seat, frame["territory"]):
        actions = [Action("card", (v,), msg("scythe.label.add_card", value=v, total=total + v))
                   for v in _spare_values(state, seat, draft)]
    return [*actions,
            Action("commit", (), msg("scythe.label.commit",
                                     what=_commit_label(draft["dial"], draft["cards"]))),
            Action("redo", (), msg("scythe.label.redo"))]


def _commit_label(dial: int, values: list[int]) -> Msg:
    """`dial 3 + cards 4 and 2 (total 9)`."""
    if not values:
        return msg("scythe.combat.dial_only", dial=dial)
    return msg("scythe.combat.dial_cards", dial=dial, cards=gains.card_values(tuple(values)),
               total=dial + sum(values))


def _commit_apply(state: State, frame: Frame, action: Action, seat: int) -> list[Event]:
    """Build the commitment privately; `commit` moves the chosen cards out of the hand into
    the frame, where they wait until both seats are in."""
    drafts = frame.setdefault("drafts", {})
    if action.kind == "dial":
        drafts[str(seat)] = {"dial": int(action.args[0]), "cards": []}
        return [Event(msg("scythe.combat.you_dial", value=int(action.args[0])), seats=(seat,))]
    if action.kind == "card":
        drafts[str(seat)]["cards"].append(int(action.args[0]))
        return [Event(msg("scythe.combat.you_add", value=int(action.args[0])), seats=(seat,))]
    if action.kind == "redo":
        del drafts[str(seat)]
        return []
    return _commit(state, frame, seat, drafts.pop(str(seat)))


def _commit(state: State, frame: Frame, seat: int, draft: dict) -> list[Event]:
    hand = player(state, seat)["cards"]
    chosen = []
    for value in draft["cards"]:
        card = min(c for c in hand if card_value(c) == value and c not in chosen)
        chosen.append(card)
    for card in chosen:
        hand.remove(card)
    frame["committed"][str(seat)] = {"dial": draft["dial"], "cards": chosen}
    label = _commit_label(draft["dial"], draft["cards"])
    events = [Event(msg("scythe.combat.committed", who=w.who(seat))),
              Event(msg("scythe.combat.you_commit", what=label), seats=(seat,))]
    if len(frame["committed"]) == len(frame["seats"]):
        events += _reveal(state, frame)
    return events


def _commit_refuse(state: State, frame: Frame, action: Action) -> Msg | None:
    if action.kind not in ("dial", "card", "commit", "redo"):
        return None
    return msg("scythe.refuse.commit", most=rules.DIAL_MAX)


# -- the outcome (S13.6-S13.12) ----------------------------------------------------------------
def _total(commitment: dict) -> int:
    return commitment["dial"] + sum(card_value(c) for c in commitment["cards"])


def _shown(state: State, seat: int, commitment: dict) -> Msg:
    """`Alice: dial 3 + combat card 4 = 7`."""
    return msg("scythe.combat.side", who=w.who(seat), what=_commit_label(
        commitment["dial"], [card_value(c) for c in commitment["cards"]]))


def _reveal(state: State, frame: Frame) -> list[Event]:
    """Both commitments at once: ties go to the attacker (S13.6); each side loses its dial in
    power and the cards are discarded (S13.7); the loser retreats (S13.10)."""
    pop(state)
    attacker, defender = frame["seats"]
    territory, committed = frame["territory"], frame["committed"]
    mine, theirs = committed[str(attacker)], committed[str(defender)]
    winner, loser = (attacker, defender) if _total(mine) >= _total(theirs) else \
        (defender, attacker)
    events = [Event(msg("scythe.combat.revealed", place=w.place(territory),
                        attacker=_shown(state, attacker, mine),
                        defender=_shown(state, defender, theirs), winner=w.who(winner)))]
    for seat, commitment in ((attacker, mine), (defender, theirs)):
        events += gains.lose(state, seat, {"power": commitment["dial"]})
        state["decks"]["combat_discard"].extend(commitment["cards"])
    lost = committed[str(loser)]
    displaced = sum(is_worker(u) for u in units_of(state, loser, territory)) \
        if winner == attacker else 0
    push(state, {"kind": "combat_end", "seat": attacker, "territory": territory,
                 "winner": winner, "loser": loser, "displaced": displaced,
                 "consolation": bool(lost["dial"] or lost["cards"])})
    if retreat_lakes(state, loser, territory):
        push(state, {"kind": "retreat", "seat": loser, "territory": territory})
        return events
    return events + retreat(state, loser, territory, None)


def retreat_lakes(state: State, seat: int, territory: str) -> list[str]:
    """Seaworthy (S10.6): lakes next to the combat where the loser's character and mechs may
    retreat instead of going home; never onto a lake held by another player."""
    if "seaworthy" not in abilities(state, seat):
        return []
    b = board()
    return [t for t in b.neighbours[territory] if t in b.lakes
            and all(s == seat for s, _ in units_at(state, t))]


def retreat(state: State, seat: int, territory: str, lake: str | None) -> list[Event]:
    """S13.10, S8.15: every unit of the loser there goes home, resources stay. With a lake,
    the character and mechs go there, with the workers they carried in during this Move."""
    home = board().home_of(faction_of(state, seat))
    carried = state["turn"]["moved"] if seat == state["active"] else {}
    units = units_of(state, seat, territory)
    to_lake = [u for u in units if lake and (not is_worker(u) or unit_key(seat, u) in carried)]
    for unit in units:
        set_unit_place(state, seat, unit, lake if lake and unit in to_lake else home)
    if any(is_worker(u) for u in units) and seat != state["active"]:
        note_forced_retreat(state)
    events = []
    if to_lake and lake:
        events.append(Event(msg("scythe.combat.retreats", who=w.who(seat),
                                units=msg("scythe.amount.units", count=len(to_lake)),
                                start=w.place(territory), end=w.place(lake))))
    if len(units) > len(to_lake):
        events.append(Event(msg("scythe.combat.retreats", who=w.who(seat),
                                units=msg("scythe.amount.units",
                                          count=len(units) - len(to_lake)),
                                start=w.place(territory), end=w.place(home))))
    return events


def note_forced_retreat(state: State) -> None:
    """The active player forced an opponent's worker to retreat this turn (A19)."""
    if FORCED_RETREAT not in state["turn"]["events"]:
        state["turn"]["events"].append(FORCED_RETREAT)


def _retreat_legal(state: State, frame: Frame) -> list[Action]:
    lakes = retreat_lakes(state, frame["seat"], frame["territory"])
    home = board().home_of(faction_of(state, frame["seat"]))
    return [Action("retreat", ("home",), msg("scythe.label.retreat_home", place=w.place(home))),
            *(Action("retreat", (lake,), msg("scythe.label.retreat_lake", place=w.place(lake)))
              for lake in lakes)]


def _retreat_apply(state: State, frame: Frame, action: Action) -> list[Event]:
    pop(state)
    where = str(action.args[0])
    return retreat(state, frame["seat"], frame["territory"], None if where == "home" else where)


def _combat_end(state: State, frame: Frame) -> list[Event]:
    """After the retreat: the attacker pays 1 popularity per displaced worker (S13.9, A1;
    Camaraderie: nothing, S10.7), the loser who showed any power draws a card (S13.11), and
    the winner's star comes last (S13.8, S18.3)."""
    pop(state)
    attacker, winner, loser = frame["seat"], frame["winner"], frame["loser"]
    events = []
    if frame["displaced"] and "camaraderie" not in abilities(state, attacker):
        events += gains.lose(state, attacker, {"popularity": frame["displaced"]})
    if frame["consolation"]:
        events += gains.gain(state, loser, {"combat_cards": 1})
    return events + gains.award_star(state, winner, "combat")


DECISIONS = {
    "combat_order": Decision(_order_legal, _order_apply),
    "artillery": Decision(_artillery_legal, _artillery_apply),
    "commit": Decision(_commit_legal, _commit_apply, _commit_refuse),
    "retreat": Decision(_retreat_legal, _retreat_apply),
}
AUTOMATIC = {"combat_ability": _abilities, "combat_end": _combat_end}

"""S3 setup: encounter tokens, the shuffled decks, the Factory cards, the bonus tile, faction and
mat pairs (random, or the optional draft's `draft` frames), start values, hidden hands and
objectives, the clockwise order and the first player; then the first turn's `section` frame.

Every shuffle and draw uses the generator stored in the state (`games.core.rng`), so a seed
always lays out the same table."""

from __future__ import annotations

from typing import Any

from games.core import Action, Event, Rng
from games.core.chance import pick, shuffle
from games.core.messages import Msg, msg
from games.scythe import cards, rules
from games.scythe import words as w
from games.scythe.board import board
from games.scythe.frames import Decision, new_turn
from games.scythe.gains import draw_cards
from games.scythe.state import (
    MAT,
    Frame,
    State,
    combat_card_ids,
    pop,
    push,
    worker_ids,
)

OBJECTIVES_DEALT = 2  # S3.10


def new_state(seats: int, options: dict[str, Any], seed: int) -> tuple[State, list[Event]]:
    """The table for `seats` players with resolved `options`: in play, or at the draft."""
    b = board()
    state: State = {
        "game": "scythe", "seed": seed, "rng": Rng.from_seed(seed).state,
        "options": dict(options), "bonus_tile": None, "order": [], "active": None,
        "turn_number": 0, "encounters": list(b.encounter_spots),  # S3.1
        "resources": {}, "structures": {},
        "decks": {"combat": [], "combat_discard": [], "encounter": [], "objective": [],
                  "factory": []},
        "players": [_unassigned(seat) for seat in range(seats)],
        "turn": new_turn(), "stack": [], "end": None,
    }
    events = _shuffle_decks(state, seats)
    tile = pick(state, list(b.bonus_tiles), msg("scythe.setup.bonus_tile_drawn"),
                show=w.bonus_tile)  # S3.6
    state["bonus_tile"] = tile.item
    events += tile.events
    if options["assignment"] == "draft":
        push(state, *({"kind": "draft", "seat": seat} for seat in range(seats)))
        return state, events + [Event(msg("scythe.setup.draft"))]
    factions, mats = list(rules.FACTIONS), list(rules.MATS)
    events.append(shuffle(state, factions, msg("scythe.setup.factions_dealt")))
    events.append(shuffle(state, mats, msg("scythe.setup.mats_dealt")))
    for p, faction, mat in zip(state["players"], factions, mats, strict=False):
        p["faction"], p["mat"] = faction, mat  # S3.7
    return state, events + begin(state)


def _unassigned(seat: int) -> dict[str, Any]:
    """A player before the faction and mat are known: nothing on the table yet."""
    return {
        "seat": seat, "faction": None, "mat": None, "power": 0, "popularity": 0, "coins": 0,
        "cards": [], "objectives": [], "objectives_done": [], "stars": {},
        "last_section": None, "cubes": [], "upgrades": {}, "recruits": {},
        "structures_built": [], "factory_card": None, "units": {},
    }


def _shuffle_decks(state: State, seats: int) -> list[Event]:
    """S3.3-S3.5: the combat, objective and encounter decks shuffled; players + 1 Factory
    cards face down on the Factory space, the rest out of the game unseen. The top of a deck
    is its last element."""
    decks, events = state["decks"], []
    for deck, ids in (("combat", combat_card_ids()),
                      ("encounter", sorted(cards.encounters())),
                      ("objective", sorted(cards.objectives()))):
        events.append(shuffle(state, ids, msg(f"scythe.setup.shuffled.{deck}"), top="last"))
        decks[deck] = ids
    factory = sorted(cards.factory_cards())
    events.append(shuffle(state, factory, msg("scythe.setup.factory_shuffled", count=seats + 1),
                          top="last"))
    decks["factory"] = factory[:seats + 1]
    return events


def begin(state: State) -> list[Event]:
    """S3.8-S3.12 once every seat has its faction and mat: start values, hands, objectives,
    the clockwise order from the lowest mat number, and the first turn."""
    events: list[Event] = []
    for p in state["players"]:
        _start_values(p)
        events += draw_cards(state, p["seat"], board().factions[p["faction"]].start_cards)
        deck = state["decks"]["objective"]
        p["objectives"] = [deck.pop() for _ in range(OBJECTIVES_DEALT)]
        events.append(Event(msg("scythe.setup.your_objectives", objectives=tuple(
            w.objective(o) for o in p["objectives"])), seats=(p["seat"],)))
    state["order"] = turn_order(state)
    first = state["order"][0]
    state["active"], state["turn_number"] = first, 1
    push(state, {"kind": "section", "seat": first})
    order = tuple(seat_faction(state, s) for s in state["order"])
    return events + [Event(msg("scythe.setup.order", tile=w.bonus_tile(state["bonus_tile"]),
                               order=order)),
                     Event(msg("scythe.turn", turn=1, who=w.who(first)))]


def seat_faction(state: State, seat: int) -> Msg:
    """`Alice (Crimean Khanate, Patriotic mat)`: a player with what they play."""
    p = state["players"][seat]
    return msg("scythe.seat_faction", who=w.who(seat), faction=w.faction(p["faction"]),
               mat=w.mat(p["mat"]))


def _start_values(p: dict[str, Any]) -> None:
    """S3.9-S3.11: tracks, coins, cubes, mechs on the mat, the character at home and a worker
    on each territory land-connected to the home base, 6 workers on the mat."""
    faction, mat = board().factions[p["faction"]], board().mats[p["mat"]]
    p["power"] = faction.start_power
    p["popularity"], p["coins"] = mat.start_popularity, mat.start_coins
    p["cubes"] = list(rules.TOP_BOXES)
    units = {rules.CHARACTER: faction.home_base}
    units |= {f"mech:{ability}": MAT for ability in faction.mech_abilities}
    units |= dict.fromkeys(worker_ids(), MAT)
    units |= dict(zip(worker_ids(), faction.starting_workers, strict=False))
    p["units"] = units


def turn_order(state: State) -> list[int]:
    """S3.8 clockwise by faction, starting with the lowest mat number (S3.12)."""
    players = state["players"]
    clockwise = sorted((p["seat"] for p in players),
                       key=lambda s: rules.FACTIONS.index(players[s]["faction"]))
    first = min(clockwise, key=lambda s: board().mats[players[s]["mat"]].number)
    start = clockwise.index(first)
    return clockwise[start:] + clockwise[:start]


# -- the draft (option `assignment=draft`) -----------------------------------------------------
def _free(state: State) -> tuple[list[str], list[str]]:
    taken = {p["faction"] for p in state["players"]}, {p["mat"] for p in state["players"]}
    return ([f for f in rules.FACTIONS if f not in taken[0]],
            [m for m in rules.MATS if m not in taken[1]])


def _draft_legal(state: State, frame: Frame) -> list[Action]:
    factions, mats = _free(state)
    return [Action("pick", (f, m), label=msg("scythe.label.pick", faction=w.faction(f),
                                             mat=w.mat(m), number=board().mats[m].number))
            for f in factions for m in mats]


def _draft_apply(state: State, frame: Frame, action: Action) -> list[Event]:
    seat, faction, mat = frame["seat"], action.word(0), action.word(1)
    p = state["players"][seat]
    p["faction"], p["mat"] = faction, mat
    pop(state)
    events = [Event(msg("scythe.setup.picks", who=w.who(seat), faction=w.faction(faction),
                        mat=w.mat(mat)))]
    if all(other["faction"] for other in state["players"]):
        events += begin(state)
    return events


def _draft_refusal(state: State, frame: Frame, action: Action) -> Msg | None:
    factions, mats = _free(state)
    free = msg("scythe.refuse.free", factions=tuple(msg("scythe.named", name=w.faction(f), form=f)
                                                     for f in factions),
               mats=tuple(msg("scythe.named", name=w.mat(m), form=m) for m in mats))
    if action.kind != "pick" or len(action.args) != 2:
        return msg("scythe.refuse.pick_form", free=free)
    faction, mat = (str(a) for a in action.args)
    if faction not in factions:
        return msg("scythe.refuse.faction_taken", free=free)
    if mat not in mats:
        return msg("scythe.refuse.mat_taken", free=free)
    return None


DECISIONS = {"draft": Decision(_draft_legal, _draft_apply, _draft_refusal)}

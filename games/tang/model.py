"""The Tang state and the helpers every rule reads it through (spec T10.1).

The state is plain JSON. Per city: `controller` (a seat or None), `last` (the last controller,
T3.4.5 step 4), `armies` ({seat as text: n}) and `generals` ({character: owner seat}). Per
player: the representative `rep`, the face-down `pile`, the 锦囊 `hand`, `grain`, `minsheng`,
`capital`, `color`, private `knowledge`, skill `uses` and the phase flags. Armies and grain
change only through the helpers below, which keep a per-seat ledger that the invariants
check (T10.6: grain and armies accounted for).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.core.events import Event
from games.core.messages import Msg, Seat, Term, msg
from games.tang.data import AN_LUSHAN, TangData, kind_of, load_data

State = dict[str, Any]
COLORS = ("red", "blue", "green", "yellow", "purple", "orange", "black", "white")


DESIGNED = load_data()


def data_of(state: State) -> TangData:
    """The table's data: the designed one, or its pack's (read at every rule, so the
    designed data is held here rather than asked of the cache each time)."""
    pack = state["options"].get("pack")
    return DESIGNED if pack is None else load_data(pack)


def seats(state: State) -> int:
    return len(state["players"])


def player(state: State, seat: int) -> dict[str, Any]:
    return state["players"][seat]


def order_from_first(state: State) -> list[int]:
    """Seat order from 甲, wrapping around (spec 0.6)."""
    n, first = seats(state), state["first"] or 0
    return [(first + i) % n for i in range(n)]


def next_seat(state: State, seat: int) -> int:
    return (seat + 1) % seats(state)


# -- names as catalog terms --------------------------------------------------------------------
def city_term(city: str) -> Term:
    return Term(f"tang.city.{city}")


def char_term(character: str) -> Term:
    return Term(f"tang.character.{character}")


def card_term(card: str) -> Term:
    return Term(f"tang.card.{kind_of(card)}")


def skill_term(skill: str) -> Term:
    return Term(f"tang.skill.{skill}")


def region_term(region: str) -> Term:
    return Term(f"tang.region.{region}")


def nation_term(nation: str) -> Term:
    return Term(f"tang.nation.{nation}")


def color_term(color: str) -> Term:
    return Term(f"tang.color.{color}")


def seat_arg(seat: int) -> int:
    """A seat as an action argument: 1-based, as players type it."""
    return seat + 1


def seat_of_arg(value: int) -> int:
    return value - 1


# -- cities, armies, control -------------------------------------------------------------------
def city(state: State, cid: str) -> dict[str, Any]:
    return state["cities"][cid]


def armies(state: State, cid: str, seat: int) -> int:
    return int(state["cities"][cid]["armies"].get(str(seat), 0))


def present(state: State, cid: str) -> list[int]:
    """Seats with at least one army in the city."""
    return sorted(int(s) for s, n in state["cities"][cid]["armies"].items() if n > 0)


def controller(state: State, cid: str) -> int | None:
    return state["cities"][cid]["controller"]


def besieged(state: State, cid: str) -> bool:
    c = state["cities"][cid]
    return c["controller"] is None and len(present(state, cid)) >= 2


def controlled(state: State, seat: int) -> list[str]:
    return [cid for cid, c in state["cities"].items() if c["controller"] == seat]


def neighbors(state: State, cid: str) -> list[str]:
    return data_of(state).neighbors[cid]


def _set_armies(state: State, cid: str, seat: int, n: int) -> None:
    held = state["cities"][cid]["armies"]
    if n:
        held[str(seat)] = n
    else:
        held.pop(str(seat), None)


def add_armies(state: State, cid: str, seat: int, n: int) -> None:
    """New armies from the supply (unlimited, T0.3), into the ledger."""
    _set_armies(state, cid, seat, armies(state, cid, seat) + n)
    state["players"][seat]["ledger"]["armies"] += n


def remove_armies(state: State, cid: str, seat: int, n: int) -> None:
    """Armies leave the game (losses, disbanding, setup claim markers)."""
    assert 0 <= n <= armies(state, cid, seat), (cid, seat, n)
    _set_armies(state, cid, seat, armies(state, cid, seat) - n)
    state["players"][seat]["ledger"]["armies"] -= n


def move_armies(state: State, source: str, target: str, seat: int, n: int) -> None:
    assert 0 <= n <= armies(state, source, seat), (source, seat, n)
    _set_armies(state, source, seat, armies(state, source, seat) - n)
    _set_armies(state, target, seat, armies(state, target, seat) + n)


def lift_armies(state: State, source: str, seat: int, n: int) -> None:
    """Armies leave a city into a battle's transit (state['battle']), still in the ledger."""
    assert 0 <= n <= armies(state, source, seat), (source, seat, n)
    _set_armies(state, source, seat, armies(state, source, seat) - n)


def land_armies(state: State, target: str, seat: int, n: int) -> None:
    _set_armies(state, target, seat, armies(state, target, seat) + n)


def generals_in(state: State, cid: str, seat: int) -> list[str]:
    return sorted(ch for ch, owner in state["cities"][cid]["generals"].items() if owner == seat)


def gain_grain(state: State, seat: int, n: int) -> None:
    state["players"][seat]["grain"] += n
    state["players"][seat]["ledger"]["grain"] += n


def spend_grain(state: State, seat: int, n: int) -> None:
    assert 0 <= n <= state["players"][seat]["grain"], (seat, n)
    state["players"][seat]["grain"] -= n
    state["players"][seat]["ledger"]["grain"] -= n


def move_grain(state: State, giver: int, taker: int, n: int) -> None:
    spend_grain(state, giver, n)
    gain_grain(state, taker, n)


def change_minsheng(state: State, seat: int, delta: int) -> tuple[int, int]:
    """Move a 民生 marker within its track (T0.2); returns (before, after)."""
    track = data_of(state).minsheng
    before = state["players"][seat]["minsheng"]
    after = max(track["min"], min(track["max"], before + delta))
    state["players"][seat]["minsheng"] = after
    return before, after


def minsheng_event(seat: int, before: int, after: int) -> Event:
    return Event(msg("tang.log.minsheng", who=Seat(seat), before=before, after=after))


# -- connection (T3.7) -------------------------------------------------------------------------
def connected(state: State, seat: int) -> set[str]:
    """Cities connected to the seat's capital: none when the seat does not control it."""
    capital = state["players"][seat]["capital"]
    if capital is None or controller(state, capital) != seat:
        return set()
    near, cities = data_of(state).neighbors, state["cities"]
    reach, stack = {capital}, [capital]
    while stack:
        for n in near[stack.pop()]:
            if n not in reach and cities[n]["controller"] == seat:
                reach.add(n)
                stack.append(n)
    return reach


# -- points and scores -------------------------------------------------------------------------
def full_regions(state: State, seat: int) -> list[str]:
    data = data_of(state)
    return [rid for rid, r in data.regions.items()
            if all(controller(state, c) == seat for c in r["cities"])]


def rep_skill(state: State, seat: int) -> str | None:
    """The skill id of the seat's representative (T6.3: only it works)."""
    rep = state["players"][seat]["rep"]
    if rep is None:
        return None
    skill = data_of(state).skill(rep)
    return None if skill is None else str(skill["id"])


def has_skill(state: State, seat: int, skill: str) -> bool:
    return rep_skill(state, seat) == skill


def holds_anlushan(state: State, seat: int) -> bool:
    """AL3: in the seat's pile, or on the board as its general."""
    if AN_LUSHAN in state["players"][seat]["pile"]:
        return True
    return any(c["generals"].get(AN_LUSHAN) == seat for c in state["cities"].values())


# -- 锦囊 ---------------------------------------------------------------------------------------
def holding(state: State, seat: int, kind: str) -> str | None:
    """The first card of that kind in the seat's hand."""
    return next((c for c in state["players"][seat]["hand"] if kind_of(c) == kind), None)


def draw_jinnang(state: State, seat: int, n: int) -> list[Event]:
    """Draw n 锦囊 (T7.1: an empty deck takes the discard pile, shuffled)."""
    from games.core.chance import shuffle

    events: list[Event] = []
    drawn: list[str] = []
    for _ in range(n):
        if not state["jn_deck"] and state["discard"]:
            state["jn_deck"], state["discard"] = state["discard"], []
            events.append(shuffle(state, state["jn_deck"], msg("tang.log.reshuffle"), top="last"))
        if not state["jn_deck"]:
            break
        drawn.append(state["jn_deck"].pop())
    state["players"][seat]["hand"].extend(drawn)
    events.append(Event(msg("tang.log.draws", who=Seat(seat), count=len(drawn))))
    if drawn:
        events.append(Event(msg("tang.log.you_draw", cards=tuple(card_term(c) for c in drawn)),
                            seats=(seat,)))
    return events


def discard(state: State, card: str) -> None:
    state["discard"].append(card)


def with_generals(generals: Iterable[str]) -> Msg | str:
    """" with generals A and B" for a log line, or nothing."""
    shown = tuple(char_term(g) for g in generals)
    return msg("tang.log.with_generals", generals=shown) if shown else ""


def log(key: str, seats_: Iterable[int] | None = None, **params: Any) -> Event:
    told: Msg = msg(key, **params)
    return Event(told, None if seats_ is None else tuple(seats_))


def grain_hidden(state: State) -> bool:
    return bool(state["options"].get("hidden_grain", False))


def grain_told(state: State, owners: Iterable[int], full: Msg, public: Msg) -> list[Event]:
    """A line that tells grain amounts (its `grain` parameter). Grain is public (A26), so
    everyone reads `full`; under the hidden_grain option (T9) the public reads `public`, the
    same line without the amount, and only the seats whose grain it is read `full`."""
    if not grain_hidden(state):
        return [Event(full)]
    return [Event(public), Event(full, tuple(sorted(set(owners))))]

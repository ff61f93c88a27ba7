"""How a Move and a Factory pickup start: the frames they push (docs/scythe-engine.md).

The top-row Move, the Factory card's move and the end of a Move start these, while the move
and factory modules own the frames themselves. Starting them from here lets those modules
import each other one way only: `top` and `factory` need not import `move`, nor `move`
import `factory`, so the frame modules form no import cycle."""

from __future__ import annotations

from games.core import Event
from games.core.messages import msg
from games.scythe import words as w
from games.scythe.board import board
from games.scythe.state import State, player, push, unit_place


def begin_move(state: State, seat: int, units: int, steps: int, via: str) -> list[Event]:
    """Start a Move of up to `units` different units, `steps` steps each (a character or mech
    with Speed one more, S10.3): the top-row Move (2/3 units, 1 step, `via="top"`) or the
    Factory card's (1 unit, 2 steps, `via="factory"`, S8.14). S8.12 follows it."""
    push(state, {"kind": "move", "seat": seat, "units": units, "steps": steps, "moved": []},
         {"kind": "after_move", "seat": seat})
    key = "scythe.moves_up_to_factory" if via == "factory" else "scythe.moves_up_to"
    return [Event(msg(key, who=w.who(seat), units=msg("scythe.amount.units", count=units)))]


def pickup_due(state: State, seat: int) -> bool:
    """S8.12 step 4: the character is on the Factory and the seat holds no card yet."""
    return (unit_place(state, seat, "character") == board().factory
            and player(state, seat)["factory_card"] is None and bool(state["decks"]["factory"]))


def begin_pickup(state: State, seat: int) -> list[Event]:
    """The seat looks at the cards (its view shows them while the frame waits, T39)."""
    push(state, {"kind": "factory_pick", "seat": seat})
    n = len(state["decks"]["factory"])
    return [Event(msg("scythe.looks_at_factory", who=w.who(seat), count=n))]

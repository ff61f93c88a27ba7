"""The choices a Tang table offers at nearly every step, each built once.

A random playout asks for the legal actions twice an action (the seat's choice, then the
check of it), and the turn offers every target and source anew each time: an action is
immutable (its label a catalog key and parameters), so the same one is handed out again
rather than worded afresh."""

from __future__ import annotations

import functools

from games.core.actions import Action
from games.core.messages import msg
from games.tang.model import char_term, city_term


@functools.cache
def count(n: int) -> Action:
    """How many armies (a muster, a transfer, a retreat, a placement)."""
    return Action("count", (n,), label=msg("tang.action.count", count=n))


@functools.cache
def attack(city: str) -> Action:
    return Action("attack", (city,), label=msg("tang.action.attack", city=city_term(city)))


@functools.cache
def transfer(city: str) -> Action:
    return Action("transfer", (city,), label=msg("tang.action.transfer", city=city_term(city)))


@functools.cache
def to(city: str) -> Action:
    """Where a transfer, or a general 调虎离山 lured, goes."""
    return Action("to", (city,), label=msg("tang.action.to", city=city_term(city)))


@functools.cache
def deploy(character: str, city: str, cost: int) -> Action:
    """A general from the pile onto the board for its value (T2.5)."""
    return Action("deploy", (character, city), label=msg(
        "tang.action.deploy", character=char_term(character), city=city_term(city), cost=cost))

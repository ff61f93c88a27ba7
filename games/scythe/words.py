"""How Scythe names its things in messages (games/core/messages.py): every name is a `Term` of
`locales/names.toml` (generated from `data/*.json`), every amount a `Msg` with its plural, so
the bot words them in each reader's language. No module of the engine spells an English word.

Coins are the one amount that may be secret (`coins_visible` off, S21.1): `amounts(...,
hide_coins=True)` says "coins" without the number, for the public line, while the seat's own
private line gets the amounts (`said`)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from games.core import Event
from games.core.messages import Msg, Param, Seat, Term, msg

ANY = "any"
RESOURCE_KINDS = ("wood", "oil", "food", "metal")
COUNTED = ("coins", "power", "popularity", "combat_cards", ANY, "worker", "resources")


# -- names -------------------------------------------------------------------------------------
def who(seat: int) -> Seat:
    return Seat(seat)


def faction(faction_id: str) -> Term:
    return Term(f"scythe.faction.{faction_id}")


def mat(mat_id: str) -> Term:
    return Term(f"scythe.mat.{mat_id}")


def resource(kind: str) -> Term:
    return Term(f"scythe.resource.{kind}")


def place(place_id: str) -> Term:
    """A territory (with its terrain and its coordinate, which is what a player types) or a
    home base."""
    return Term(f"scythe.place.{place_id}")


def ability(ability_id: str) -> Term:
    return Term(f"scythe.ability.{ability_id}")


def structure(kind: str) -> Term:
    return Term(f"scythe.structure.{kind}")


def action(name: str) -> Term:
    """A top- or bottom-row action: Move, Bolster, Trade, Produce, Upgrade, Deploy..."""
    return Term(f"scythe.action.{name}")


def box(box_id: str) -> Term:
    return Term(f"scythe.box.{box_id}")


def star(star_id: str) -> Term:
    return Term(f"scythe.star.{star_id}")


def bonus_tile(tile_id: str) -> Term:
    return Term(f"scythe.bonus_tile.{tile_id}")


def space(space_id: str) -> Term:
    """A one-time recruit bonus space (power, coins, popularity, combat cards)."""
    return Term(f"scythe.space.{space_id}")


def encounter(card_id: str) -> Term:
    return Term(f"scythe.encounter.{card_id}")


def encounter_text(card_id: str) -> Term:
    return Term(f"scythe.encounter.{card_id}.text")


def encounter_option(card_id: str, key: str) -> Term:
    return Term(f"scythe.encounter.{card_id}.{key.lower()}")


def factory_card(card_id: str) -> Term:
    return Term(f"scythe.factory.{card_id}")


def factory_option(card_id: str, key: str) -> Term:
    return Term(f"scythe.factory.{card_id}.{key}")


def objective(card_id: str) -> Term:
    return Term(f"scythe.objective.{card_id}")


def objective_text(card_id: str) -> Term:
    return Term(f"scythe.objective.{card_id}.text")


def unit(unit_id: str) -> Param:
    """`character`, a worker (workers are alike: no number), a mech by its ability."""
    if unit_id.startswith("mech:"):
        return msg("scythe.unit.mech", ability=ability(unit_id.split(":", 1)[1]))
    if unit_id.startswith("worker:"):
        return Term("scythe.unit.worker")
    return Term(f"scythe.unit.{unit_id}")


# -- amounts ----------------------------------------------------------------------------------
@cache
def label(key: str, **params: int | str | Term) -> Msg:
    """A message of plain parameters, made once (messages are immutable): a decision lists
    its actions several times (the choice, the validation, the check for a forced answer),
    and building their labels anew was a visible part of a playout."""
    return msg(key, **params)


@cache
def amount(key: str, count: int, *, hide_coins: bool = False) -> Msg:
    """`$2`, `3 power`, `1 combat card`, `2 oil`, `2 resources of any kind`, `1 worker`.
    One message per amount (messages are immutable): action labels ask for the same few
    thousands of times a game."""
    if key == "coins" and hide_coins:
        return msg("scythe.amount.some_coins")
    if key in RESOURCE_KINDS:
        return msg("scythe.amount.resource", count=count, kind=resource(key))
    if key not in COUNTED:
        raise ValueError(f"no amount {key}")
    return msg(f"scythe.amount.{key}", count=count)


def amounts(cost: Mapping[str, int], *, hide_coins: bool = False) -> tuple[Msg, ...]:
    """Each non-zero part of a cost or a gain, in its order (a list in the reader's words)."""
    return tuple(amount(key, n, hide_coins=hide_coins) for key, n in cost.items() if n > 0)


def cost(parts: Mapping[str, int], *, hide_coins: bool = False) -> Param:
    """A cost in words: its parts as a list, or `nothing`."""
    shown = amounts(parts, hide_coins=hide_coins)
    return shown if shown else msg("scythe.nothing")


def coins_hidden(state: dict[str, Any]) -> bool:
    return not state["options"].get("coins_visible", True)


def said(state: dict[str, Any], seat: int, key: str, coins: bool, **params: Any) -> list[Event]:
    """A public line that may carry coin amounts: as it is when coins are visible (or none
    moved); else the public line without the amounts (`<key>` built with `hide`) and the
    seat's own line with them. `params` are callables `hide -> value` or plain values."""
    def build(hide: bool) -> Msg:
        return msg(key, **{k: v(hide) if callable(v) else v for k, v in params.items()})
    if not coins or not coins_hidden(state):
        return [Event(build(False))]
    return [Event(build(True)), Event(build(False), seats=(seat,))]


# -- card texts ---------------------------------------------------------------------------------
def effect(effect_: Mapping[str, Any], *, hide_coins: bool = False) -> Msg:
    """One effect of an encounter or Factory card option (S14.7, S15.6)."""
    kind = effect_["type"]
    if kind == "gain":
        gained = {k: effect_[k] for k in ("coins", "power", "popularity", "combat_cards")
                  if effect_.get(k)}
        return msg("scythe.effect.gain", what=amounts(gained, hide_coins=hide_coins))
    if kind == "gain_resources":
        kinds, count = effect_["kinds"], effect_["amount"]
        if kinds == [ANY]:
            return msg("scythe.effect.gain", what=amount(ANY, count))
        if len(kinds) == 1:
            return msg("scythe.effect.gain", what=amount(kinds[0], count))
        return msg("scythe.effect.gain_choice", count=count,
                   kinds=tuple(resource(k) for k in kinds))
    if kind == "gain_workers":
        return msg("scythe.effect.gain", what=amount("worker", effect_["amount"]))
    if kind == "free_action" and effect_["action"] == "produce":
        return msg("scythe.effect.free_produce", count=effect_["params"]["territories"])
    if kind == "free_action":
        return msg("scythe.effect.free_action", action=action(effect_["action"]))
    return msg("scythe.effect.produce_here")


def option_text(cost_: Mapping[str, int], effects: Any, *, hide_coins: bool = False) -> Msg:
    """`Pay $2: gain 2 workers`, or the effects alone when the option costs nothing."""
    gives = tuple(effect(e, hide_coins=hide_coins) for e in effects)
    if not cost_:
        return msg("scythe.effect.free", gives=gives)
    return msg("scythe.effect.paid", cost=amounts(cost_, hide_coins=hide_coins), gives=gives)


def mentions_coins(cost_: Mapping[str, int], effects: Any) -> bool:
    """Whether an option's words carry a number of coins (its cost or a gain)."""
    return bool(cost_.get("coins")) or any(e.get("coins") for e in effects)

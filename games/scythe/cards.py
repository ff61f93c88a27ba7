"""Encounter, Factory and objective cards (spec S14.7, S15.6, S16.5), from `data/*.json`.

The rulebook does not print these texts, so the files hold our designed encounter and Factory
cards (G1, G2) and the single-source objective conditions (G3); each says so in `"about"` and
per card in `"source"`, so a group owning the printed cards can correct them. Every file is
validated in full when first read: only the effect and predicate vocabulary the engine
implements is accepted (no `custom` handlers), and a fault names the file, card and field."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from games.scythe import rules

DATA_DIR = Path(__file__).parent / "data"
ENCOUNTER_FILE, FACTORY_FILE, OBJECTIVE_FILE = "encounters.json", "factory.json", "objectives.json"
ENCOUNTER_COUNT, FACTORY_COUNT, OBJECTIVE_COUNT = 28, 12, 23
OPTION_KEYS = ("A", "B", "C")
SOURCES = ("verified", "single_source", "designed")
GAINS = ("coins", "popularity", "power", "combat_cards")
COST_FIELDS = GAINS
COST_RESOURCES = ("any", *rules.RESOURCES)
ENCOUNTER_FREE_ACTIONS = ("deploy", "build", "enlist", "upgrade")
FACTORY_FREE_ACTIONS = ("produce", *ENCOUNTER_FREE_ACTIONS)
FACTORY_EFFECTS = ("gain", "free_action")  # no placement territory off an encounter
EVENTS = ("forced_retreat",)  # turn events objectives may ask for (A19)
STATS = ("power", "popularity", "coins", "combat_cards_in_hand", "upgrades", "mechs",
         "structures", "recruits", "workers", "combat_stars")
TERRAINS = ("mountain", "forest", "tundra", "farm", "village", "lake")
ADJACENT_TARGETS = ("factory", "same_lake")

# Predicate type -> {field: (allowed values or a type, required)} (S16.5).
PREDICATES: dict[str, dict[str, tuple[Any, bool]]] = {
    "controls_terrain": {"terrain": (TERRAINS, True), "min": (int, True)},
    "controls_tunnels": {"min": (int, True)},
    "controls_factory": {},
    "has_highest_power": {"ties_ok": (bool, True)},
    "stat": {"stat": (STATS, True), "min": (int, False), "max": (int, False)},
    "has_factory_card": {"value": (bool, True)},
    "territory_with": {"character": (bool, True), "mechs_exact": (int, True),
                       "workers_exact": (int, True), "resources_min": (int, True)},
    "tokens_on_one_territory_min": {"min": (int, True)},
    "controls_resources_same_type_min": {"min": (int, True)},
    "controls_each_resource_min": {"min": (int, True)},
    "territory_resources": {"min": (int, True), "each_type_min": (int, True)},
    "controls_adjacent_to": {"target": (ADJACENT_TARGETS, True), "min": (int, True)},
    "workers_equal_recruits": {},
    "event_this_turn": {"event": (EVENTS, True)},
}


class CardDataError(ValueError):
    """A card file is wrong; the message names the file, the card and the field."""


@dataclass(frozen=True)
class Option:
    """One choice on a card. `cost` is a payment cost dict (coins, power, popularity,
    combat_cards, and resources by kind or `any`), zero entries dropped; `effects` are the
    validated effect dicts of S14.7 (shared: never mutate)."""

    key: str
    label: str
    cost: dict[str, int]
    effects: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class EncounterCard:
    id: str
    title: str
    text: str
    options: tuple[Option, ...]
    source: str


@dataclass(frozen=True)
class FactoryCard:
    """A Factory card: its top action pays `cost`, then one of `options` (keys "1", "2", ...);
    its bottom action moves one unit `move_steps` steps (+1 with Speed) (S15.4)."""

    id: str
    title: str
    text: str
    cost: dict[str, int]
    options: tuple[Option, ...]
    move_steps: int
    source: str


@dataclass(frozen=True)
class Objective:
    id: str
    name: str
    text: str
    all_of: tuple[dict[str, Any], ...]
    source: str


# -- accessors --------------------------------------------------------------------------------

def encounter(card_id: str) -> EncounterCard:
    return encounters()[card_id]


def factory_card(card_id: str) -> FactoryCard:
    return factory_cards()[card_id]


def objective(card_id: str) -> Objective:
    return objectives()[card_id]


@cache
def encounters() -> dict[str, EncounterCard]:
    return load_encounters(_read(ENCOUNTER_FILE))


@cache
def factory_cards() -> dict[str, FactoryCard]:
    return load_factory(_read(FACTORY_FILE))


@cache
def objectives() -> dict[str, Objective]:
    return load_objectives(_read(OBJECTIVE_FILE))


def _read(name: str) -> Any:
    try:
        return json.loads((DATA_DIR / name).read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise CardDataError(f"{name} line {err.lineno}: not valid JSON: {err.msg}") from None


# -- loading ------------------------------------------------------------------------------------

def load_encounters(raw: Any) -> dict[str, EncounterCard]:
    """Validate and build the 28 encounter cards of an `encounters.json` document."""
    cards = _cards(raw, ENCOUNTER_FILE, ENCOUNTER_COUNT)
    return {card["id"]: _encounter(card, f"{ENCOUNTER_FILE}: {card['id']}") for card in cards}


def load_factory(raw: Any) -> dict[str, FactoryCard]:
    """Validate and build the 12 Factory cards of a `factory.json` document."""
    cards = _cards(raw, FACTORY_FILE, FACTORY_COUNT)
    return {card["id"]: _factory(card, f"{FACTORY_FILE}: {card['id']}") for card in cards}


def load_objectives(raw: Any) -> dict[str, Objective]:
    """Validate and build the 23 objective cards of an `objectives.json` document."""
    cards = _cards(raw, OBJECTIVE_FILE, OBJECTIVE_COUNT)
    return {card["id"]: _objective(card, f"{OBJECTIVE_FILE}: {card['id']}") for card in cards}


def _cards(raw: Any, name: str, count: int) -> list[dict[str, Any]]:
    """The file's frame: `about`, then `cards` with unique string ids, `count` of them."""
    if not isinstance(raw, dict) or not isinstance(raw.get("about"), str) or not raw["about"]:
        raise CardDataError(f"{name}: must be an object starting with an `about` text")
    cards = raw.get("cards")
    if not isinstance(cards, list) or not all(isinstance(c, dict) for c in cards):
        raise CardDataError(f"{name}: `cards` must be a list of objects")
    seen: set[str] = set()
    for n, card in enumerate(cards):
        cid = card.get("id")
        if not isinstance(cid, str) or not cid:
            raise CardDataError(f"{name}: cards[{n}]: `id` must be a non-empty text")
        if cid in seen:
            raise CardDataError(f"{name}: {cid}: the id is used twice")
        seen.add(cid)
        _need(card, f"{name}: {cid}", {"source": SOURCES})
    if len(cards) != count:
        raise CardDataError(f"{name}: {len(cards)} cards, expected {count}")
    return cards


def _encounter(card: dict[str, Any], where: str) -> EncounterCard:
    _need(card, where, {"title": str, "flavor_text": str, "options": list})
    options = card["options"]
    keys = [o.get("key") if isinstance(o, dict) else None for o in options]
    if tuple(keys) != OPTION_KEYS:
        raise CardDataError(f"{where}: options must be exactly A, B and C, found {keys}")
    built = tuple(_option(o, f"{where} option {o['key']}", ENCOUNTER_FREE_ACTIONS, None)
                  for o in options)
    return EncounterCard(card["id"], card["title"], card["flavor_text"], built, card["source"])


def _factory(card: dict[str, Any], where: str) -> FactoryCard:
    _need(card, where, {"title": str, "text": str, "top": dict, "bottom": dict})
    top, bottom = card["top"], card["bottom"]
    _need(top, f"{where} top", {"cost": dict, "choose_one": list})
    if not top["choose_one"]:
        raise CardDataError(f"{where} top: `choose_one` needs at least one option")
    options = tuple(
        _option({"key": str(n), **choice}, f"{where} top option {n}", FACTORY_FREE_ACTIONS,
                FACTORY_EFFECTS)
        for n, choice in enumerate(top["choose_one"], 1))
    if bottom != {"type": "move_one_unit", "steps": 2, "speed_extra_step": True}:
        raise CardDataError(f"{where} bottom: every Factory card moves one unit 2 steps with "
                            f"the Speed extra step (S15.4), found {bottom}")
    return FactoryCard(card["id"], card["title"], card["text"],
                       _cost(top["cost"], f"{where} top cost"), options, bottom["steps"],
                       card["source"])


def _objective(card: dict[str, Any], where: str) -> Objective:
    _need(card, where, {"name": str, "text": str, "all_of": list})
    if not card["all_of"]:
        raise CardDataError(f"{where}: `all_of` needs at least one predicate")
    for n, predicate in enumerate(card["all_of"]):
        _predicate(predicate, f"{where} all_of[{n}]")
    return Objective(card["id"], card["name"], card["text"], tuple(card["all_of"]),
                     card["source"])


def _option(option: dict[str, Any], where: str, free_actions: tuple[str, ...],
            allowed: tuple[str, ...] | None) -> Option:
    _need(option, where, {"label": str, "effects": list})
    if not option["effects"]:
        raise CardDataError(f"{where}: `effects` needs at least one effect")
    for n, effect in enumerate(option["effects"]):
        _effect(effect, f"{where} effects[{n}]", free_actions, allowed)
    cost = _cost(option.get("cost", {}), f"{where} cost")
    return Option(option["key"], option["label"], cost, tuple(option["effects"]))


def _cost(cost: Any, where: str) -> dict[str, int]:
    """The file's cost (S14.7: counts plus a `resources` object) as one flat cost dict."""
    if not isinstance(cost, dict):
        raise CardDataError(f"{where}: must be an object")
    unknown = set(cost) - {*COST_FIELDS, "resources"}
    if unknown:
        raise CardDataError(f"{where}: unknown cost {sorted(unknown)}")
    resources = cost.get("resources", {})
    if not isinstance(resources, dict) or set(resources) - set(COST_RESOURCES):
        raise CardDataError(f"{where}: `resources` may only hold {list(COST_RESOURCES)}")
    flat = {k: cost[k] for k in COST_FIELDS if k in cost} | dict(resources)
    for key, n in flat.items():
        _count(n, f"{where}: {key}", 0)
    return {k: n for k, n in flat.items() if n}


def _effect(effect: Any, where: str, free_actions: tuple[str, ...],
            allowed: tuple[str, ...] | None) -> None:
    kind = effect.get("type") if isinstance(effect, dict) else None
    if kind not in EFFECTS or (allowed is not None and kind not in allowed):
        known = list(allowed or EFFECTS)
        raise CardDataError(f"{where}: unknown effect type {kind!r} (known: {known})")
    EFFECTS[kind](effect, where, free_actions)


def _gain(effect: dict[str, Any], where: str, _: tuple[str, ...]) -> None:
    _only(effect, where, {"type", *GAINS})
    for key in GAINS:
        if key in effect:
            _count(effect[key], f"{where}: {key}", 0)
    if not any(effect.get(k) for k in GAINS):
        raise CardDataError(f"{where}: a gain must give something")


def _gain_resources(effect: dict[str, Any], where: str, _: tuple[str, ...]) -> None:
    _only(effect, where, {"type", "amount", "kinds"})
    _count(effect.get("amount"), f"{where}: amount", 1)
    kinds = effect.get("kinds")
    if not isinstance(kinds, list) or not kinds or not set(kinds) <= set(COST_RESOURCES) or \
            ("any" in kinds and len(kinds) > 1) or len(set(kinds)) != len(kinds):
        raise CardDataError(f"{where}: kinds must be [\"any\"] or distinct resources of "
                            f"{list(rules.RESOURCES)}, found {kinds!r}")


def _gain_workers(effect: dict[str, Any], where: str, _: tuple[str, ...]) -> None:
    _only(effect, where, {"type", "amount"})
    _count(effect.get("amount"), f"{where}: amount", 1)


def _free_action(effect: dict[str, Any], where: str, free_actions: tuple[str, ...]) -> None:
    action = effect.get("action")
    if action not in free_actions:
        raise CardDataError(f"{where}: free action {action!r} is not one of "
                            f"{list(free_actions)}")
    if effect.get("count") != 1:
        raise CardDataError(f"{where}: a free action has count 1")
    if action == "produce":
        _only(effect, where, {"type", "action", "count", "params"})
        params = effect.get("params")
        if not isinstance(params, dict) or set(params) != {"territories"}:
            raise CardDataError(f"{where}: produce needs params {{\"territories\": n}}")
        _count(params["territories"], f"{where}: params.territories", 1)
    else:
        _only(effect, where, {"type", "action", "count"})


def _produce_here(effect: dict[str, Any], where: str, _: tuple[str, ...]) -> None:
    _only(effect, where, {"type"})


EFFECTS = {"gain": _gain, "gain_resources": _gain_resources, "gain_workers": _gain_workers,
           "free_action": _free_action, "produce_here": _produce_here}


def _predicate(predicate: Any, where: str) -> None:
    kind = predicate.get("type") if isinstance(predicate, dict) else None
    if kind not in PREDICATES:
        raise CardDataError(f"{where}: unknown predicate type {kind!r}")
    fields = PREDICATES[kind]
    _only(predicate, where, {"type", *fields})
    for field, (allowed, required) in fields.items():
        if field not in predicate:
            if required:
                raise CardDataError(f"{where}: {kind} needs `{field}`")
            continue
        value = predicate[field]
        if allowed is int:
            _count(value, f"{where}: {field}", 0)
        elif allowed is bool:
            if not isinstance(value, bool):
                raise CardDataError(f"{where}: `{field}` must be true or false")
        elif value not in allowed:
            raise CardDataError(f"{where}: `{field}` {value!r} is not one of {list(allowed)}")
    if kind == "stat" and "min" not in predicate and "max" not in predicate:
        raise CardDataError(f"{where}: stat needs `min` or `max`")


# -- small checks ---------------------------------------------------------------------------------

def _need(entry: dict[str, Any], where: str, fields: dict[str, Any]) -> None:
    for name, kind in fields.items():
        value = entry.get(name)
        if isinstance(kind, tuple):
            if value not in kind:
                raise CardDataError(f"{where}: `{name}` must be one of {list(kind)}, "
                                    f"found {value!r}")
        elif not isinstance(value, kind) or (kind is str and not value):
            raise CardDataError(f"{where}: `{name}` must be a {_KINDS[kind]}, found {value!r}")


_KINDS = {str: "non-empty text", list: "list", dict: "object"}


def _only(entry: dict[str, Any], where: str, fields: set[str]) -> None:
    unknown = set(entry) - fields
    if unknown:
        raise CardDataError(f"{where}: unknown field {sorted(unknown)}")


def _count(value: Any, where: str, low: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise CardDataError(f"{where} must be a whole number >= {low}, found {value!r}")

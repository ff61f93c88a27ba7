"""The schema of a Redux data pack (docs/redux-engine.md), checked field by field.

A pack is typed in by hand by a group that owns the printed game, so every mistake must come
back as one precise complaint. The checks here return normalised entries (plain dicts with
every field present, costs with every resource) and raise `Fault` with the JSON path of the
value at fault; `data.load_pack` turns that path into the line of the file."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.redux import rules

Path = tuple[str | int, ...]
Check = Callable[[Any, Path], Any]

SOURCES = ("rulebook", "partial", "designed")
PARITIES = ("any", "odd", "even")
WHEN = ("always", "unplaced", "placed")
RESOURCES = ("gold", "rice", "support", "untrained", "trained", "spear", "horse", "crossbow",
             "ship", "weapon", "military", "tribal")
STOCKABLE = tuple(r for r in RESOURCES if r not in ("weapon", "military", "tribal"))  # tokens
BID_GROUPS = ("admin", "combat", "alternating", "battle", "alliance")
BIDDABLE = tuple(a for a, (_, _, kind) in rules.ACTIONS.items() if kind != "tribal")
COST_KEYS = ("gold", "rice", "support", "weapons", "untrained", "trained", "armies")
REQUIREMENTS = ("farm_level", "market_level", "tribal", "office", "military", "occupations",
                "built", "support", "generals")
SCORED = ("farm_level", "market_level", "development", "tribal", "support", "office",
          "military", "occupations", "frontier_vp", "built", "generals", "gold", "rice",
          "weapons", "trained")
UNITS = tuple(rules.UNIT_WEAPON)
GENERALS_PER_NATION = 23
CARDS_PER_DECK = 21
REGIONS_PER_BORDER = 5
GENERAL_DECK = GENERALS_PER_NATION - 1  # the ruler is set aside (R3.L)
# Kinds that only make sense on a general: a card is never "placed" and is never recruited.
GENERAL_ONLY = ("tie_win", "card_stock")


class Fault(Exception):
    """A value at `path` is wrong; `message` says how, starting with the value when useful."""

    def __init__(self, path: Path, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


def show(value: Any) -> str:
    """A value as it would be written in the file, for messages."""
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    return str(value)


# -- scalar checks ----------------------------------------------------------------------------

def integer(low: int, high: int) -> Check:
    def check(value: Any, path: Path) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise Fault(path, f"{show(value)} must be a whole number from {low} to {high}")
        if not low <= value <= high:
            raise Fault(path, f"{value} is not in the range {low}-{high}")
        return value
    return check


def one_of(choices: tuple[str, ...], what: str = "") -> Check:
    def check(value: Any, path: Path) -> str:
        if value not in choices or not isinstance(value, str):
            noun = f" {what}" if what else ""
            raise Fault(path, f"{show(value)} is not one of{noun} {', '.join(choices)}")
        return value
    return check


def text(value: Any, path: Path) -> str:
    if not isinstance(value, str) or not value.strip():
        raise Fault(path, f"{show(value)} must be a non-empty text")
    return value


def boolean(value: Any, path: Path) -> bool:
    if not isinstance(value, bool):
        raise Fault(path, f"{show(value)} must be true or false")
    return value


def as_is(value: Any, path: Path) -> Any:
    """A field checked elsewhere (a tag read first, a section checked on its own)."""
    return value


def optional(check: Check) -> Check:
    def inner(value: Any, path: Path) -> Any:
        return None if value is None else check(value, path)
    return inner


def listing(check: Check, low: int, high: int, unique: bool = False) -> Check:
    """A list of `low` to `high` items, each checked; `unique` refuses repeats."""
    def inner(value: Any, path: Path) -> list:
        if not isinstance(value, list):
            raise Fault(path, f"{show(value)} must be a list")
        if not low <= len(value) <= high:
            raise Fault(path, f"has {len(value)} items, needs {low}-{high}")
        items = [check(item, (*path, n)) for n, item in enumerate(value)]
        for n, item in enumerate(items):
            if unique and item in items[:n]:
                raise Fault((*path, n), f"{show(item)} is listed twice")
        return items
    return inner


def fields(spec: Mapping[str, Check], value: Any, path: Path) -> dict:
    """An object with exactly the keys of `spec`, each checked in the order of `spec`."""
    if not isinstance(value, dict):
        raise Fault(path, f"{show(value)} must be an object")
    duplicate = getattr(value, "duplicate", None)
    if duplicate is not None:
        raise Fault((*path, duplicate), f'key "{duplicate}" appears twice')
    for key in value:
        if key not in spec:
            raise Fault((*path, key), f"is not a known field (known: {', '.join(spec)})")
    out = {}
    for key, check in spec.items():
        if key not in value:
            raise Fault(path, f'misses the field "{key}"')
        out[key] = check(value[key], (*path, key))
    return out


def bag(keys: tuple[str, ...], low: int, high: int, fill: bool) -> Check:
    """An object of amounts by name (a gain, a cost); `fill` adds the missing names as 0."""
    def check(value: Any, path: Path) -> dict[str, int]:
        if not isinstance(value, dict):
            raise Fault(path, f"{show(value)} must be an object of amounts")
        spec = {key: integer(low, high) for key in keys}
        given = {key: value[key] for key in keys if key in value}
        for key in value:
            if key not in spec:
                raise Fault((*path, key), f"is not one of {', '.join(keys)}")
        checked = {key: spec[key](amount, (*path, key)) for key, amount in given.items()}
        return {key: checked.get(key, 0) for key in keys} if fill else checked
    return check


def gain(value: Any, path: Path) -> dict[str, int]:
    out = bag(RESOURCES, 1, 12, fill=False)(value, path)
    if not out:
        raise Fault(path, "gives nothing: name at least one resource")
    return out


# -- abilities and scoring rules --------------------------------------------------------------

def bid_target(value: Any, path: Path) -> str:
    return one_of(BIDDABLE + BID_GROUPS, "the biddable actions or groups")(value, path)


ACTION = one_of(tuple(rules.ACTIONS), "the action ids")
ABILITIES: dict[str, dict[str, Check]] = {
    "bid_bonus": {"amount": integer(1, 3), "actions": listing(bid_target, 1, 20, unique=True)},
    "tie_win": {},
    "action_yield": {"action": ACTION, "gain": gain},
    "round_end_gain": {"gain": gain, "parity": one_of(PARITIES), "when": one_of(WHEN),
                       "unless_performed": optional(ACTION)},
    "round_end_exchange": {"give": gain, "get": gain, "reversible": boolean,
                           "unless_performed": optional(ACTION)},
    "card_stock": {"resource": one_of(STOCKABLE), "amount": integer(1, 15),
                   "take": integer(1, 15), "min_held": integer(0, 15)},
    "upkeep_relief": {"gold": integer(0, 5), "rice": integer(0, 5)},
    "tribal_hold": {"parity": one_of(PARITIES)},
    "tribal_bonus": {"amount": integer(1, 2)},
    "occupy_bonus": {"gain": bag(RESOURCES, 1, 12, fill=False), "vp_token": boolean},
}
SCORING_RULES: dict[str, dict[str, Check]] = {
    "per": {"what": one_of(SCORED), "every": integer(1, 20), "vp": integer(1, 10),
            "max": integer(1, 20)},
    "threshold": {"what": one_of(SCORED), "min": integer(1, 50), "vp": integer(1, 10)},
}


def tagged(table: dict[str, dict[str, Check]], value: Any, path: Path) -> dict:
    """An object whose "kind" picks which parameters it has."""
    kind = tag(value, path, "kind", tuple(table))
    return fields({"kind": as_is, **table[kind]}, value, path)


def ability(value: Any, path: Path) -> dict:
    out = tagged(ABILITIES, value, path)
    if out["kind"] == "upkeep_relief" and not out["gold"] + out["rice"]:
        raise Fault(path, "relieves nothing: give gold or rice above 0")
    if out["kind"] == "occupy_bonus" and not out["gain"] and not out["vp_token"]:
        raise Fault(path, "does nothing: give a gain or set vp_token to true")
    return out


def card_effect(value: Any, path: Path) -> dict:
    out = ability(value, path)
    if out["kind"] in GENERAL_ONLY:
        raise Fault((*path, "kind"), f'"{out["kind"]}" belongs on a general, not on a card')
    if out["kind"] == "round_end_gain" and out["when"] != "always":
        raise Fault((*path, "when"), f'"{out["when"]}" needs a placed general; a card '
                                     'uses "always"')
    return out


def scoring_rule(value: Any, path: Path) -> dict:
    return tagged(SCORING_RULES, value, path)


def requirement(value: Any, path: Path) -> dict:
    return fields({"kind": one_of(REQUIREMENTS), "min": integer(1, 50)}, value, path)


# -- entries ----------------------------------------------------------------------------------

def names(*languages: str, extra: str = "") -> Check:
    """Names in `languages`, plus `extra` when given (the rulebook prints card names in
    Korean only, so a card's Chinese name is optional)."""
    def check(value: Any, path: Path) -> dict:
        spec = {lang: text for lang in languages}
        if extra and isinstance(value, dict) and extra in value:
            spec[extra] = text
        return fields(spec, value, path)
    return check


def slug(prefix: str) -> Check:
    """An id: `prefix` then lower-case letters, digits and underscores."""
    def check(value: Any, path: Path) -> str:
        rest = value[len(prefix):] if isinstance(value, str) and value.startswith(prefix) else ""
        if not rest or not all(c.islower() or c.isdigit() or c == "_" for c in rest):
            raise Fault(path, f'{show(value)} must be "{prefix}" followed by lower-case '
                              "letters, digits or _")
        return value
    return check


def tag(value: Any, path: Path, key: str, choices: tuple[str, ...]) -> str:
    """The field that decides how the rest of an entry is read (a general's nation, ...)."""
    if not isinstance(value, dict):
        raise Fault(path, f"{show(value)} must be an object")
    if key not in value:
        raise Fault(path, f'misses the field "{key}"')
    return one_of(choices)(value[key], (*path, key))


def general(value: Any, path: Path) -> dict:
    nation = tag(value, path, "nation", rules.NATIONS)
    return fields({
        "id": slug(f"{nation}."), "nation": one_of(rules.NATIONS), "name": names("en", "ko", "zh"),
        "ruler": boolean, "admin": integer(1, 5), "combat": integer(1, 5),
        "leadership": integer(1, 2), "officer": one_of(("civil", "military")),
        "specialties": listing(one_of(UNITS), 1, 2, unique=True),
        "abilities": listing(ability, 1, 3), "text": text, "source": one_of(SOURCES),
    }, value, path)


def card(value: Any, path: Path) -> dict:
    deck = tag(value, path, "deck", ("union", "separation"))
    out = fields({
        "id": slug(f"{deck}."), "deck": one_of(("union", "separation")),
        "name": names("en", "ko", extra="zh"), "cost": bag(COST_KEYS, 0, 20, fill=True),
        "requires": listing(requirement, 0, 3), "vp": integer(0, 10),
        "effects": listing(card_effect, 0, 3), "scoring": listing(scoring_rule, 0, 3),
        "text": text, "source": one_of(SOURCES),
    }, value, path)
    if not out["vp"] and not out["effects"] and not out["scoring"]:
        raise Fault(path, "gives nothing: it needs vp, effects or scoring")
    return out


def region(value: Any, path: Path) -> dict:
    return fields({
        "id": slug(""), "name": names("en", "ko", "zh"), "border": one_of(tuple(rules.BORDERS)),
        "unit": one_of(UNITS), "source": one_of(SOURCES),
    }, value, path)


# -- sections ---------------------------------------------------------------------------------

def unique_ids(entries: list[dict], section: str) -> None:
    seen: set[str] = set()
    for n, entry in enumerate(entries):
        if entry["id"] in seen:
            raise Fault((section, n, "id"), f'"{entry["id"]}" is used twice')
        seen.add(entry["id"])


def counted(entries: list[dict], section: str, key: str, groups: tuple[str, ...],
            size: int, noun: str) -> None:
    for group in groups:
        have = sum(1 for e in entries if e[key] == group)
        if have != size:
            raise Fault((section,), f"{group} has {have} {noun}, needs exactly {size}")


def generals(value: Any) -> list[dict]:
    entries = listing(general, 1, 200)(value, ("generals",))
    unique_ids(entries, "generals")
    counted(entries, "generals", "nation", rules.NATIONS, GENERALS_PER_NATION, "generals")
    for n, entry in enumerate(entries):
        ruler = rules.RULERS[entry["nation"]]
        if entry["ruler"] != (entry["id"] == ruler):
            raise Fault(("generals", n, "ruler"),
                        f"{show(entry['ruler'])}: the ruler of {entry['nation']} is {ruler} "
                        "and no other general")
    return entries


def cards(value: Any) -> list[dict]:
    entries = listing(card, 1, 200)(value, ("cards",))
    unique_ids(entries, "cards")
    counted(entries, "cards", "deck", ("union", "separation"), CARDS_PER_DECK, "cards")
    return entries


def regions(value: Any) -> list[dict]:
    entries = listing(region, 1, 100)(value, ("regions",))
    unique_ids(entries, "regions")
    counted(entries, "regions", "border", tuple(rules.BORDERS), REGIONS_PER_BORDER, "regions")
    return entries


def per_nation(value: Any, path: Path) -> dict[str, int]:
    return fields({n: integer(0, GENERAL_DECK) for n in rules.NATIONS}, value, path)


def recruit(value: Any) -> dict[int, dict[str, int]]:
    """G7: how many generals each nation picks in rounds 3, 5 and 9; the decks must last."""
    out = fields({str(r): per_nation for r in rules.RECRUIT_ROUNDS}, value, ("recruit",))
    for nation in rules.NATIONS:
        picks = rules.START[nation]["pick"] + sum(out[r][nation] for r in out)
        if picks > GENERAL_DECK:
            raise Fault(("recruit",), f"{nation} would pick {picks} generals, more than the "
                                      f"{GENERAL_DECK} in its deck")
    return {int(r): counts for r, counts in out.items()}


def header(raw: Any) -> dict:
    """The top-level object: format, name, provenance, and the sections that are present."""
    if not isinstance(raw, dict):
        raise Fault((), f"the pack is {show(raw)}; it must be an object")
    known = ("format", "name", "provenance", "recruit", "generals", "cards", "regions")
    present = {key: as_is for key in known if key in raw}
    for key in ("format", "name", "provenance", "generals"):
        if key not in raw:
            raise Fault((), f'misses the field "{key}"')
    out = fields({**present, "format": one_of(("redux-pack/1",)), "name": text,
                  "provenance": text}, raw, ())
    return out

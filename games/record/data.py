"""The card data of 三國志, loaded once from `data/cards.json` and validated, so a typo in the
data file fails loudly at import with the entry named, instead of deep inside a game."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.core.messages import Msg, Param, Term, msg

DATA_FILE = Path(__file__).parent / "data" / "cards.json"
SIZES = ("small", "medium", "large", "capital")
STRATAGEM_TYPES = ("general", "attack", "defence")


class DataError(ValueError):
    """The data file is wrong; the message names the entry."""


@dataclass(frozen=True)
class CardData:
    """Everything the engine knows about the printed components, by id."""

    rules: dict[str, Any]
    lords: dict[str, dict]
    advisors: dict[str, dict]
    generals: dict[str, dict]
    stratagems: dict[str, dict]  # one entry per physical copy, id "stratagem:key#n"
    cities: dict[str, dict]
    battle_cards: tuple[int, ...]

    @property
    def game_cards(self) -> dict[str, dict]:
        return {**self.generals, **self.stratagems, **self.cities}


def _need(entry: dict, where: str, fields: dict[str, type]) -> None:
    for name, kind in fields.items():
        value = entry.get(name)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise DataError(f"cards.json: {where}: field `{name}` must be {kind.__name__}, "
                            f"got {value!r}")


def _index(entries: list[dict], section: str, prefix: str, fields: dict[str, type]) -> dict:
    out: dict[str, dict] = {}
    for n, entry in enumerate(entries):
        where = f"{section}[{n}] {entry.get('id', '?')}"
        _need(entry, where, {"id": str, "zh": str, "en": str, **fields})
        if not entry["id"].startswith(prefix):
            raise DataError(f"cards.json: {where}: id must start with `{prefix}`")
        if entry["id"] in out:
            raise DataError(f"cards.json: {where}: duplicate id")
        out[entry["id"]] = entry
    return out


def _stratagems(entries: list[dict]) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for n, entry in enumerate(entries):
        where = f"stratagems[{n}] {entry.get('key', '?')}"
        _need(entry, where, {"key": str, "zh": str, "en": str, "type": str, "contest": bool,
                             "count": int, "text_en": str, "text_zh": str, "params": dict})
        if entry["type"] not in STRATAGEM_TYPES:
            raise DataError(f"cards.json: {where}: type must be one of {STRATAGEM_TYPES}")
        if entry["count"] < 1:
            raise DataError(f"cards.json: {where}: count must be at least 1")
        for copy in range(1, entry["count"] + 1):
            card = {k: v for k, v in entry.items() if k != "count"}
            card["id"] = f"stratagem:{entry['key']}#{copy}"
            out[card["id"]] = card
    return out


def _check_cities(cities: dict[str, dict]) -> None:
    for cid, city in cities.items():
        if city["size"] not in SIZES:
            raise DataError(f"cards.json: city {cid}: size must be one of {SIZES}")


def _check_totals(data: CardData, raw: dict) -> None:
    coins = raw["coins"]
    value = sum(c["count"] * c["value"] for k, c in coins.items() if k != "total")
    if value != coins["total"]:
        raise DataError(f"cards.json: coins: pieces add up to {value}元, total says "
                        f"{coins['total']}元")
    intelligences = [a["intelligence"] for a in data.advisors.values()]
    if len(set(intelligences)) != len(intelligences):
        raise DataError("cards.json: advisors: intelligence values must be distinct")
    for key in ("targets", "start_coins", "salary", "draft_size", "bonus", "force_min",
                "force_max"):
        if key not in data.rules:
            raise DataError(f"cards.json: rules: missing `{key}`")


def parse(raw: dict) -> CardData:
    """Validate the raw JSON and index it; raises DataError naming the bad entry."""
    for section in ("rules", "coins", "battle_cards", "lords", "advisors", "generals",
                    "stratagems", "cities"):
        if section not in raw:
            raise DataError(f"cards.json: missing section `{section}`")
    lords = _index(raw["lords"], "lords", "lord:",
                   {"ability_zh": str, "ability_en": str, "ability_name_zh": str,
                    "ability_name_en": str, "once_per_game": bool,
                    "params": dict})
    advisors = _index(raw["advisors"], "advisors", "advisor:",
                      {"intelligence": int, "payout": int})
    generals = _index(raw["generals"], "generals", "general:", {"force": int, "female": bool})
    cities = _index(raw["cities"], "cities", "city:",
                    {"size": str, "cost": int, "walls": int, "tax": int, "points": int})
    _check_cities(cities)
    low, high = raw["battle_cards"]["low"], raw["battle_cards"]["high"]
    data = CardData(raw["rules"], lords, advisors, generals, _stratagems(raw["stratagems"]),
                    cities, tuple(range(low, high + 1)))
    _check_totals(data, raw)
    return data


def load(path: Path = DATA_FILE) -> CardData:
    with path.open(encoding="utf-8") as handle:
        return parse(json.load(handle))


DATA = load()
RULES = DATA.rules
CARDS: dict[str, dict] = {**DATA.lords, **DATA.advisors, **DATA.game_cards}


def kind_of(card_id: str) -> str:
    """"general", "city", "stratagem", "lord" or "advisor": the id's prefix."""
    return card_id.split(":", 1)[0]


def key_of(card_id: str) -> str:
    """A stratagem's kind key without the copy number ("an_sha_ji"); other ids' slug."""
    return card_id.split(":", 1)[1].split("#", 1)[0]


def term(card_id: str) -> Term:
    """The name of a lord, advisor or game card in the reader's language, from
    locales/names.toml: `record.<kind>.<slug>` (every copy of a stratagem shares its name)."""
    return Term(f"record.{kind_of(card_id)}.{key_of(card_id)}")


def ability(lord_id: str) -> Term:
    """The name of a lord's ability (天命, 人和...)."""
    return Term(f"record.ability.{key_of(lord_id)}")


def lord_text(lord_id: str) -> Term:
    """What a lord's ability does, as printed."""
    return Term(f"record.lord_text.{key_of(lord_id)}")


def lord_info(lord_id: str) -> Msg:
    """A lord with its ability and what it does, for choosing one."""
    return msg("record.lords.choice", lord=term(lord_id), ability=ability(lord_id),
               text=lord_text(lord_id))


def shown(arg: object) -> Param:
    """What a refusal shows for an argument a player typed: a known card's name, else the
    words as typed (never an internal id)."""
    if isinstance(arg, str) and arg in CARDS:
        return term(arg)
    return str(arg)


def card_info(card_id: str) -> Msg:
    """A game card's name with what a player weighs it by: a general's force, a city's size,
    cost and walls, a stratagem's type (and 鬥智 when it has an intelligence contest)."""
    kind = kind_of(card_id)
    if kind == "general":
        return msg("record.card.general_info", card=term(card_id),
                   force=DATA.generals[card_id]["force"])
    if kind == "city":
        city = DATA.cities[card_id]
        return msg("record.card.city_info", card=term(card_id),
                   size=Term(f"record.size.{city['size']}"), cost=city["cost"],
                   walls=city["walls"], points=city["points"])
    card = DATA.stratagems[card_id]
    return msg("record.card.stratagem_contest_info" if card["contest"]
               else "record.card.stratagem_info", card=term(card_id),
               type=Term(f"record.type.{card['type']}"))


def advisor_info(advisor_id: str) -> Msg:
    card = DATA.advisors[advisor_id]
    return msg("record.card.advisor_info", card=term(advisor_id),
               intelligence=card["intelligence"], payout=card["payout"])


def deck_term(deck: str) -> Term:
    """game, stratagem, city_general, and the lord, advisor and battle decks."""
    return Term(f"record.deck.{deck}")


def target_cities(players: int) -> int:
    return RULES["targets"][str(players)]

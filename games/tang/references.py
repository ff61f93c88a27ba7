"""What a player may look up in Tang's data (`Game.references`): each character with its
skill, each skill, each 锦囊 with what it does, each city with its region, each region with
its bonus. The names come from the names catalog, the texts from locales/texts.toml (both
five languages, read by bot/i18n/lookup.py); the data's texts here, Chinese and English, are
the fallback for a thing the catalog does not have."""

from __future__ import annotations

from typing import Any

from games.core.references import Reference
from games.tang.data import load_data


def references() -> list[Reference]:
    raw = load_data().raw
    found = []
    for person in raw["characters"]:
        skill = person.get("skill")
        found.append(Reference(
            "character", person["id"], f"tang.character.{person['id']}", _names(person),
            _skill_texts(skill), (("value", person["value"]),)))
        if skill:
            found.append(Reference("skill", skill["id"], f"tang.skill.{skill['id']}",
                                   _names(skill), _texts(skill)))
    for card in raw["jinnang"]:
        found.append(Reference("card", card["id"], f"tang.card.{card['id']}", _names(card),
                               _texts(card), (("copies", card["count"]),)))
    for city in raw["cities"]:
        found.append(Reference("city", city["id"], f"tang.city.{city['id']}", _names(city),
                               facts=(("neighbours", len(city["neighbors"])),)))
    for region in raw["regions"]:
        found.append(Reference("region", region["id"], f"tang.region.{region['id']}",
                               _names(region),
                               facts=(("bonus", region["bonus"]),
                                      ("cities", len(region["cities"])))))
    return found


def _skill_texts(skill: dict[str, Any] | None) -> dict[str, str]:
    """A character's skill, named, as its card reads; nothing for one without a skill."""
    if not skill:
        return {}
    return {"zh": f"{skill['name_zh']}：{skill['text_zh']}",
            "en": f"{skill['name_en']}: {skill['text_en']}"}


def _names(item: dict[str, Any]) -> dict[str, str]:
    return {"zh": item["name_zh"], "en": item["name_en"]}


def _texts(item: dict[str, Any]) -> dict[str, str]:
    return {"zh": item["text_zh"], "en": item["text_en"]}

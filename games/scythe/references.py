"""What a player may look up in Scythe's data (`Game.references`): objective, Factory and
encounter cards with their texts (the names catalog words the rest)."""

from __future__ import annotations

import json
from importlib.resources import files
from typing import Any

from games.core.references import Reference


def references() -> list[Reference]:
    found = [Reference("objective", o["id"], f"scythe.objective.{o['id']}", {"en": o["name"]},
                       {"en": o["text"]}) for o in _cards("objectives.json")]
    found += [Reference("factory", c["id"], f"scythe.factory.{c['id']}", {"en": c["title"]},
                        {"en": c["text"]}) for c in _cards("factory.json")]
    for card in _cards("encounters.json"):
        options = [f"{o['key']}: {o['label']}" for o in card.get("options", [])]
        found.append(Reference("encounter", card["id"], f"scythe.encounter.{card['id']}",
                               {"en": card["title"]},
                               {"en": "\n".join([card.get("flavor_text", ""),
                                                 *options]).strip()}))
    return found


def _cards(name: str) -> list[dict[str, Any]]:
    path = files("games.scythe").joinpath("data", name)
    return list(json.loads(path.read_text("utf-8"))["cards"])

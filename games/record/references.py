"""What a player may look up in Record's data (`Game.references`): lords with their
abilities, advisors, generals and cities with their numbers, stratagems with their texts."""

from __future__ import annotations

import json
from importlib.resources import files

from games.core.references import Reference, facts_of

FACTS = ("force", "intelligence", "payout", "size", "cost", "walls", "tax", "points")


def references() -> list[Reference]:
    data = json.loads(files("games.record").joinpath("data", "cards.json").read_text("utf-8"))
    found = []
    for lord in data["lords"]:
        ident = lord["id"].split(":")[-1]
        found.append(Reference("lord", lord["id"], f"record.lord.{ident}",
                               {"zh": lord["zh"], "en": lord["en"]},
                               {"zh": f"{lord['ability_name_zh']}：{lord['ability_zh']}",
                                "en": f"{lord['ability_name_en']}: {lord['ability_en']}"}))
    for kind, listed in (("advisor", "advisors"), ("general", "generals"), ("city", "cities")):
        for item in data[listed]:
            ident = item["id"].split(":")[-1]
            found.append(Reference(kind, item["id"], f"record.{kind}.{ident}",
                                   {"zh": item["zh"], "en": item["en"]},
                                   facts=facts_of(item, FACTS)))
    for card in data["stratagems"]:
        found.append(Reference("stratagem", f"stratagem:{card['key']}",
                               f"record.stratagem.{card['key']}",
                               {"zh": card["zh"], "en": card["en"]},
                               {"zh": card["text_zh"], "en": card["text_en"]}))
    return found

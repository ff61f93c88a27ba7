"""What a player may look up in Redux's designed data (`Game.references`): generals and cards
with their texts and numbers, and regions."""

from __future__ import annotations

import json
from importlib.resources import files

from games.core.references import Reference, facts_of

FACTS = ("admin", "combat", "leadership", "cost", "vp")


def references() -> list[Reference]:
    data = json.loads(files("games.redux").joinpath("data", "designed.json").read_text("utf-8"))
    found = [Reference("general", g["id"], f"redux.general.{g['id']}", g["name"],
                       {"en": g.get("text", "")}, facts_of(g, FACTS))
             for g in data["generals"]]
    found += [Reference("card", c["id"], f"redux.card.{c['id']}", c["name"],
                        {"en": c.get("text", "")}, facts_of(c, FACTS)) for c in data["cards"]]
    found += [Reference("region", r["id"], f"redux.region.{r['id']}", r["name"])
              for r in data["regions"]]
    return found

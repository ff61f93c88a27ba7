"""What a player may look up in the wargame's data (`Game.references`): each general with
the five abilities the rules roll against, each area with its province, city and power,
each nation with its founder and heirs. Names come from the names catalog (five
languages); the facts from the designed data."""

from __future__ import annotations

from games.core.references import Reference
from games.wargame.data import designed

ABILITIES = ("valour", "intellect", "command", "admin", "diplomacy")


def references() -> list[Reference]:
    raw = designed().raw
    generals = {g["id"]: g for g in raw["generals"]}
    found = []
    for general in raw["generals"]:
        facts = tuple((name, general[name]) for name in ABILITIES if name in general)
        periods = (("periods", f"{general['entry_period']}-{general['exit_period']}"),)
        found.append(Reference("general", general["id"], f"wargame.general.{general['id']}",
                               {"ja": general["name_ja"], "en": general["name_en"]},
                               facts=facts + periods))
    for area in raw["areas"]:
        facts = (("province", area["province"]), ("power", area.get("power", 0)))
        found.append(Reference("area", area["id"], f"wargame.area.{area['id']}",
                               {"ja": area["name_ja"], "en": area["name_en"]}, facts=facts))
    for nation in raw["nations"]:
        heirs = [generals[g]["name_en"] for g in nation.get("succession", []) if g in generals]
        found.append(Reference("nation", nation["id"], f"wargame.nation.{nation['id']}",
                               {"ja": nation["name_ja"], "en": nation["name_en"]},
                               facts=(("heirs", " → ".join(heirs) or "-"),)))
    return found

"""The wargame's data packs (the house capability of games/core/packs.py). The rulebook keeps
no map, counters, tables or cards, so everything but a few constants is the GM team's design
(`data/designed.json`'s provenance); a group that owns the printed game uploads a full data
text of the same format, checked by the same `load_data` as the shipped file."""

from __future__ import annotations

from games.core.packs import SectionedPacks, own_title
from games.wargame.data import DataError, WargameData, designed, digest, load_data


class WargamePacks(SectionedPacks[WargameData]):
    sections = ("areas", "nations", "generals", "cards", "scenarios")
    refusals = (DataError,)

    def read(self, text: str, source: str) -> WargameData:
        return load_data(text, source)

    def designed(self) -> WargameData:
        return designed()

    def title(self, data: WargameData, source: str) -> str:
        return own_title(data.raw, source)

    def digest(self, data: WargameData, text: str) -> str:
        return digest(text)

    def provenance(self, data: WargameData) -> str:
        found = data.raw["provenance"]
        if isinstance(found, dict):
            return str(found.get("summary", ""))
        return str(found)

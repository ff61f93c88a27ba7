"""The wargame's data packs (the house capability of games/core/packs.py). The rulebook keeps
no map, counters, tables or cards, so everything but a few constants is the GM team's design
(`data/designed.json`'s provenance); a group that owns the printed game uploads a full data
text of the same format, checked by the same `load_data` as the shipped file."""

from __future__ import annotations

from typing import Any

from games.core.packs import PackError, PackFormat, PackSummary
from games.wargame.data import DataError, WargameData, designed, digest, load_data

SECTIONS = ("areas", "nations", "generals", "cards", "scenarios")


class WargamePacks(PackFormat):
    def summary(self, text: str, source: str = "pack.json") -> PackSummary:
        """Validate the whole text; PackError names the source and every entry at fault."""
        try:
            data = load_data(text, source)
        except DataError as error:
            raise PackError(str(error)) from None
        return PackSummary(_title(data, source), digest(text), _provenance(data), _counts(data),
                           _changed(data, designed()))


def _title(data: WargameData, source: str) -> str:
    """The pack's own `title` when it gives one (a string), else the file's name."""
    title = data.raw.get("title")
    return title.strip() if isinstance(title, str) and title.strip() else source


def _provenance(data: WargameData) -> str:
    found = data.raw["provenance"]
    if isinstance(found, dict):
        return str(found.get("summary", ""))
    return str(found)


def _entries(data: WargameData, section: str) -> dict[str, Any]:
    return dict(getattr(data, section))


def _counts(data: WargameData) -> dict[str, int]:
    return {section: len(_entries(data, section)) for section in SECTIONS}


def _changed(data: WargameData, base: WargameData) -> dict[str, int]:
    """Entries that differ from the designed values (new entries count as changed)."""
    return {section: sum(1 for key, entry in _entries(data, section).items()
                         if _entries(base, section).get(key) != entry)
            for section in SECTIONS}

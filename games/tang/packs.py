"""Tang's data packs (the house capability of games/core/packs.py). The summary gives the
numbers and gives no characters (spec T0.1, T6: everything but its constants is the GM team's
design, `data/tang-strategy.data.json`'s provenance), so a group that owns the original
prototype uploads a whole data text of the same schema, checked by the same `load_data` as
the designed file; a problem is told with its line and its entry."""

from __future__ import annotations

from typing import Any

from games.core.packs import PackError, PackFormat, PackSummary
from games.tang.data import DataError, TangData, load_data

# The sections whose entries a pack may change, each entry known by its id ("a-b" for a link)
SECTIONS = ("cities", "regions", "links", "characters", "jinnang")


class TangPacks(PackFormat):
    def summary(self, text: str, source: str = "pack.json") -> PackSummary:
        """Validate the whole text; PackError lists every problem with its line and entry."""
        try:
            data = load_data(text, source)
        except DataError as error:
            raise PackError(str(error)) from None
        return PackSummary(_title(data, source), data.digest, _provenance(data), _counts(data),
                           _changed(data, load_data()))


def _title(data: TangData, source: str) -> str:
    """The pack's own `title` when it gives one (a string), else the file's name."""
    title = data.raw.get("title")
    return title.strip() if isinstance(title, str) and title.strip() else source


def _provenance(data: TangData) -> str:
    return str(data.raw["provenance"].get("game", ""))


def _entries(data: TangData, section: str) -> dict[str, Any]:
    if section == "links":
        return {f"{k['a']}-{k['b']}": k for k in data.raw["links"]}
    return {entry["id"]: entry for entry in data.raw[section]}


def _counts(data: TangData) -> dict[str, int]:
    return {section: len(_entries(data, section)) for section in SECTIONS}


def _changed(data: TangData, base: TangData) -> dict[str, int]:
    """Entries that differ from the designed values (new entries count as changed)."""
    return {section: sum(1 for key, entry in _entries(data, section).items()
                         if _entries(base, section).get(key) != entry)
            for section in SECTIONS}

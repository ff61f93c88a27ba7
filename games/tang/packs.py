"""Tang's data packs (the house capability of games/core/packs.py). The summary gives the
numbers and gives no characters (spec T0.1, T6: everything but its constants is the GM team's
design, `data/tang-strategy.data.json`'s provenance), so a group that owns the original
prototype uploads a whole data text of the same schema, checked by the same `load_data` as
the designed file; a problem is told with its line and its entry."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.packs import SectionedPacks, own_title
from games.tang.data import DataError, TangData, load_data


class TangPacks(SectionedPacks[TangData]):
    # The sections whose entries a pack may change, each entry known by its id ("a-b" for
    # a link)
    sections = ("cities", "regions", "links", "characters", "jinnang")
    refusals = (DataError,)

    def read(self, text: str, source: str) -> TangData:
        return load_data(text, source)

    def designed(self) -> TangData:
        return load_data()

    def title(self, data: TangData, source: str) -> str:
        return own_title(data.raw, source)

    def digest(self, data: TangData, text: str) -> str:
        return data.digest

    def provenance(self, data: TangData) -> str:
        return str(data.raw["provenance"].get("game", ""))

    def entries(self, data: TangData, section: str) -> Mapping[str, Any]:
        if section == "links":
            return {f"{k['a']}-{k['b']}": k for k in data.raw["links"]}
        return {entry["id"]: entry for entry in data.raw[section]}

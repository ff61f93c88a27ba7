"""Redux's data packs (the house capability of games/core/packs.py): generals, state
development cards and frontier regions, which the rulebook only pictures (spec G5-G8)."""

from __future__ import annotations

from games.core.packs import SectionedPacks
from games.redux.data import ENTRY_SECTIONS, Pack, designed, load_pack


class ReduxPacks(SectionedPacks[Pack]):
    sections = ENTRY_SECTIONS
    # load_pack raises PackError itself (its DataError is one), naming the line at fault

    def read(self, text: str, source: str) -> Pack:
        return load_pack(text, source=source)

    def designed(self) -> Pack:
        return designed()

    def title(self, data: Pack, source: str) -> str:
        return data.name

    def digest(self, data: Pack, text: str) -> str:
        return data.hash

    def provenance(self, data: Pack) -> str:
        return data.provenance

"""Redux's data packs (the house capability of games/core/packs.py): generals, state
development cards and frontier regions, which the rulebook only pictures (spec G5-G8)."""

from __future__ import annotations

from games.core.packs import PackFormat, PackSummary
from games.redux.data import Pack, designed, load_pack

SECTIONS = ("generals", "cards", "regions")


class ReduxPacks(PackFormat):
    def summary(self, text: str, source: str = "pack.json") -> PackSummary:
        pack = load_pack(text, source=source)
        return PackSummary(pack.name, pack.hash, pack.provenance, _counts(pack),
                           _changed(pack, designed()))


def _counts(pack: Pack) -> dict[str, int]:
    return {section: len(getattr(pack, section)) for section in SECTIONS}


def _changed(pack: Pack, base: Pack) -> dict[str, int]:
    """Entries that differ from the designed values (new entries count as changed)."""
    return {section: sum(1 for key, entry in getattr(pack, section).items()
                         if getattr(base, section).get(key) != entry)
            for section in SECTIONS}

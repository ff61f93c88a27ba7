"""Data packs: a capability any game may offer (declared as `Game.packs`).

Some rulebooks only picture their cards, generals or map values, so a game ships our designed
values and lets a group that owns the printed game upload its own. A pack is a text file
(JSON), validated in full with errors that name the line and the entry, because it is typed
in by hand. A table freezes the pack's text into its options, so editing or removing the
pack later never changes a game that uses it, nor its replay.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass


class PackError(ValueError):
    """The pack cannot be used; the message names the line, the entry and the field."""


@dataclass(frozen=True)
class PackSummary:
    """A validated pack as players read it: its own title, provenance and hash, how many
    entries each section holds and how many of those differ from the designed values."""

    title: str
    hash: str
    provenance: str
    counts: dict[str, int]
    changed: dict[str, int]

    @property
    def label(self) -> str:
        return f"{self.title} ({self.hash})"


class PackFormat(ABC):
    """How a game reads a pack. `option` is the table option that carries the frozen pack
    text (None, or absent, is the designed data)."""

    option: str = "pack"

    @abstractmethod
    def summary(self, text: str, source: str = "pack.json") -> PackSummary:
        """Validate `text` in full; raise PackError naming the line at fault."""

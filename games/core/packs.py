"""Data packs: a capability any game may offer (declared as `Game.packs`).

Some rulebooks only picture their cards, generals or map values, so a game ships our designed
values and lets a group that owns the printed game upload its own. A pack is a text file
(JSON), validated in full with errors that name the line and the entry, because it is typed
in by hand. A table freezes the pack's text into its options, so editing or removing the
pack later never changes a game that uses it, nor its replay.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

DataT = TypeVar("DataT")


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


class SectionedPacks(PackFormat, Generic[DataT]):
    """A pack that is a whole data text of the game's own schema, read by the same loader
    as the designed file (so its checks are the game's, in its module), whose `sections`
    hold entries known by id. Counting them and comparing them with the designed data is
    the same for every such game, so it is done here once."""

    sections: tuple[str, ...] = ()
    # What the game's loader raises for a pack it refuses, told to the uploader as is.
    refusals: tuple[type[Exception], ...] = ()

    def summary(self, text: str, source: str = "pack.json") -> PackSummary:
        try:
            data = self.read(text, source)
        except self.refusals as error:
            raise PackError(str(error)) from None
        mine, base = self._indexed(data), self._indexed(self.designed())
        return PackSummary(
            self.title(data, source), self.digest(data, text), self.provenance(data),
            {section: len(entries) for section, entries in mine.items()},
            {section: sum(1 for key, entry in entries.items() if base[section].get(key) != entry)
             for section, entries in mine.items()})

    @abstractmethod
    def read(self, text: str, source: str) -> DataT:
        """The pack validated by the game's own loader (which raises one of `refusals`)."""

    @abstractmethod
    def designed(self) -> DataT:
        """The game's designed data, which a pack's changes are counted against."""

    @abstractmethod
    def title(self, data: DataT, source: str) -> str:
        """The pack's name as players read it."""

    @abstractmethod
    def digest(self, data: DataT, text: str) -> str:
        """The pack's identity (a short hash), shown beside its title."""

    @abstractmethod
    def provenance(self, data: DataT) -> str:
        """Where the pack's values come from, as it says."""

    def entries(self, data: DataT, section: str) -> Mapping[str, Any]:
        """A section's entries by id; by default the data's attribute of that name."""
        return dict(getattr(data, section))

    def _indexed(self, data: DataT) -> dict[str, Mapping[str, Any]]:
        return {section: self.entries(data, section) for section in self.sections}


def own_title(raw: Mapping[str, Any], source: str) -> str:
    """A pack's own `title` when it gives one (a string), else the file's name."""
    title = raw.get("title")
    return title.strip() if isinstance(title, str) and title.strip() else source

"""The Redux data pack: generals, state development cards, frontier regions, recruit counts.

The rulebook text pictures most of these (spec G5-G8), so they live in a JSON pack that a
group owning the printed game can replace: `data/designed.json` holds our designed values and
says which ones are the rulebook's. A pack is validated in full when loaded, and every
complaint names the file's line and the entry, because it is typed in by hand.

A game freezes its pack into the state (`state["data"]`, canonical JSON), so replaying a game
never depends on which pack file is installed today; `frozen(state)` reads it back, cached."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from pathlib import Path as FilePath
from typing import Any

from games.core.packs import PackError
from games.redux import pack_check
from games.redux.pack_check import Fault, Path

FORMAT = "redux-pack/1"
DATA_FILE = FilePath(__file__).parent / "data" / "designed.json"
ENTRY_SECTIONS = ("generals", "cards", "regions")
OPTIONAL_SECTIONS = ("cards", "regions", "recruit")


class DataError(PackError):
    """The pack is wrong; the message names the line, the entry and the field."""


@dataclass(frozen=True)
class Pack:
    """A validated pack. Entries are plain dicts by id, in file order; never mutate them,
    they are shared by every game running on this pack."""

    name: str
    provenance: str
    hash: str  # 12 hex digits of sha256 of the canonical text (`freeze`)
    generals: dict[str, dict]
    cards: dict[str, dict]
    regions: dict[str, dict]
    recruit: dict[int, dict[str, int]]  # round -> nation -> generals picked (G7)


def load_pack(text: str, source: str = "pack.json") -> Pack:
    """Parse and validate a pack; sections it omits (cards, regions, recruit) come from the
    designed pack, and its provenance says so. Raises DataError naming the line at fault."""
    try:
        raw = json.loads(text, object_pairs_hook=_object)
    except json.JSONDecodeError as err:
        raise DataError(f"{source} line {err.lineno}: not valid JSON: {err.msg} "
                        f"(column {err.colno})") from None
    try:
        return _build(raw)
    except Fault as fault:
        raise DataError(_describe(fault, raw, text, source)) from None


@cache
def designed() -> Pack:
    """The pack shipped with the game (`data/designed.json`)."""
    return load_pack(DATA_FILE.read_text(encoding="utf-8"), source=DATA_FILE.name)


def freeze(pack: Pack) -> str:
    """The canonical text of a pack (sorted keys, no spaces): what a state carries and what
    the hash is taken of, so equal packs give equal text."""
    raw = {
        "format": FORMAT, "name": pack.name, "provenance": pack.provenance,
        "generals": list(pack.generals.values()), "cards": list(pack.cards.values()),
        "regions": list(pack.regions.values()),
        "recruit": {str(r): counts for r, counts in pack.recruit.items()},
    }
    return json.dumps(raw, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def frozen(state: dict) -> Pack:
    """The pack a game runs on, read from its own state."""
    return _thaw(state["data"])


@lru_cache(maxsize=16)
def _thaw(text: str) -> Pack:
    pack = load_pack(text, source="the game's frozen data")
    _TEXTS[pack.hash] = text
    return pack


_TEXTS: dict[str, str] = {}  # the frozen text of every pack a game here has read, by hash


def frozen_text(pack_hash: str) -> str:
    """The canonical text of a pack by its hash, for a sampler that has only a view (which
    names the pack by hash): the designed pack, or one a game in this process has read.
    A pack is public data, so this reveals nothing a seat may not know."""
    if pack_hash not in _TEXTS:
        _thaw(freeze(designed()))
    if pack_hash not in _TEXTS:
        raise KeyError(f"no pack with hash {pack_hash} was read here")
    return _TEXTS[pack_hash]


# -- building ---------------------------------------------------------------------------------

def _build(raw: Any) -> Pack:
    head = pack_check.header(raw)
    generals = pack_check.generals(raw["generals"])
    provenance = head["provenance"]
    missing = [key for key in OPTIONAL_SECTIONS if key not in raw]
    base = designed() if missing else None
    cards = (pack_check.cards(raw["cards"]) if base is None or "cards" in raw
             else list(base.cards.values()))
    regions = (pack_check.regions(raw["regions"]) if base is None or "regions" in raw
               else list(base.regions.values()))
    recruit = (pack_check.recruit(raw["recruit"]) if base is None or "recruit" in raw
               else base.recruit)
    if base is not None:
        provenance += (f" {', '.join(missing).capitalize()} from the pack "
                       f'"{base.name}" ({base.hash}).')
    pack = Pack(name=head["name"], provenance=provenance, hash="",
                generals=_by_id(generals), cards=_by_id(cards),
                regions=_by_id(regions), recruit=recruit)
    digest = hashlib.sha256(freeze(pack).encode("utf-8")).hexdigest()[:12]
    return replace(pack, hash=digest)


def _by_id(entries: list[dict]) -> dict[str, dict]:
    return {entry["id"]: entry for entry in entries}


class _Object(dict):
    """A JSON object that remembers its first repeated key (`json` keeps the last silently)."""

    duplicate: str | None = None


def _object(pairs: list[tuple[str, Any]]) -> _Object:
    out = _Object()
    for key, value in pairs:
        if key in out and out.duplicate is None:
            out.duplicate = key
        out[key] = value
    return out


# -- naming the line at fault -----------------------------------------------------------------

def _describe(fault: Fault, raw: Any, text: str, source: str) -> str:
    """'pack.json line 214: generals[17] (wu.lu_meng): abilities[0].kind "charge" is ...'."""
    path, line = fault.path, _line(text, fault.path)
    if not path:
        return f"{source} line {line}: {fault.message}"
    if path[0] in ENTRY_SECTIONS and len(path) >= 2:
        where = _path_text(path[:2]) + _entry_id(raw, path)
        rest = _path_text(path[2:])
    else:
        where, rest = _path_text(path[:1]), _path_text(path[1:])
    detail = f"{rest} {fault.message}" if rest else fault.message
    return f"{source} line {line}: {where}: {detail}"


def _entry_id(raw: dict, path: Path) -> str:
    section, index = path[0], path[1]
    entries = raw.get(section)
    if isinstance(entries, list) and isinstance(index, int) and index < len(entries):
        entry = entries[index]
        if isinstance(entry, dict) and isinstance(entry.get("id"), str):
            return f" ({entry['id']})"
    return ""


def _path_text(path: Path) -> str:
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else step)
    return out


def _line(text: str, path: Path) -> int:
    """The line where the value at `path` starts; for a path that goes nowhere (a missing
    field), the line of the deepest value that exists. `json` gives no positions for values,
    so this walks the text along the path and skips siblings with `raw_decode`."""
    decoder = json.JSONDecoder()
    pos = _blank(text, 0)
    for step in path:
        found = _child(text, pos, step, decoder)
        if found is None:
            break
        pos = found
    return text.count("\n", 0, pos) + 1


def _child(text: str, pos: int, step: str | int, decoder: json.JSONDecoder) -> int | None:
    """Where the member `step` of the object or array starting at `pos` starts (for a key
    given twice, the last one: the value json keeps)."""
    opener = text[pos] if pos < len(text) else ""
    if opener not in "{[" or (opener == "{") != isinstance(step, str):
        return None
    closer, found, index = ("}" if opener == "{" else "]"), None, 0
    pos = _blank(text, pos + 1)
    while pos < len(text) and text[pos] != closer:
        if opener == "{":
            key, pos = json.decoder.scanstring(text, pos + 1)  # type: ignore[attr-defined]  # the C scanner json.decoder re-exports; typeshed omits it
            pos = _blank(text, _blank(text, pos) + 1)  # past the colon
            found = pos if key == step else found
        elif index == step:
            return pos
        _, pos = decoder.raw_decode(text, pos)
        pos = _blank(text, pos)
        pos = _blank(text, pos + 1) if text[pos:pos + 1] == "," else pos
        index += 1
    return found


def _blank(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\r\n":
        pos += 1
    return pos

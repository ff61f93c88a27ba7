"""Where a data pack's sections and entries stand in its text, so that each problem the loader
finds is told with its line: a pack is typed by hand, and "character guo_ziyi" alone leaves
its writer searching a file of two thousand lines. `json` gives no positions, so the text is
walked with `raw_decode`, one value at a time."""

from __future__ import annotations

import json
import re
from typing import Any

# The first words of a problem that name an entry ("city changan:", "cities a, b:",
# "link a-b:"); other problems name a section ("jinnang: ...", "tracks.minsheng: ...")
_ENTRY = re.compile(r"(city|cities|region|link|crossing type|character|锦囊|nationality) "
                    r"([^\s:,]+)")
_SETUP = re.compile(r"setup_by_player_count N=(\d+)")
_SECTIONS = {"city": "cities", "cities": "cities", "region": "regions", "link": "links",
             "crossing type": "crossing_types", "character": "characters", "锦囊": "jinnang",
             "nationality": "nationalities"}
_WHITE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


def with_lines(text: str, problems: list[str]) -> list[str]:
    """Each problem as "line N: problem" where its entry (else its section) is found."""
    places = positions(text)
    return [_told(problem, places) for problem in problems]


def _told(problem: str, places: dict[str, int]) -> str:
    key = _key(problem)
    line = places.get(key) or places.get(key.split("/")[0])
    return f"line {line}: {problem}" if line else problem


def _key(problem: str) -> str:
    """Where a problem points: "cities/changan", "setup_by_player_count/3", or a section."""
    if match := _SETUP.match(problem):
        return f"setup_by_player_count/{match.group(1)}"
    if match := _ENTRY.match(problem):
        return f"{_SECTIONS[match.group(1)]}/{match.group(2)}"
    if problem.startswith("crossing types"):
        return "crossing_types"
    return re.split(r"[ .:]", problem, maxsplit=1)[0]


def positions(text: str) -> dict[str, int]:
    """The line of each top-level section ("cities") and of each entry of a section, by its
    id, by "a-b" for a link, by "#n" for the n-th, by its key in an object ("crossing_types/
    river"). Only for text that is a JSON object; anything else has no positions."""
    places: dict[str, int] = {}
    pos = _skip(text, 0)
    if not text.startswith("{", pos):
        return places
    for key, start in _members(text, pos):
        places[key] = _line(text, start)
        for entry, at in _entries(text, start):
            places.setdefault(f"{key}/{entry}", _line(text, at))
    return places


def _members(text: str, pos: int) -> list[tuple[str, int]]:
    """The keys of the object starting at `pos`, each with where its value starts."""
    found: list[tuple[str, int]] = []
    pos = _skip(text, pos + 1)
    while text.startswith('"', pos):
        key, pos = _DECODER.raw_decode(text, pos)
        start = _skip(text, _skip(text, pos) + 1)  # past the colon
        _, pos = _DECODER.raw_decode(text, start)
        found.append((key, start))
        pos = _skip(text, pos)
        pos = _skip(text, pos + 1) if text.startswith(",", pos) else pos
    return found


def _entries(text: str, start: int) -> list[tuple[str, int]]:
    """The entries of the section whose value starts at `start`: a list's items by id (and
    by #n), an object's members by key; nothing for a plain value."""
    if text.startswith("{", start):
        return _members(text, start)
    if not text.startswith("[", start):
        return []
    found: list[tuple[str, int]] = []
    pos, number = _skip(text, start + 1), 0
    while pos < len(text) and not text.startswith("]", pos):
        number += 1
        item, end = _DECODER.raw_decode(text, pos)
        found += [(name, pos) for name in _names(item, number)]
        pos = _skip(text, end)
        pos = _skip(text, pos + 1) if text.startswith(",", pos) else pos
    return found


def _names(item: Any, number: int) -> list[str]:
    """"#number", and the item's id ("a-b" for a link) when it has one."""
    named = [f"#{number}"]
    if not isinstance(item, dict):
        return named
    if isinstance(item.get("id"), str):
        return [item["id"], *named]
    if isinstance(item.get("a"), str) and isinstance(item.get("b"), str):
        return [f"{item['a']}-{item['b']}", *named]
    return named


def _skip(text: str, pos: int) -> int:
    match = _WHITE.match(text, pos)
    return match.end() if match else pos


def _line(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1

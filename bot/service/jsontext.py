"""Reading JSON a member uploaded (an exported game, a data pack) within bounds.

Python's parser recurses once per level of nesting and converts numbers of any length, so a
file of 100,000 brackets raises RecursionError and a 5001-digit number ValueError, neither of
which says anything to the person who sent it. Here both are limits with a sentence: far
above anything the bot writes (an export nests about a dozen levels; its numbers are ids,
seeds and counts), far below what costs the process anything.
"""

from __future__ import annotations

import json
from typing import Any

from bot.i18n import Text, text

MAX_DEPTH = 64  # levels of objects and arrays
MAX_DIGITS = 40  # characters of one number (a 64-bit seed has 20)


class JsonRefused(ValueError):
    """The text is JSON the bot will not read, worded for its sender."""

    def __init__(self, reason: Text) -> None:
        super().__init__(str(reason))
        self.reason = reason


def bounded_loads(raw: str, **hooks: Any) -> Any:
    """`json.loads` with the limits above; JSONDecodeError for text that is not JSON."""
    try:
        data = json.loads(raw, parse_int=_int, parse_float=_float, **hooks)
    except RecursionError:
        raise JsonRefused(text("core.json_too_deep", most=MAX_DEPTH)) from None
    if _depth(data) > MAX_DEPTH:
        raise JsonRefused(text("core.json_too_deep", most=MAX_DEPTH))
    return data


def _int(digits: str) -> int:
    _check_length(digits)
    return int(digits)


def _float(digits: str) -> float:
    _check_length(digits)
    return float(digits)


def _check_length(digits: str) -> None:
    if len(digits) > MAX_DIGITS:
        raise JsonRefused(text("core.json_number_too_long", most=MAX_DIGITS))


def _depth(data: Any) -> int:
    """How deeply objects and arrays nest, without recursion (the parser took it)."""
    deepest, pending = 0, [(data, 1)]
    while pending:
        value, level = pending.pop()
        children = (value.values() if isinstance(value, dict)
                    else value if isinstance(value, list) else None)
        if children is None:
            continue
        deepest = max(deepest, level)
        if level <= MAX_DEPTH:
            pending.extend((child, level + 1) for child in children)
    return deepest

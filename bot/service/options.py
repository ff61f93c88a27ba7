"""Table options typed as text (`advanced=true two_player_lords=yes`), for `/game new` and
`gm simulate`, and as a table shows them. The game itself checks names and values
(`Game.resolve_options`)."""

from __future__ import annotations

import functools
from typing import Any

from games.core import Game
from games.core.packs import PackFormat

DESIGNED_PACK = "designed"  # the pack option's value for the game's own designed data
_BOOLEANS = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}


def parse_options(text: str | list[str]) -> dict[str, object]:
    """`"advanced=true, seats=3"` or `["advanced=true"]` → {"advanced": True, "seats": 3}."""
    pairs = text.replace(",", " ").split() if isinstance(text, str) else text
    options: dict[str, object] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep or not name.strip() or not raw.strip():
            raise ValueError(f"Option `{pair}` should look like name=value, e.g. advanced=true.")
        options[name.strip().lower()] = _value(raw.strip())
    return options


def _value(raw: str) -> object:
    lowered = raw.lower()
    if lowered in _BOOLEANS:
        return _BOOLEANS[lowered]
    if lowered.lstrip("-").isdigit():
        return int(lowered)
    return raw


def shown_options(engine: Game, options: dict[str, Any]) -> dict[str, Any]:
    """The options as a table shows them: a frozen data pack by its title and hash, not its
    text (None is the engine's designed data)."""
    packs = engine.packs
    if packs is None or packs.option not in options:
        return options
    frozen = options[packs.option]
    label = DESIGNED_PACK if frozen is None else _pack_label(packs, frozen)
    return {**options, packs.option: label}


@functools.lru_cache(maxsize=32)
def _pack_label(packs: PackFormat, pack_text: str) -> str:
    return packs.summary(pack_text).label

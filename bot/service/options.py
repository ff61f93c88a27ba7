"""Table options typed as text (`advanced=true two_player_lords=yes`), for `/game new` and
`gm simulate`, and as a table shows them, each with what it does in the reader's language
(`games/<game>/locales/options.toml`). The game itself checks names and values
(`Game.resolve_options`)."""

from __future__ import annotations

import functools
from typing import Any

from bot.i18n import catalog, t
from games.core import Game, get_game
from games.core.game import Option
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


# -- what each option does, in the reader's language ----------------------------------------
SUGGESTIONS = 25  # Discord offers at most 25 autocomplete choices
CHOICE_LENGTH = 100  # and each choice's name and value at most 100 characters


def option_key(game: str, name: str) -> str:
    """The catalog key of what an option does: `games/<game>/locales/options.toml`."""
    return f"{game}.option.{name}"


def option_text(engine: Game, option: Option, locale: str) -> str:
    """What the option does in the reader's language; the engine's own note only for a game
    whose catalog does not word it yet."""
    key = option_key(engine.name, option.name)
    return t(key, locale) if key in catalog() else option.description


def option_lines(game: str, shown: dict[str, Any], locale: str) -> list[str]:
    """Every option of a table as a player would type it, with what it does:
    "`trade_rates=spread` — Trade rates: ...". `shown` are the table's options as
    `shown_options` gives them (a pack by its label); one left out reads as its default."""
    engine = get_game(game)
    shown = {**shown_options(engine, engine.default_options()), **shown}
    return [f"`{o.name}={_typed(shown[o.name])}` — {option_text(engine, o, locale)}"
            for o in engine.options]


def option_suggestions(game: str, typed: str, locale: str) -> list[tuple[str, str]]:
    """`/game new`'s help as the options are typed: (what is shown, what is filled in) for
    each `name=value` the last word may become, with what it does; the words typed before
    it are kept. Options without a list of values (a pack) are typed freely."""
    engine = get_game(game)
    words = typed.replace(",", " ").split(" ")
    done, last = " ".join(w for w in words[:-1] if w), words[-1].lower()
    given = {w.partition("=")[0].lower() for w in words[:-1]}
    found = []
    for option in engine.options:
        values = option.choices or ((True, False) if isinstance(option.default, bool) else ())
        for value in values if option.name not in given else ():
            pair = f"{option.name}={_typed(value)}"
            if pair.startswith(last):
                filled = f"{done} {pair}".strip()
                found.append((_cut(f"{pair} — {option_text(engine, option, locale)}"), filled))
    return [(shown, filled) for shown, filled in found if len(filled) <= CHOICE_LENGTH][
        :SUGGESTIONS]


def _typed(value: Any) -> str:
    """A value as a player types it: `true`, `spread`, nothing for an unset one."""
    if isinstance(value, bool):
        return str(value).lower()
    return "" if value is None else str(value)


def _cut(text: str) -> str:
    return text if len(text) <= CHOICE_LENGTH else text[:CHOICE_LENGTH - 1] + "…"

"""Player-facing text in five languages: English, Korean, Simplified and Traditional Chinese,
Japanese.

Texts live in catalogs, `bot/i18n/locales/<area>.toml` for the house and
`games/<name>/locales/*.toml` for each registered game (its title, its extra commands, its
own texts), one table per key with a string for each locale:

    ["clock.reminder"]
    en = "{who}: your turn ends {when}."
    ko = "..."

A feature owns the catalog of its area, so features built side by side never edit the same
file. Keys are unique across catalogs; `tests/bot/i18n/test_i18n.py` fails when a key lacks a locale
or a translation drops or invents a `{placeholder}`.

Which language a reader gets: their own choice (`/me language`) first, else their Discord
client's locale when we speak it, else the server's language (`/gm set language`), else
English (`ServerSettings.reader_locale`). The thread of a game speaks the server's language,
since several readers share it (`ServerSettings.thread_locale`).

Slash commands are localised separately, once, when the tree is synced: `bot/discord/translator.py`
reads their `cmd.*` and `choice.*` keys.
"""

from __future__ import annotations

import functools
import string
import tomllib
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import Any

from games.core.registry import GAME_PACKAGES

LOCALES = ("en", "ko", "zh-CN", "zh-TW", "ja")
DEFAULT_LOCALE = "en"
CATALOG_DIR = Path(__file__).parent / "locales"
# Discord's locale codes (discord.Locale values) to ours: every English variant is English,
# every Spanish one falls back to the default.
DISCORD_LOCALES = {"en-US": "en", "en-GB": "en", "ko": "ko", "zh-CN": "zh-CN",
                   "zh-TW": "zh-TW", "ja": "ja"}


class CatalogError(Exception):
    """A catalog file is malformed: the bot must not start with a broken language."""


def catalog_files() -> list[Path]:
    """The house's catalogs, then each registered game's, in registration order."""
    folders = [CATALOG_DIR, *(Path(str(files(package))) / "locales"
                              for package in GAME_PACKAGES)]
    return [path for folder in folders for path in sorted(folder.glob("*.toml"))]


@functools.cache
def catalog() -> dict[str, dict[str, str]]:
    """Every key of every catalog file, key -> locale -> text."""
    merged: dict[str, dict[str, str]] = {}
    for path in catalog_files():
        with path.open("rb") as file:
            try:
                entries = tomllib.load(file)
            except tomllib.TOMLDecodeError as error:
                raise CatalogError(f"{path.name}: {error}") from None
        for key, texts in entries.items():
            if key in merged:
                raise CatalogError(f"{path.name}: key {key!r} is defined in another catalog")
            if not isinstance(texts, dict) or DEFAULT_LOCALE not in texts:
                raise CatalogError(f"{path.name}: key {key!r} has no {DEFAULT_LOCALE} text")
            merged[key] = {str(k): str(v) for k, v in texts.items()}
    return merged


def t(key: str, locale: str | None = None, /, **params: Any) -> str:
    """The text of `key` in `locale` (English when the catalog lacks it), filled with
    `params`. An unknown key raises KeyError: a typo must fail in the tests, not show."""
    texts = catalog()[key]
    return texts.get(locale or DEFAULT_LOCALE, texts[DEFAULT_LOCALE]).format(**params)


def placeholders(text: str) -> set[str]:
    """The `{names}` a text fills in, for checking that translations keep them."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def pick_locale(*candidates: str | None) -> str:
    """The first candidate we speak (Discord locale codes or ours), else English."""
    for candidate in candidates:
        if candidate is None:
            continue
        ours = DISCORD_LOCALES.get(candidate, candidate)
        if ours in LOCALES:
            return ours
    return DEFAULT_LOCALE


@dataclass(frozen=True)
class Text:
    """A text not yet put into a language: the service words refusals and news with it, and
    the cog that knows the reader renders it. `str()` is the English text (logs, terminal)."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def render(self, locale: str | None = None) -> str:
        params = {k: v.render(locale) if isinstance(v, Text) else v
                  for k, v in self.params.items()}
        return t(self.key, locale, **params)

    def __str__(self) -> str:
        return self.render(DEFAULT_LOCALE)


def text(key: str, /, **params: Any) -> Text:
    """Shorthand: `raise ServiceError(text("game.not_your_turn", waiting=names))`."""
    return Text(key, params)

"""Player-facing text in five languages: English, Korean, Simplified and Traditional Chinese,
Japanese.

Texts live in catalogs (`catalog.py`): `bot/i18n/locales/<area>.toml` for the house,
`games/core/locales/` for what every engine says, `games/<name>/locales/*.toml` for each
registered game (its title, its extra commands, its events, prompts and refusals), one table
per key with a Project Fluent pattern for each locale:

    ["clock.reminder"]
    en = "{ $who }: your turn ends { $when }."
    ko = "..."

A feature owns the catalog of its area, so features built side by side never edit the same
file. Keys are unique across catalogs; `tests/bot/i18n/test_i18n.py` fails when a key lacks a
locale, a text does not parse, or a translation drops or invents a `{ $variable }`.

Engines say messages (`games.core.messages.Msg`); `words(message, Reader(...))` puts one into a
reader's language with the table's names (`words.py`). The house says `Text`, the same thing
with a shorthand to render it.

Which language a reader gets: their own choice (`/me language`) first, else their Discord
client's locale when we speak it, else the server's language (`/gm set language`), else
English (`ServerSettings.reader_locale`). The thread of a game speaks the server's language,
since several readers share it (`ServerSettings.thread_locale`).

Slash commands are localised separately, once, when the tree is synced: `bot/discord/translator.py`
reads their `cmd.*` and `choice.*` keys.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.i18n.catalog import CATALOG_DIR, DEFAULT_LOCALE, LOCALES, CatalogError, catalog
from bot.i18n.words import Reader, listed, t, words
from games.core.messages import Msg, Term, set_english

__all__ = ["CATALOG_DIR", "DEFAULT_LOCALE", "DISCORD_LOCALES", "LOCALES", "CatalogError",
           "Reader", "Text", "catalog", "game_title", "listed", "pick_locale", "t", "text",
           "words"]

# Discord's locale codes (discord.Locale values) to ours: every English variant is English,
# every Spanish one falls back to the default.
DISCORD_LOCALES = {"en-US": "en", "en-GB": "en", "ko": "ko", "zh-CN": "zh-CN",
                   "zh-TW": "zh-TW", "ja": "ja"}


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
class Text(Msg):
    """A message of the house not yet put into a language: the service words refusals and
    news with it, and the cog that knows the reader renders it. `str()` is the English text
    (logs, terminal)."""

    def render(self, locale: str | None = None) -> str:
        return words(self, Reader(locale or DEFAULT_LOCALE))

    def __str__(self) -> str:
        return self.render(DEFAULT_LOCALE)


set_english(words)


def game_title(game: str) -> Term:
    """A game's title in the reader's language (its `/game new` choice), as a parameter."""
    return Term(f"choice.game.{game}")


def text(key: str, /, **params: Any) -> Text:
    """Shorthand: `raise ServiceError(text("game.not_your_turn", waiting=names))`."""
    return Text(key, params)

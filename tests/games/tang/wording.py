"""Tang messages in words before the game is registered: the house catalogs (bot/i18n) read
only registered games, so tests word Tang's messages with the same Fluent machinery over the
engine core's catalog and Tang's own (games/tang/locales)."""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from babel.lists import format_list
from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.types import fluent_number

from bot.i18n.catalog import LOCALES, _source, fluent_id
from bot.i18n.functions import FUNCTIONS, Who
from games.core.messages import Msg, Said, Seat, Term

ROOT = Path(__file__).resolve().parents[3]
TANG = ROOT / "games" / "tang" / "locales"
CORE = ROOT / "games" / "core" / "locales"
BABEL = {"en": "en", "ko": "ko", "zh-CN": "zh_Hans_CN", "zh-TW": "zh_Hant_TW", "ja": "ja"}


@functools.cache
def tang_catalog() -> dict[str, dict[str, str]]:
    merged: dict[str, dict[str, str]] = {}
    for path in sorted(TANG.glob("*.toml")):
        with path.open("rb") as file:
            for key, texts in tomllib.load(file).items():
                assert key not in merged, f"{path.name}: {key} twice"
                merged[key] = {str(k): str(v) for k, v in texts.items()}
    return merged


@functools.cache
def _catalog() -> dict[str, dict[str, str]]:
    merged = dict(tang_catalog())
    for path in sorted(CORE.glob("*.toml")):
        with path.open("rb") as file:
            merged.update(tomllib.load(file))
    return merged


@functools.cache
def _bundle(locale: str) -> FluentBundle:
    made = FluentBundle([locale], functions=FUNCTIONS,  # type: ignore[arg-type]
                        use_isolating=False)
    made.add_resource(FluentResource("\n".join(
        f"{fluent_id(key)} = {_source(texts[locale])}" for key, texts in _catalog().items()
        if locale in texts)))
    return made


def words(said: Said, locale: str = "en", names: Sequence[str] = (),
          seat: int | None = None) -> str:
    if not isinstance(said, Msg):
        return str(said)
    return fill(said.key, dict(said.params), locale, names, seat)


def fill(key: str, params: dict[str, Any], locale: str = "en", names: Sequence[str] = (),
         seat: int | None = None) -> str:
    bundle = _bundle(locale)
    message = bundle.get_message(fluent_id(key))
    assert message.value is not None, key
    args = {name: _arg(value, locale, names, seat) for name, value in params.items()}
    text, errors = bundle.format_pattern(message.value, args)
    assert not errors, f"{key} ({locale}): {errors}"
    return str(text)


def _name(index: int, names: Sequence[str]) -> str:
    return names[index] if index < len(names) else f"P{index + 1}"


def _arg(value: Any, locale: str, names: Sequence[str], seat: int | None) -> Any:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, float)):
        return fluent_number(value, useGrouping=False)
    if isinstance(value, Seat):
        return Who(_name(value.index, names), value.index == seat)
    if isinstance(value, (list, tuple)):
        return format_list([_plain(v, locale, names, seat) for v in value],
                           locale=BABEL[locale])
    return _plain(value, locale, names, seat)


def _plain(value: Any, locale: str, names: Sequence[str], seat: int | None) -> str:
    if isinstance(value, Msg):
        return words(value, locale, names, seat)
    if isinstance(value, Term):
        return fill(value.key, {}, locale, names, seat)
    if isinstance(value, Seat):
        return _name(value.index, names)
    if isinstance(value, (list, tuple)):
        return str(_arg(value, locale, names, seat))
    return str(value)


__all__ = ["LOCALES", "fill", "tang_catalog", "words"]

"""The catalogs: every key's text in each language, as Project Fluent patterns.

A catalog is a TOML file of tables, one per key, with a Fluent pattern for each locale, so a
translator sees the five languages of a key side by side:

    ["record.draws"]
    en = '''{ PERSON($who) ->
        [you] You draw
       *[other] { $who } draws
    } { $count ->
        [one] a card
       *[other] { $count } cards
    }.'''
    ko = "{ $who }: 카드 { $count }장을 뽑습니다."

Variables are `{ $name }`; plurals and grammatical person are Fluent selectors, with the
plural rules of each language (CLDR, through Babel), so they are right by construction. A
select expression spans lines in Fluent; write it in a TOML multi-line string. A line of a
plain text that begins with `[`, `*` or `.` is escaped here, since Fluent reads those as
variant keys or attributes.

Catalog files: `bot/i18n/locales/*.toml` for the house, `games/core/locales/*.toml` for what
every engine shares, `games/<name>/locales/*.toml` for each registered game.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path

from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax import ast, parse

from bot.i18n.functions import FUNCTIONS
from games.core.registry import GAME_PACKAGES

LOCALES = ("en", "ko", "zh-CN", "zh-TW", "ja")
DEFAULT_LOCALE = "en"
CATALOG_DIR = Path(__file__).parent / "locales"
_ESCAPED_LINE = re.compile(r"^([ \t]*)([\[*.])", re.MULTILINE)


class CatalogError(Exception):
    """A catalog file is malformed: the bot must not start with a broken language."""


def catalog_files() -> list[Path]:
    """The house's catalogs, the engines' shared one, then each registered game's."""
    folders = [CATALOG_DIR, Path(str(files("games.core"))) / "locales",
               *(Path(str(files(package))) / "locales" for package in GAME_PACKAGES)]
    return [path for folder in folders for path in sorted(folder.glob("*.toml"))]


@functools.cache
def catalog() -> dict[str, dict[str, str]]:
    """Every key of every catalog file, key -> locale -> Fluent pattern."""
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


def fluent_id(key: str) -> str:
    """Our keys have dots, which Fluent identifiers may not."""
    return "k-" + key.replace(".", "--")


@functools.cache
def bundle(locale: str) -> FluentBundle:
    """The Fluent bundle of one language: every key that has a text in it."""
    made = FluentBundle([locale], functions=FUNCTIONS,  # type: ignore[arg-type]
                        use_isolating=False)  # (its stub wants FluentType; a str is fine)
    made.add_resource(FluentResource("\n".join(_entries(locale))))
    return made


def _entries(locale: str) -> Iterator[str]:
    for key, texts in catalog().items():
        if locale in texts:
            yield f"{fluent_id(key)} = {_source(texts[locale])}"


def _source(pattern: str) -> str:
    """A pattern as the value of a Fluent message: continuation lines indented, the lines
    of a plain text that Fluent would misread escaped, and the spaces at either end kept
    (Fluent trims them; " · ruler" is meant to follow another text)."""
    if "->" not in pattern:
        pattern = _ESCAPED_LINE.sub(r'\1{"\2"}', pattern)
    core = pattern.strip()
    start, end = pattern[:len(pattern) - len(pattern.lstrip())], pattern[len(pattern.rstrip()):]
    pattern = _literal(start) + core + _literal(end)
    return pattern.replace("\n", "\n    ")


def _literal(spaces: str) -> str:
    """Whitespace as a Fluent string literal, which keeps it."""
    return '{"' + "".join(f"\\u{ord(c):04X}" for c in spaces) + '"}' if spaces else ""


def check_pattern(key: str, locale: str, pattern: str) -> set[str]:
    """The variables a pattern reads; CatalogError when Fluent cannot read it whole."""
    resource = parse(f"{fluent_id(key)} = {_source(pattern)}\n")
    body = resource.body
    if len(body) != 1 or not isinstance(body[0], ast.Message) or body[0].value is None:
        raise CatalogError(f"{key} ({locale}): Fluent cannot read {pattern!r}")
    return _variables(body[0].value)


def _variables(node: object) -> set[str]:
    found: set[str] = set()
    if isinstance(node, ast.VariableReference):
        found.add(node.id.name)
    if isinstance(node, ast.BaseNode):
        for value in vars(node).values():
            for child in value if isinstance(value, list) else [value]:
                found |= _variables(child)
    return found

"""Nothing a player reads lacks a translation: every catalog key has its five locales, each a
Fluent pattern that parses whole, with the same variables, every key the code names exists,
every slash command, group, parameter and choice has its localised name and description
within Discord's limits, and the files converted so far raise no refusal with a literal
English text."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.app_commands import TranslationContext, locale_str
from discord.app_commands import TranslationContextLocation as Where

from bot.discord.translator import CatalogTranslator, valid_name, valid_text
from bot.i18n import DEFAULT_LOCALE, LOCALES, CatalogError, catalog, t
from bot.i18n.catalog import check_pattern
from games.redux.pack_check import COST_KEYS, REQUIREMENTS
from tests.cogs.conftest import harness as cog_harness  # noqa: F401 (the bot's fixture)
from tests.cogs.conftest import wrap_repo  # noqa: F401 (the repository the harness wraps)
from tests.cogs.harness import Harness

ROOT = Path(__file__).resolve().parents[3]
SOURCES = ("bot", "cogs", "games")
TEXT_FUNCTIONS = {"t", "text", "Text", "msg", "Msg"}
# Files that still raise ServiceError with a literal English text; a file leaves this set
# when its texts move to a catalog (the lead shrinks it as features land).
NOT_CONVERTED: set[str] = set()
TABLE_STATUSES = ("open", "running", "paused", "finished", "abandoned")  # bot/models.Table
TRANSLATED = [locale for locale in LOCALES if locale != DEFAULT_LOCALE]


# -- the catalogs ---------------------------------------------------------------------------
def variables(key: str, locale: str, text: str, problems: list[str]) -> set[str]:
    try:
        return check_pattern(key, locale, text)
    except CatalogError as error:
        problems.append(str(error))
        return set()


# Korean and Japanese drop a subject the sentence already named ("Ann cannot train: has no
# untrained army"), so their texts may leave out `who`; no other variable may go missing.
DROPPED_SUBJECT = {"ko": {"who"}, "ja": {"who"}}


def test_every_key_has_all_five_locales_with_the_same_variables():
    problems: list[str] = []
    for key, texts in catalog().items():
        english = variables(key, DEFAULT_LOCALE, texts[DEFAULT_LOCALE], problems)
        for locale in LOCALES:
            text = texts.get(locale, "")
            droppable = DROPPED_SUBJECT.get(locale, set())
            if not text.strip():
                problems.append(f"{key}: no {locale} text")
            elif not ((found := variables(key, locale, text, problems)) <= english
                      and english - found <= droppable):
                problems.append(f"{key} [{locale}]: variables {sorted(found)}"
                                f" instead of {sorted(english)}")
        problems += [f"{key}: unknown locale {extra}" for extra in set(texts) - set(LOCALES)]
    assert not problems, "\n".join(problems)


def source_calls() -> Iterator[tuple[str, ast.Call]]:
    """Every call in the bot's Python files, with the file's path from the project root."""
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            relative = path.relative_to(ROOT).as_posix()
            yield from ((relative, node) for node in ast.walk(tree)
                        if isinstance(node, ast.Call))


def called_name(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    return call.func.attr if isinstance(call.func, ast.Attribute) else None


def test_every_key_the_code_names_exists():
    keys = catalog()
    missing = [f"{path}:{call.lineno}: {call.args[0].value}"
               for path, call in source_calls()
               if called_name(call) in TEXT_FUNCTIONS and call.args
               and isinstance(call.args[0], ast.Constant)
               and isinstance(call.args[0].value, str) and call.args[0].value not in keys]
    assert not missing, "unknown catalog keys:\n" + "\n".join(missing)


@pytest.mark.parametrize("key", [
    *(f"core.status.{status}" for status in TABLE_STATUSES),
    *(f"redux.resource.{kind}" for kind in COST_KEYS),
    *(f"redux.requirement.{kind}" for kind in REQUIREMENTS),
])
def test_keys_built_from_game_data_exist(key):
    assert t(key)


def test_converted_files_raise_no_literal_refusal():
    literal: dict[str, list[int]] = {}
    for path, call in source_calls():
        if called_name(call) == "ServiceError" and call.args and (
                isinstance(call.args[0], ast.JoinedStr)
                or (isinstance(call.args[0], ast.Constant)
                    and isinstance(call.args[0].value, str))):
            literal.setdefault(path, []).append(call.lineno)
    converted = {path: lines for path, lines in literal.items() if path not in NOT_CONVERTED}
    assert not converted, f"refusals with a literal text (use text(key)): {converted}"
    assert set(literal) >= NOT_CONVERTED, (
        f"converted now, remove from NOT_CONVERTED: {sorted(NOT_CONVERTED - set(literal))}")


# -- the command tree -----------------------------------------------------------------------
@pytest.fixture
def translator(request: pytest.FixtureRequest) -> CatalogTranslator:
    """The translator the bot installed on its whole tree, logged in to the fake Discord."""
    harness: Harness = request.getfixturevalue("cog_harness")
    installed = harness.bot.tree.translator
    assert isinstance(installed, CatalogTranslator)
    return installed


Context = TranslationContext[Any, Any]


def translatable(tree: app_commands.CommandTree[Any]) -> Iterator[tuple[Context, str]]:
    """Every string Discord shows for the tree, with its context and its English text."""
    for command in tree.walk_commands():
        if isinstance(command, app_commands.Group):
            yield TranslationContext(Where.group_name, command), command.name
            yield TranslationContext(Where.group_description, command), command.description
            continue
        yield TranslationContext(Where.command_name, command), command.name
        yield TranslationContext(Where.command_description, command), command.description
        for parameter in command.parameters:
            yield TranslationContext(Where.parameter_name, parameter), parameter.display_name
            yield (TranslationContext(Where.parameter_description, parameter),
                   str(parameter.description))
            for choice in parameter.choices:
                yield TranslationContext(Where.choice_name, choice), choice.name


async def test_every_command_parameter_and_choice_has_its_keys(translator):
    problems = []
    for context, english in translatable(translator.tree):
        key = translator.key(context)
        texts = catalog().get(key or "")
        if texts is None:
            problems.append(f"{context.location.name} {english!r}: no key {key}")
        elif texts[DEFAULT_LOCALE] != english:
            problems.append(f"{key}: the catalog's English {texts[DEFAULT_LOCALE]!r} differs "
                            f"from the code's {english!r}")
    assert not problems, "\n".join(problems)


async def test_localised_names_and_descriptions_meet_discords_limits(translator):
    problems = []
    for context, english in translatable(translator.tree):
        naming = context.location in (Where.command_name, Where.group_name,
                                      Where.parameter_name)
        for locale in TRANSLATED:
            text = catalog().get(translator.key(context) or "", {}).get(locale, "")
            if not (valid_name(text) if naming else valid_text(text)):
                problems.append(f"{translator.key(context)} [{locale}]: {text!r}")
            elif await translator.translate(locale_str(english), discord.Locale(locale),
                                            context) != text:
                problems.append(f"{translator.key(context)} [{locale}]: not translated")
    assert not problems, "Discord would refuse:\n" + "\n".join(problems)


async def test_localised_names_are_unique_among_their_siblings(translator):
    """Discord refuses a tree where two subcommands, or two parameters of one command, share
    a name in some language."""
    siblings: dict[tuple[str, str], list[str]] = {}
    for context, _ in translatable(translator.tree):
        if context.location in (Where.command_name, Where.group_name):
            parent = context.data.parent.qualified_name if context.data.parent else "/"
        elif context.location is Where.parameter_name:
            parent = context.data.command.qualified_name
        else:
            continue
        for locale in TRANSLATED:
            name = catalog().get(translator.key(context) or "", {}).get(locale, "")
            siblings.setdefault((parent, locale), []).append(name)
    repeated = {where: sorted({n for n in names if names.count(n) > 1})
                for where, names in siblings.items() if len(set(names)) < len(names)}
    assert not repeated, f"names used twice: {repeated}"


async def test_english_and_unknown_languages_keep_the_codes_text(translator):
    context, english = next(translatable(translator.tree))
    for locale in (discord.Locale.american_english, discord.Locale.british_english,
                   discord.Locale.french):
        assert await translator.translate(locale_str(english), locale, context) is None


@pytest.mark.parametrize("name, ok", [
    ("game", True), ("게임", True), ("ゲーム", True), ("交換レート", True), ("trade_rates", True),
    ("हिन्दी", True), ("ภาษาไทย", True), ("a-b", True), ("x" * 32, True),
    ("Game", False), ("two words", False), ("", False), ("x" * 33, False), ("a·b", False),
])
def test_discords_name_rule(name, ok):
    assert valid_name(name) is ok

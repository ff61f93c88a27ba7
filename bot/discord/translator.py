"""Slash commands in the reader's language: Discord shows each member the command, group,
parameter and choice names and descriptions of their client's language, from localisations
sent once with the command tree (`CommandTree.sync`).

The English text is the one written in the code (Discord needs it to route interactions
back), so English is never looked up. The other languages come from catalog keys derived
from the command itself, so no command needs to mark its strings:

    cmd.<qualified name, dots>.name / .description        commands and groups
    cmd.<qualified name, dots>.<parameter>.name / .description
    choice.<parameter>.<choice value>                      fixed choices

A missing or malformed translation falls back to English (a warning in the log) instead of
making Discord refuse the whole tree; `tests/test_i18n.py` fails on either.
"""

from __future__ import annotations

import logging
import unicodedata
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import DEFAULT_LOCALE, DISCORD_LOCALES, catalog

log = logging.getLogger(__name__)

NAME_LIMIT = 32
TEXT_LIMIT = 100  # descriptions and choice names
NAMES = (Where.command_name, Where.group_name, Where.parameter_name)
# Discord's name rule is ^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$; Python's re lacks \p,
# so letters and numbers are read from their Unicode category and the two scripts (whose
# vowel signs are marks, not letters) from their blocks.
SCRIPT_BLOCKS = ((0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x0E00, 0x0E7F))


def valid_name(name: str) -> bool:
    """A localised command, group or parameter name Discord accepts."""
    return (1 <= len(name) <= NAME_LIMIT and name == name.lower()
            and all(_name_character(c) for c in name))


def _name_character(character: str) -> bool:
    if character in "-_" or unicodedata.category(character)[0] in "LN":
        return True
    point = ord(character)
    return any(low <= point <= high for low, high in SCRIPT_BLOCKS)


def valid_text(text: str) -> bool:
    """A localised description or choice name Discord accepts."""
    return 1 <= len(text) <= TEXT_LIMIT


def command_key(qualified_name: str, part: str) -> str:
    """`cmd.game.pack.upload.name` for the name of `/game pack upload`."""
    return f"cmd.{qualified_name.replace(' ', '.')}.{part}"


def choice_key(parameter: str, value: str | int | float) -> str:
    return f"choice.{parameter}.{value}"


class CatalogTranslator(app_commands.Translator):
    """Localises the tree it is installed on from the catalogs (bot/i18n/__init__.py)."""

    def __init__(self, tree: app_commands.CommandTree[Any]) -> None:
        self.tree = tree
        # Discord gives a choice without its parameter; the key needs the parameter's name.
        self._choice_parameters: dict[int, str] = {}

    async def translate(self, _string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        ours = DISCORD_LOCALES.get(locale.value)
        if ours is None or ours == DEFAULT_LOCALE:
            return None
        key = self.key(context)
        if key is None:
            return None
        translation = catalog().get(key, {}).get(ours)
        valid = valid_name if context.location in NAMES else valid_text
        if translation is None or not valid(translation):
            log.warning("No usable %s translation of %s (%r): English is shown", ours, key,
                        translation)
            return None
        return translation

    def key(self, context: app_commands.TranslationContextTypes) -> str | None:
        """The catalog key of a translatable string, None for one we do not translate."""
        location, data = context.location, context.data
        commands = (app_commands.Command, app_commands.ContextMenu, app_commands.Group)
        if isinstance(data, commands):
            if location in (Where.command_name, Where.group_name):
                return command_key(data.qualified_name, "name")
            if location in (Where.command_description, Where.group_description):
                return command_key(data.qualified_name, "description")
        elif isinstance(data, app_commands.Parameter):
            if location in (Where.parameter_name, Where.parameter_description):
                part = "name" if location is Where.parameter_name else "description"
                return command_key(f"{data.command.qualified_name} {data.display_name}", part)
        elif isinstance(data, app_commands.Choice) and location is Where.choice_name:
            parameter = self.choice_parameter(data)
            return None if parameter is None else choice_key(parameter, data.value)
        return None

    def choice_parameter(self, choice: app_commands.Choice[Any]) -> str | None:
        """The name of the parameter offering this choice (the tree is indexed again when
        it has grown since the last look)."""
        if id(choice) not in self._choice_parameters:
            self._choice_parameters = {
                id(option): parameter.display_name
                for command in self.tree.walk_commands()
                if isinstance(command, app_commands.Command)
                for parameter in command.parameters for option in parameter.choices}
        return self._choice_parameters.get(id(choice))

"""Discord's documented limits, checked the way Discord checks them: a list of
(path, message) errors that the REST layer turns into a 400 "Invalid Form Body" (50035).

Sources: the Discord developer documentation (Application Commands: naming, 1-32 character
names, 1-100 character descriptions, at most 25 options and 25 choices, 4000 characters in
all, 100 global chat commands; Message Components: 5 action rows, 5 buttons a row, a select
alone in its row, 25 select options, 100-character custom ids, 80-character button labels;
Messages: 2000 characters of content, 10 attachments; Receiving and Responding: at most 25
autocomplete choices).
"""

from __future__ import annotations

import re
from typing import Any

NAME = re.compile(r"^[-_'\w]{1,32}$")  # \w covers \p{L} and \p{N} for Python's re
COMMANDS_LIMIT = 100
OPTIONS_LIMIT = 25
CHOICES_LIMIT = 25
COMMAND_CHARACTERS = 4000
DESCRIPTION_LIMIT = 100
CHOICE_NAME_LIMIT = 100
CHOICE_VALUE_LIMIT = 100
CONTENT_LIMIT = 2000
ATTACHMENTS_PER_MESSAGE = 10
ROWS_LIMIT = 5
BUTTONS_PER_ROW = 5
CUSTOM_ID_LIMIT = 100
BUTTON_LABEL_LIMIT = 80
SELECT_OPTIONS_LIMIT = 25
SELECT_TEXT_LIMIT = 100
PLACEHOLDER_LIMIT = 150
MODAL_TITLE_LIMIT = 45
LABEL_TEXT_LIMIT = 45  # a modal's label
TEXT_INPUT_LIMIT = 4000  # a text input's value and its max_length
TEXT_PLACEHOLDER_LIMIT = 100
SUBCOMMAND, GROUP = 1, 2
CHAT_INPUT = 1

Errors = list[tuple[str, str]]


def command_errors(commands: list[dict[str, Any]]) -> Errors:
    """What Discord would refuse in a bulk overwrite of an application's commands."""
    errors: Errors = []
    chat = [c for c in commands if c.get("type", CHAT_INPUT) == CHAT_INPUT]
    if len(chat) > COMMANDS_LIMIT:
        errors.append(("", f"At most {COMMANDS_LIMIT} chat input commands, got {len(chat)}"))
    names = [c.get("name") for c in chat]
    for name in {n for n in names if names.count(n) > 1}:
        errors.append(("", f"Command name {name!r} is used twice"))
    for index, command in enumerate(commands):
        errors += _command(f"{index}", command)
    return errors


def _command(path: str, command: dict[str, Any]) -> Errors:
    errors = _named(path, command)
    if command.get("type", CHAT_INPUT) == CHAT_INPUT:
        errors += _options(f"{path}.options", command.get("options") or [], depth=0)
        total = _characters(command)
        if total > COMMAND_CHARACTERS:
            errors.append((path, f"Command uses {total} characters; at most "
                                 f"{COMMAND_CHARACTERS} in names, descriptions and values"))
    return errors


def _named(path: str, item: dict[str, Any]) -> Errors:
    errors: Errors = []
    name = item.get("name") or ""
    if not NAME.match(name) or name != name.lower():
        errors.append((f"{path}.name", f"Invalid name {name!r}: 1-32 lowercase letters, "
                                       "digits, - _ or '"))
    description = item.get("description") or ""
    if not 1 <= len(description) <= DESCRIPTION_LIMIT:
        errors.append((f"{path}.description",
                       f"Description must be 1-{DESCRIPTION_LIMIT} characters, got "
                       f"{len(description)}"))
    return errors


def _options(path: str, options: list[dict[str, Any]], depth: int) -> Errors:
    errors: Errors = []
    if len(options) > OPTIONS_LIMIT:
        errors.append((path, f"At most {OPTIONS_LIMIT} options, got {len(options)}"))
    names = [o.get("name") for o in options]
    if len(set(names)) != len(names):
        errors.append((path, "Option names must be unique"))
    seen_optional = False
    for index, option in enumerate(options):
        where = f"{path}.{index}"
        errors += _named(where, option)
        kind = option.get("type")
        if kind in (SUBCOMMAND, GROUP):
            if depth >= (1 if kind == GROUP else 2):
                errors.append((where, "Subcommands nest at most two levels"))
            errors += _options(f"{where}.options", option.get("options") or [], depth + 1)
            continue
        if option.get("required"):
            if seen_optional:
                errors.append((where, "Required options must come before optional ones"))
        else:
            seen_optional = True
        errors += _choices(f"{where}.choices", option)
    return errors


def _choices(path: str, option: dict[str, Any]) -> Errors:
    choices = option.get("choices") or []
    errors: Errors = []
    if len(choices) > CHOICES_LIMIT:
        errors.append((path, f"At most {CHOICES_LIMIT} choices, got {len(choices)}"))
    if choices and option.get("autocomplete"):
        errors.append((path, "An option with choices cannot autocomplete"))
    errors += choice_errors(path, choices)
    return errors


def choice_errors(path: str, choices: list[dict[str, Any]]) -> Errors:
    errors: Errors = []
    for index, choice in enumerate(choices):
        name, value = choice.get("name") or "", choice.get("value")
        if not 1 <= len(name) <= CHOICE_NAME_LIMIT:
            errors.append((f"{path}.{index}.name",
                           f"Choice names are 1-{CHOICE_NAME_LIMIT} characters"))
        if isinstance(value, str) and not 1 <= len(value) <= CHOICE_VALUE_LIMIT:
            errors.append((f"{path}.{index}.value",
                           f"Choice values are 1-{CHOICE_VALUE_LIMIT} characters"))
    return errors


def _characters(item: dict[str, Any]) -> int:
    total = len(item.get("name") or "") + len(item.get("description") or "")
    for choice in item.get("choices") or []:
        total += len(choice.get("name") or "") + len(str(choice.get("value") or ""))
    return total + sum(_characters(o) for o in item.get("options") or [])


def autocomplete_errors(choices: list[dict[str, Any]]) -> Errors:
    errors: Errors = []
    if len(choices) > CHOICES_LIMIT:
        errors.append(("data.choices", f"At most {CHOICES_LIMIT} choices, got {len(choices)}"))
    return errors + choice_errors("data.choices", choices)


def message_errors(body: dict[str, Any], files: int, *, edit: bool = False) -> Errors:
    """Content, components and attachments of a new or edited message."""
    errors: Errors = []
    content = body.get("content") or ""
    if len(content) > CONTENT_LIMIT:
        errors.append(("content", f"Must be {CONTENT_LIMIT} or fewer in length"))
    if files > ATTACHMENTS_PER_MESSAGE:
        errors.append(("attachments", f"At most {ATTACHMENTS_PER_MESSAGE} files"))
    errors += component_errors(body.get("components") or [])
    empty = not (content or files or body.get("components") or body.get("embeds")
                 or body.get("sticker_ids") or body.get("poll"))
    if empty and not edit:
        errors.append(("", "Cannot send an empty message"))
    return errors


def component_errors(rows: list[dict[str, Any]]) -> Errors:
    errors: Errors = []
    if len(rows) > ROWS_LIMIT:
        errors.append(("components", f"At most {ROWS_LIMIT} action rows"))
    ids: list[str] = []
    for r, row in enumerate(rows):
        path = f"components.{r}"
        items = row.get("components") or []
        if row.get("type") != 1:
            errors.append((path, "Top-level components must be action rows"))
        selects = [c for c in items if c.get("type") != 2]
        if selects and len(items) > 1:
            errors.append((path, "A select menu fills its action row alone"))
        if len(items) > BUTTONS_PER_ROW or not items:
            errors.append((path, f"An action row holds 1-{BUTTONS_PER_ROW} buttons"))
        for c, item in enumerate(items):
            errors += _component(f"{path}.components.{c}", item)
            if "custom_id" in item:
                ids.append(item["custom_id"])
    if len(set(ids)) != len(ids):
        errors.append(("components", "Custom ids must be unique in a message"))
    return errors


def _component(path: str, item: dict[str, Any]) -> Errors:
    errors: Errors = []
    custom_id = item.get("custom_id")
    link = item.get("type") == 2 and item.get("style") == 5
    if not link and not 1 <= len(custom_id or "") <= CUSTOM_ID_LIMIT:
        errors.append((f"{path}.custom_id", f"Custom ids are 1-{CUSTOM_ID_LIMIT} characters"))
    if item.get("type") == 2:
        if len(item.get("label") or "") > BUTTON_LABEL_LIMIT:
            errors.append((f"{path}.label", f"Button labels are at most {BUTTON_LABEL_LIMIT}"))
        return errors
    if len(item.get("placeholder") or "") > PLACEHOLDER_LIMIT:
        errors.append((f"{path}.placeholder", f"Placeholders are at most {PLACEHOLDER_LIMIT}"))
    if item.get("type") == 3:
        options = item.get("options") or []
        if not 1 <= len(options) <= SELECT_OPTIONS_LIMIT:
            errors.append((f"{path}.options", f"A select holds 1-{SELECT_OPTIONS_LIMIT} "
                                              "options"))
        values = [o.get("value") for o in options]
        if len(set(values)) != len(values):
            errors.append((f"{path}.options", "Select option values must be unique"))
        for o, option in enumerate(options):
            for key in ("label", "value", "description"):
                text = option.get(key)
                if text is not None and not 1 <= len(text) <= SELECT_TEXT_LIMIT:
                    errors.append((f"{path}.options.{o}.{key}",
                                   f"Must be 1-{SELECT_TEXT_LIMIT} characters"))
    return errors


def modal_errors(data: dict[str, Any]) -> Errors:
    errors: Errors = []
    if not 1 <= len(data.get("title") or "") <= MODAL_TITLE_LIMIT:
        errors.append(("data.title", f"Modal titles are 1-{MODAL_TITLE_LIMIT} characters"))
    if not 1 <= len(data.get("custom_id") or "") <= CUSTOM_ID_LIMIT:
        errors.append(("data.custom_id", f"Custom ids are 1-{CUSTOM_ID_LIMIT} characters"))
    if not 1 <= len(data.get("components") or []) <= ROWS_LIMIT:
        errors.append(("data.components", f"A modal holds 1-{ROWS_LIMIT} components"))
    for number, top in enumerate(data.get("components") or []):
        errors += _modal_component_errors(f"data.components.{number}", top)
    return errors


def _modal_component_errors(path: str, top: dict[str, Any]) -> Errors:
    """A label (text, description, one component) or an action row of text inputs."""
    errors: Errors = []
    if top.get("type") == 18:
        if not 1 <= len(top.get("label") or "") <= LABEL_TEXT_LIMIT:
            errors.append((f"{path}.label", f"Labels are 1-{LABEL_TEXT_LIMIT} characters"))
        if len(top.get("description") or "") > DESCRIPTION_LIMIT:
            errors.append((f"{path}.description",
                           f"Descriptions are at most {DESCRIPTION_LIMIT} characters"))
        inputs = [(f"{path}.component", top.get("component") or {})]
    else:
        inputs = [(f"{path}.components.{i}", c) for i, c in enumerate(top.get("components") or [])]
    for where, item in inputs:
        if item.get("type") != 4:
            continue
        if not 1 <= len(item.get("custom_id") or "") <= CUSTOM_ID_LIMIT:
            errors.append((f"{where}.custom_id", f"Custom ids are 1-{CUSTOM_ID_LIMIT} characters"))
        if len(item.get("value") or "") > TEXT_INPUT_LIMIT or \
                not 1 <= item.get("max_length", TEXT_INPUT_LIMIT) <= TEXT_INPUT_LIMIT:
            errors.append((f"{where}.value", f"Text inputs hold at most {TEXT_INPUT_LIMIT}"))
        if len(item.get("placeholder") or "") > TEXT_PLACEHOLDER_LIMIT:
            errors.append((f"{where}.placeholder",
                           f"Placeholders are at most {TEXT_PLACEHOLDER_LIMIT} characters"))
    return errors

"""Every component id the bot puts on a button or a menu, read one strict way.

A custom id travels to Discord and comes back in an interaction, where anyone with a
modified client may have changed it: each part is read by a pattern with its range and
length, so a forged or damaged id matches no component at all (and is answered as such by
cogs/components.py) instead of reaching the service as a negative index, a 30-digit number
SQLite cannot store, or an empty value.

- `gm:turn:<game>`: the public **Take my turn** button;
- `gm:act:<game>:<version>:<ref>`: a choice, `<ref>` an action's index `#N` or its text;
- `gm:pick:<game>:<version>:<menu>`: a menu of choices;
- `gm:page:<game>:<version>:<page>`: the next or previous page of menus;
- `gm:undo:<vote>:yes|no`: a ballot of an undo vote;
- `gm:part:<game>`: the menu of a board's details, under the board in the thread;
- `gm:live:<game>`: **Board** under a posted board, which opens the web table's live board;
- `gm:orders:<game>:<version>`: the prompt's **Write orders** button, which opens
- `gm:form:<game>:<version>`: the orders form (a modal) of that step;
- `gm:reorder:<game>`: **Edit my orders**, under a refused form's answer, which opens the
  form again holding the lines that answer kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

NUMBER = r"[1-9][0-9]{0,17}"  # a game or vote id: a positive SQLite integer
VERSION = r"(?:0|[1-9][0-9]{0,8})"
INDEX = r"(?:0|[1-9][0-9]{0,2})"
# an action's text: printable, no control characters, within Discord's 100 characters
ACTION = r"[a-z][^\x00-\x1f\x7f]{0,79}"

TURN = rf"gm:turn:(?P<game>{NUMBER})"
ACT = rf"gm:act:(?P<game>{NUMBER}):(?P<version>{VERSION}):(?P<ref>#{INDEX}|{ACTION})"
PICK = rf"gm:pick:(?P<game>{NUMBER}):(?P<version>{VERSION}):(?P<number>{INDEX})"
PAGE = rf"gm:page:(?P<game>{NUMBER}):(?P<version>{VERSION}):(?P<page>{INDEX})"
UNDO = rf"gm:undo:(?P<vote>{NUMBER}):(?P<choice>yes|no)"
PART = rf"gm:part:(?P<game>{NUMBER})"
ORDERS = rf"gm:orders:(?P<game>{NUMBER}):(?P<version>{VERSION})"
FORM = rf"gm:form:(?P<game>{NUMBER}):(?P<version>{VERSION})"
REORDER = rf"gm:reorder:(?P<game>{NUMBER})"
LIVE = rf"gm:live:(?P<game>{NUMBER})"
TEMPLATES = (TURN, ACT, PICK, PAGE, UNDO, PART, ORDERS, FORM, REORDER, LIVE)
_COMPILED = tuple(re.compile(template) for template in TEMPLATES)
_VALUE = re.compile(rf"#{INDEX}|{ACTION}")  # a menu option's value: like an action's ref


def orders_id(game_id: int, version: int) -> str:
    """The **Write orders** button of a step (cogs/orders.py answers it)."""
    return f"gm:orders:{game_id}:{version}"


def live_id(game_id: int) -> str:
    """The **Board** button under a posted board (cogs/web_links.py answers it)."""
    return f"gm:live:{game_id}"


def reorder_id(game_id: int) -> str:
    """The **Edit my orders** button of a refused form (cogs/orders.py answers it)."""
    return f"gm:reorder:{game_id}"


def game_of(custom_id: str) -> int | None:
    """The game a component of ours acts on, when its id names one."""
    for pattern in _COMPILED:
        found = pattern.fullmatch(custom_id)
        if found and "game" in found.groupdict():
            return int(found["game"])
    return None


def ours(custom_id: str) -> bool:
    """Whether the bot could have made this id."""
    return any(pattern.fullmatch(custom_id) for pattern in _COMPILED)


def valid_values(values: Iterable[str]) -> bool:
    """A menu answer the bot can read: exactly one value, shaped like the bot's own."""
    chosen = list(values)
    return len(chosen) == 1 and _VALUE.fullmatch(chosen[0]) is not None

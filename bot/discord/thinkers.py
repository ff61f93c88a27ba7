"""The processes that think the AI seats' decisions over for `gm run`.

An AI decision is pure Python that holds the GIL for as long as it thinks (a search takes up
to a second a move), so in a thread it would stop the event loop, and every other table's
answer with it; it runs in a process of its own pool instead (`GameBase._decided`).

Its own pool, not the renderers' (bot/discord/renderers.py): a board is due with almost every
answer and takes tens of milliseconds, a search takes a second. In one pool of one process
per core, two tables' searches would hold every worker and the other tables' boards would
queue behind them for a second; apart, a board never waits for a decision. The pool has one
process per core too, each at a lower priority (`THINKER_NICENESS`), so that when every core
is busy the kernel serves the event loop and the renderers first: a decision takes longer
under load, an answer does not. A thinker loads every game and the decisions' module before its
first decision (once per process, not in the first table's turn), keeps no board buffers, and
ends with the bot as a renderer does (`follow_parent`). The bot shuts it down with the
renderers; a decision still running when the bot stops is abandoned with its change, which
was never stored.
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor

import bot.service.ai  # noqa: F401  a thinker has the decisions' module, and the service, loaded
from bot.discord.renderers import follow_parent, spawned_pool
from games.core import all_games

THINKER_NICENESS = 10  # added to the bot's: the event loop and the renderers come first


def think_pool() -> ProcessPoolExecutor:
    return spawned_pool(thinker_started)


def thinker_started(parent: int) -> None:
    """In a thinker, before its first decision: follow the bot, yield the CPU to it, load
    the games (this module, imported to run this, brought the decisions' module and the
    service it belongs to: a second and a half, once)."""
    follow_parent(parent)
    os.nice(THINKER_NICENESS)
    all_games()

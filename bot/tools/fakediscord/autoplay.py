"""Scripted players sitting at a table: they open it with slash commands, then each plays
their seat through the components only, the way a person does: wait to be mentioned with a
**Take my turn** button, press it, pick among the offered buttons and select options (a
seeded choice, or a `Chooser`'s), until the prompt says they are done; stop when the final
scores are posted.

Nothing here reads the game's state: a player knows only what Discord shows them (a chooser
given by a test may consult what that player could look up: their own seat's view).
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from bot.service import GameMaster
from bot.tools.fakediscord.users import Reply, ScriptedUser, Server
from bot.tools.fakediscord.world import CHANNEL_ID, GUILD_ID, Message

FINAL = "Final scores"
TURN = "gm:turn:"
PAGE = "gm:page:"
ORDERS = "gm:orders:"
NUDGE_SECONDS = 1.0  # a player not mentioned for this long checks the thread anyway
# That many checks in a row with nothing new in the thread: stuck. A loaded machine (a
# bench of several tables, CI beside other work) took up to 36 s to post a board, so a
# silence shorter than a minute is the bot at work, not a table that stopped.
STALL_NUDGES = 60
PAGE_CHANCE = 0.1

# Response windows of seats that can only pass close when the window's time is up, at a
# pass of the clock (docs/play-by-post.md): scripted members answer at once, so a table
# here runs both short.
WINDOW_SECONDS = 0.3
CLOCK_TICK = 0.1

Pick = tuple[str, str | None]  # a button's custom id (value None), or a select's id and value
Chooser = Callable[[list[Pick]], Awaitable[Pick]]


@dataclass(frozen=True)
class Table:
    game_id: int
    thread: int
    opening: Message | None = None  # the creator's answer to /game start: their first prompt


async def open_table(creator: ScriptedUser, game: str, *, joiners: tuple[ScriptedUser, ...] = (),
                     ais: int = 0, start: bool = True, channel: int = CHANNEL_ID) -> Table:
    """`/game new` in a guild's text channel (the first guild's by default), `/game join`
    for the others in the new thread, `/game ai` for the AI seats, then `/game start`."""
    reply = await creator.command("game new", channel=channel, game=game)
    thread = _thread_in(reply)
    for user in joiners:
        await _ok(user.command("game join", channel=thread))
    for _ in range(ais):
        await _ok(creator.command("game ai", channel=thread))
    name = creator.fake.world.channels[thread]["name"]
    game_id = int(re.findall(r"game (\d+)", name)[-1])
    if not start:
        return Table(game_id, thread)
    started = await _ok(creator.command("game start", channel=thread))
    return Table(game_id, thread, started.message)


async def quick_windows(gm: GameMaster, guild_id: int = GUILD_ID) -> None:
    """The server's response windows last WINDOW_SECONDS (`/gm set window` as stored)."""
    await gm.repo.set_guild_setting(guild_id, "window_seconds", WINDOW_SECONDS)


def _thread_in(reply: Reply) -> int:
    found = re.search(r"<#(\d+)>", reply.text)
    assert found, f"/game new did not name a thread: {reply.text!r}"
    return int(found.group(1))


async def _ok(pending: Coroutine[Any, Any, Reply]) -> Reply:
    reply = await pending
    assert not reply.failed, f"interaction failed: {reply.interaction.data}"
    return reply


def _answered_aside(reply: Reply, prompt: Message, shown: tuple[str, list[str]]) -> bool:
    """Whether the bot answered a click with a note of its own and left the clicked prompt
    as it was (a press on a step the player already took): a person reads the note and stops
    pressing that message's buttons, where a script would press them forever."""
    return (bool(reply.interaction.followups) and reply.message is prompt
            and (prompt.content, prompt.custom_ids()) == shown)


def finished(fake: Server, table: Table) -> bool:
    return any(FINAL in m.content for m in fake.world.public(table.thread))


class SeatPlayer:
    """One scripted person playing their seat until the game ends."""

    def __init__(self, user: ScriptedUser, table: Table, seed: int,
                 max_choices: int | None = None, think: float = 0.0,
                 chooser: Chooser | None = None) -> None:
        self.user, self.table = user, table
        self.chooser = chooser  # None: a seeded random choice
        self.max_choices = max_choices  # stop after this many choices (a game half played)
        self.think = think  # mean seconds spent before each click (0: none)
        self.fake = user.fake
        self.random = random.Random(seed)
        self.handled = 0  # the newest Take my turn message this player answered
        self.choices = 0
        self.interactions: list[Reply] = []
        self.prompt: Message | None = None  # the last prompt shown to this player
        self.acted_at = 0.0  # when their last click reached Discord: a call before is answered

    async def play(self) -> None:
        """Answer the opening prompt if it is this player's, then every call to play."""
        opening = self.table.opening
        if opening is not None and opening.audience == self.user.id:
            await self.decide(opening)
        nudges = 0
        seen = len(self.fake.world.public(self.table.thread))
        while not finished(self.fake, self.table) and not self.stopped:
            call = await self._wait_for_call()
            if finished(self.fake, self.table):
                return
            if self.prompt is not None and _choices(self.prompt):
                # the prompt they kept open became their next decision: no press to open it
                self.handled = max([self.handled, *(m.id for m in self._calls())])
                await self.decide(self.prompt)
                nudges = 0
                continue
            now = len(self.fake.world.public(self.table.thread))
            nudges = 0 if call is not None or now != seen else nudges + 1
            seen = now
            assert nudges < STALL_NUDGES, (
                f"{self.user.name} waited {STALL_NUDGES} times with nothing new in game "
                f"{self.table.game_id}: {self._last_lines()}")
            button = call or self._newest_button()
            if button is None:
                continue
            await self._think()
            turn = f"{TURN}{self.table.game_id}"
            if button.deleted or turn not in button.custom_ids():
                continue  # the call changed while they looked at it: look again
            self.handled = max(self.handled, button.id)
            reply = await self._act(self.user.click(button, turn))
            await self.decide(reply.message)

    async def decide(self, prompt: Message | None) -> None:
        """Pick among the prompt's choices until it offers none (done, or game over)."""
        while prompt is not None and not prompt.deleted and not self.stopped:
            picks = _choices(prompt)
            if not picks:
                break
            pages = [p for p in picks if p[0].startswith(PAGE)]
            actions = [p for p in picks if not p[0].startswith(PAGE)] or pages
            pick = (self.random.choice(pages) if pages and self.random.random() < PAGE_CHANCE
                    else await self._choose(actions))
            await self._think()
            if prompt.deleted or pick not in _choices(prompt):
                continue  # the game moved on while they chose: read the prompt again
            custom_id, value = pick
            shown = (prompt.content, prompt.custom_ids())
            if value is None:
                reply = await self._act(self.user.click(prompt, custom_id))
            else:
                reply = await self._act(self.user.select(prompt, custom_id, [value]))
            self.choices += 1
            if _answered_aside(reply, prompt, shown):
                prompt = None  # "already taken": they leave that message and wait for a call
                break
            prompt = reply.message
        self.prompt = prompt

    async def _choose(self, picks: list[Pick]) -> Pick:
        if self.chooser is None or any(p[0].startswith(PAGE) for p in picks):
            return self.random.choice(picks)
        return await self.chooser(picks)

    @property
    def stopped(self) -> bool:
        return self.max_choices is not None and self.choices >= self.max_choices

    async def _think(self) -> None:
        """The time a person spends before a click; the game may move meanwhile (an AI seat
        plays, a response window closes), so the caller looks at the message again after it."""
        if self.think > 0:
            await asyncio.sleep(self.random.expovariate(1 / self.think))

    async def _act(self, pending: Coroutine[Any, Any, Reply]) -> Reply:
        reply = await _ok(pending)
        self.interactions.append(reply)
        self.acted_at = max(self.acted_at, reply.interaction.sent_at)
        return reply

    async def _wait_for_call(self) -> Message | None:
        """The newest unanswered Take my turn message that mentions this player, waiting up
        to NUDGE_SECONDS; None when there is none (or the game ended)."""
        def call() -> Message | None:
            found = self._calls()
            return found[-1] if found else None

        def prompt_back() -> bool:
            return self.prompt is not None and bool(_choices(self.prompt))

        try:
            await self.fake.wait_for(lambda: finished(self.fake, self.table)
                                     or call() is not None or prompt_back(),
                                     NUDGE_SECONDS, "a turn",
                                     poll=NUDGE_SECONDS, key=("channel", self.table.thread))
        except AssertionError:
            return None
        return call()

    def _calls(self) -> list[Message]:
        """The unanswered Take my turn messages that mention this player: none that came
        before their last click (their prompt came back to them, and they took that turn)."""
        return [m for m in self.fake.world.public(self.table.thread)
                if m.id > self.handled and m.created_at > self.acted_at
                and m.mentions(self.user.id)
                and any(c.startswith(TURN) for c in m.custom_ids())]

    def _newest_button(self) -> Message | None:
        found = [m for m in self.fake.world.public(self.table.thread)
                 if any(c.startswith(TURN) for c in m.custom_ids())]
        return found[-1] if found else None

    def _last_lines(self) -> str:
        return " | ".join(m.content[-200:] for m in self.fake.world.public(self.table.thread)[-3:])


def ref_of(pick: Pick) -> str:
    """The action a pick stands for, as the prompt carries it: its canonical text, or
    `#index` in the prompt's list (cogs/turns.py)."""
    custom_id, value = pick
    return value if value is not None else custom_id.split(":", 4)[4]


def _choices(prompt: Message) -> list[Pick]:
    """Every button (custom id, None) and select option (custom id, value) of a prompt but
    **Write orders**, which opens a form rather than choosing (tests/e2e/test_e2e_orders.py
    fills it)."""
    picks: list[Pick] = []
    for row in prompt.components:
        for item in row.get("components", []):
            if item.get("disabled") or str(item.get("custom_id", ORDERS)).startswith(ORDERS):
                continue
            if item["type"] == 2:
                picks.append((item["custom_id"], None))
            elif item["type"] == 3:
                picks += [(item["custom_id"], o["value"]) for o in item.get("options", [])]
    return picks


async def play_table(players: list[SeatPlayer]) -> None:
    """Every player plays their seat at once, as people at a table do; one failing stops
    the others (a partner left playing alone would wait, or press, long after the test)."""
    try:
        async with asyncio.TaskGroup() as group:
            for player in players:
                group.create_task(player.play())
    except ExceptionGroup as failed:  # the first player's failure is the table's
        raise failed.exceptions[0] from None

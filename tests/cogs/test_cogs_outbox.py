"""Nothing said is lost: a bot killed after it stored a move and before (or while) it posted
the news posts it after its restart, every message exactly once (cogs/outbox.py, the
announcement's nonce and the outbox's progress)."""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

import pytest

from bot.service import Player
from cogs import posting, turns
from cogs.outbox import OutboxCog
from storage.outbox import LEASE
from tests.cogs.harness import ALICE, BOB, Harness
from tests.cogs.test_cogs_turns import first_prompt, started


def the_poster(harness: Harness) -> OutboxCog:
    """The bot's poster (the extension's own module, so not `isinstance` of this import)."""
    cog: Any = harness.bot.get_cog("OutboxCog")
    assert cog is not None
    cog.poster.cancel()  # the test runs the passes itself
    return cog


def restarted(monkeypatch: pytest.MonkeyPatch) -> None:
    """Time passes beyond every lease, as when the bot comes back after a crash."""
    now = time.time()
    monkeypatch.setattr(time, "time", lambda: now + LEASE + 1)


async def alice_moves(harness: Harness, game_id: int) -> None:
    prompt, message = await first_prompt(harness, game_id)
    await harness.choose(ALICE, message, prompt.actions[0].text,
                         [a.text for a in prompt.actions])


def bob_mentioned(harness: Harness, thread: int) -> int:
    return sum("<@12>" in m.content for m in harness.in_channel(thread))


async def test_a_move_stored_but_never_posted_is_posted_once_after_a_restart(harness,
                                                                             monkeypatch):
    game_id, thread = await started(harness)
    poster = the_poster(harness)
    posted = len(harness.in_channel(thread))

    async def killed(*_args, **_kwargs) -> None:
        raise RuntimeError("the bot dies between storing the move and posting it")

    with monkeypatch.context() as dying:
        dying.setattr(turns, "announce", killed)
        await alice_moves(harness, game_id)
    assert len(harness.in_channel(thread)) == posted and bob_mentioned(harness, thread) == 0
    assert await poster.flush() == 0  # the dead poster's lease has not run out yet
    restarted(monkeypatch)
    assert await poster.flush() == 1
    assert bob_mentioned(harness, thread) == 1  # the news and Bob's turn, with the button
    assert f"gm:turn:{game_id}" in harness.in_channel(thread)[-1].custom_ids()
    assert await poster.flush() == 0


async def test_a_bot_killed_while_posting_sends_the_rest_and_nothing_twice(harness,
                                                                          monkeypatch):
    game_id, thread = await started(harness)
    poster = the_poster(harness)
    gm = harness.gm
    recorded = gm.post_progress

    async def killed_after_sending(*_args, **_kwargs) -> None:
        raise RuntimeError("the bot dies after a message went out, before it was counted")

    with monkeypatch.context() as dying:
        dying.setattr(gm, "post_progress", killed_after_sending)
        await alice_moves(harness, game_id)
    assert gm.post_progress == recorded
    restarted(monkeypatch)
    assert await poster.flush() == 1
    nonces = Counter(m.nonce for m in harness.in_channel(thread) if m.nonce)
    assert nonces and max(nonces.values()) == 1  # the message in flight was not sent again
    assert bob_mentioned(harness, thread) == 1
    assert await poster.flush() == 0


async def test_one_pass_posts_every_announcement_a_killed_bot_left_in_order(harness,
                                                                            monkeypatch):
    """A claim hands over one entry of a game at a time (the oldest): the pass claims again
    until none is left, so a restarted bot does not take one pass per entry to catch up."""
    game_id, thread = await started(harness)
    poster = the_poster(harness)
    stored = []
    for _ in range(4):  # moves stored by the service, none of them posted
        for user in (ALICE, BOB):
            prompt = await harness.prompt(user, game_id)
            if prompt is not None:
                update = await harness.gm.act(game_id, Player(user.id, user.name),
                                              prompt.actions[0].text, version=prompt.version)
                stored.append(update.post)
    restarted(monkeypatch)
    assert await poster.flush() == len(stored) >= 4
    entries = [await harness.gm.repo.post_of(game_id, version) for version in stored]
    assert all(entry is not None and entry.done for entry in entries)
    posted = [int(m.nonce.split(".")[1], 36) for m in harness.in_channel(thread)
              if m.nonce and m.nonce.startswith("gm")]
    assert set(stored) <= set(posted) and posted == sorted(posted)  # in the game's order
    assert await poster.flush() == 0


async def test_the_live_path_marks_its_announcement_done(harness, monkeypatch):
    game_id, thread = await started(harness)
    poster = the_poster(harness)
    await alice_moves(harness, game_id)
    restarted(monkeypatch)
    assert await poster.flush() == 0 and bob_mentioned(harness, thread) == 1


def test_a_nonce_fits_discord_s_25_characters_for_the_largest_ids():
    from dataclasses import replace

    from bot.service.models import Update
    from tests.cogs.test_cogs_turns import _table

    table = replace(_table(), game_id=10**18 - 1)  # the largest id cogs/ids.py reads
    nonce = posting._nonce(Update(table, post=10**9 - 1), "n99")
    assert nonce is not None and len(nonce) <= 25
    assert posting._nonce(Update(table), "0") is None  # no outbox entry: Discord picks one


async def test_a_secret_line_by_dm_is_not_sent_twice_by_a_retry(harness):
    """The retry of an announcement whose DM went out before it was counted sends the same
    DM with the same nonce, which Discord does not deliver twice."""
    from bot.service.models import Private, Update

    game_id, _ = await harness.open_table(ALICE, joiners=(BOB,))
    await harness.gm.settings.set_user(BOB.id, dm=True)
    update = Update(await harness.gm.table(game_id), private=[Private(BOB.id, ["Bob's secret"])],
                    post=7)
    await turns.announce(harness.bot, update, actor=ALICE.id)
    await turns.announce(harness.bot, update, actor=ALICE.id, recovered=True)
    dms = harness.dms(BOB)
    assert len(dms) == 1 and "Bob's secret" in dms[0].content and dms[0].nonce

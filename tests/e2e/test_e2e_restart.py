"""A crash in the middle of a game: the real `gm run` process is killed (SIGKILL), a click
while it is down fails as on Discord, a new process starts on the same database, and the
buttons posted before the crash finish the game. Neither the crash nor the clean stop
(SIGTERM) leaves a board renderer process behind."""

from __future__ import annotations

from pathlib import Path

from bot.tools.fakediscord.autoplay import FINAL, SeatPlayer, Table, finished, open_table
from bot.tools.fakediscord.bots import BotProcess


async def test_old_buttons_finish_the_game_after_a_restart(fake, people,
                                                            tmp_path: Path) -> None:
    database, log = tmp_path / "gm.sqlite3", tmp_path / "bot.log"
    first = await BotProcess(fake, database, log).start()
    try:
        table = await open_table(people.alice, "record", ais=1)
        alice = SeatPlayer(people.alice, table, seed=3, max_choices=4)
        await alice.decide(table.opening)
        old_prompt = alice.prompt
        assert old_prompt is not None and old_prompt.custom_ids(), "a prompt mid-game"
        crashed = first.family()
    finally:
        await first.kill()
    assert len(crashed) > 1, "the opening board was drawn by a renderer process"
    assert await BotProcess.all_gone(crashed), "renderers outlived the killed bot"

    fake.ack_deadline = 0.3  # no need to wait Discord's 3 s to see the click fail
    while_down = await people.alice.click(old_prompt, old_prompt.custom_ids()[0])
    fake.ack_deadline = 3.0
    second = await BotProcess(fake, database, log).start()
    try:
        after = await people.alice.click(old_prompt, old_prompt.custom_ids()[0])
        rest = SeatPlayer(people.alice, Table(table.game_id, table.thread, after.message),
                          seed=4)
        await rest.play()
        await fake.idle()
        stopped = second.family()
    finally:
        await second.stop()
    assert await BotProcess.all_gone(stopped), "renderers outlived the stopped bot"

    assert while_down.failed
    assert not after.failed and "You chose" in after.text
    assert finished(fake, table)
    assert any(FINAL in m.content for m in fake.world.public(table.thread))
    assert fake.gateway.identifies == 2
    assert fake.problems() == [p for p in fake.problems()
                               if p.endswith("was not acknowledged in time")]
    assert len(fake.world.failed_interactions()) == 1

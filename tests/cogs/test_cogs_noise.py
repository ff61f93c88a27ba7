"""How much a whole game says: three humans play a whole game of each game from the thread
(mentions, Take my turn, their ephemeral prompts), and the thread, the DMs and the presses
are counted. A player's turn gathers in one message, edited as it grows, so the thread gets
at most two messages per turn: the turn's lines and the next player's mention, which
carries the board when one is due (issue 20, item 4).

`pytest tests/cogs/test_cogs_noise.py -s` prints the counts the issue note quotes."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from games.core import get_game, make_agent
from tests.cogs.fake_discord import Message
from tests.cogs.harness import ALICE, BOB, CARA, Harness, User

MAX_DECISIONS = 3000


@dataclass
class Noise:
    decisions: int = 0
    presses: int = 0  # Take my turn
    turns: int = 0  # choices by another player than the choice before
    last: int | None = None

    def line(self, game: str, harness: Harness, thread: int) -> str:
        public = [m for m in harness.public() if m.channel_id == thread]
        images = sum(len(m.files) for m in public)
        edits = sum(max(0, len(m.history) - 1) for m in public)
        dms = sum(len(harness.dms(user)) for user in (ALICE, BOB, CARA))
        return (f"{game}: {self.decisions} choices in {self.turns} turns, {self.presses} "
                f"Take my turn presses "
                f"({self.presses / self.decisions:.2f} per choice), {len(public)} thread "
                f"messages ({edits} edits), {images} images, {dms} DMs")


async def _awaited(harness: Harness, game_id: int):
    for user in (ALICE, BOB, CARA):
        prompt = await harness.prompt(user, game_id)
        if prompt is not None:
            return user, prompt
    raise AssertionError("a running game with only humans awaits one of them")


async def play_whole_game(harness: Harness, game: str) -> tuple[Noise, int]:
    """Whoever is awaited plays the heuristic's choice from their own ephemeral prompt,
    pressing Take my turn only when that prompt is not current any more."""
    game_id, thread = await harness.open_table(ALICE, joiners=(BOB, CARA), game=game)
    await harness.invoke(ALICE, "game start", where=thread)
    engine, noise = get_game(game), Noise()
    prompts: dict[int, Message] = {}
    while (await harness.gm.table(game_id)).status == "running":
        assert noise.decisions < MAX_DECISIONS, "the game did not end"
        user, prompt = await _awaited(harness, game_id)
        state = await harness.state(game_id)
        action = make_agent("heuristic", seed=noise.decisions).choose(engine, state,
                                                                       prompt.seat).text
        message = await _current_prompt(harness, prompts, user, game_id, prompt.version, noise)
        await harness.choose(user, message, action, [a.text for a in prompt.actions])
        noise.decisions += 1
        noise.turns += user.id != noise.last
        noise.last = user.id
    return noise, thread


async def _current_prompt(harness: Harness, prompts: dict[int, Message], user: User,
                          game_id: int, version: int, noise: Noise) -> Message:
    current = (f"gm:act:{game_id}:{version}:", f"gm:pick:{game_id}:{version}:")
    message = prompts.get(user.id)
    if message is None or not any(c.startswith(current) for c in message.custom_ids()):
        message = (await harness.take_turn(user, game_id)).messages[0]
        prompts[user.id] = message
        noise.presses += 1
    return message


@pytest.mark.slow
@pytest.mark.parametrize("game", ["record", "redux", "scythe"])
async def test_a_whole_three_player_game_says_a_message_or_two_per_turn(harness, game):
    noise, thread = await play_whole_game(harness, game)
    print(noise.line(game, harness, thread))
    public = [m for m in harness.public() if m.channel_id == thread]
    assert "Final scores" in harness.public_history()
    # per turn its lines and the next player's mention (with the board); the table's
    # opening (created, two joins, begins) and its end
    assert len(public) <= 2 * noise.turns + 5
    assert not harness.dms(ALICE)  # nobody asked for DMs

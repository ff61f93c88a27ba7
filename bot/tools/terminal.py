"""`gm play`: a table at the terminal, through the same service the Discord bot uses, so a
newcomer without a token plays the real thing. Boards are written to a folder as PNGs."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from bot.app import build_app
from bot.service import GameMaster
from bot.service.models import Player, ServiceError, Table, TurnPrompt, Update
from storage import SqliteRepository

Ask = Callable[[str], str]
Say = Callable[[str], None]
YOU = Player(1, "You")


async def play(game: str, players: int, ai: int, seed: int | None, boards: Path,
               database: str = ":memory:", ask: Ask = input, say: Say = print) -> int:
    """Play until the game ends or the human quits; returns an exit status."""
    if not 0 <= ai < players:
        say("--ai must leave one seat for you: 0 <= ai < players.")
        return 2
    boards.mkdir(parents=True, exist_ok=True)
    repo = SqliteRepository(database)
    await repo.open()
    try:
        gm = build_app(repo).gm
        table = await gm.new_game(game=game, guild_id=None, channel_id=0, creator=YOU, seed=seed)
        for number in range(2, players - ai + 1):
            await gm.join(table.game_id, Player(number, f"Player {number}"))
        for _ in range(ai):
            await gm.add_ai(table.game_id, YOU)
        update = await gm.start(table.game_id, YOU)
        status = await _loop(gm, table.game_id, update, players - ai, boards, ask, say)
        export = boards / "game.json"
        export.write_text(json.dumps(await gm.export(table.game_id), ensure_ascii=False),
                          encoding="utf-8")
        say(f"The game's log is in {export}; `gm replay {export}` verifies it.")
        return status
    finally:
        await repo.close()


async def _loop(gm: GameMaster, game_id: int, update: Update, humans: int, boards: Path,
                ask: Ask, say: Say) -> int:
    step = 0
    while True:
        step = _show(update, boards, step, say)
        if update.result:
            return 0
        awaited = await _next_turn(gm, game_id, update.table)
        if awaited is None:
            say("Nobody is awaited; the game cannot go on.")
            return 1
        player, prompt = awaited
        if humans > 1:
            hand = await gm.private_text(game_id, player)
            say(f"\n--- {player.name}, your turn (hot seat) ---\n{hand}")
        choice = _choose(prompt, ask, say)
        if choice is None:
            say("Left the table.")
            return 0
        try:
            update = await gm.act(game_id, player, choice)
        except ServiceError as error:
            say(f"Refused: {error}")
            update = Update(update.table, awaiting=update.awaiting)


async def _next_turn(gm: GameMaster, game_id: int,
                     table: Table) -> tuple[Player, TurnPrompt] | None:
    """The first human seat that owes a decision now, with its prompt. Asked of every seat,
    not only of those an update newly awaits: in a simultaneous step a seat that still owes
    its choice is not mentioned again, but the hot seat must come back to it."""
    for seat in table.seats:
        if seat.user_id is None or seat.ai:
            continue
        player = Player(seat.user_id, seat.name)
        prompt = await gm.turn_prompt(game_id, player)
        if prompt is not None:
            return player, prompt
    return None


def _choose(prompt: TurnPrompt, ask: Ask, say: Say) -> str | None:
    """Show the legal actions numbered; accept a number or the action's text."""
    say(f"\n{prompt.text}")
    for number, action in enumerate(prompt.actions, start=1):
        say(f"  {number:>2}. {action.label or action.text}   [{action.text}]")
    try:
        answer = ask("Your choice (number or move, q to quit): ").strip()
    except EOFError:
        return None
    if answer.lower() in ("q", "quit", "exit"):
        return None
    if answer.isdigit() and 1 <= int(answer) <= len(prompt.actions):
        return prompt.actions[int(answer) - 1].text
    return answer


def _show(update: Update, boards: Path, step: int, say: Say) -> int:
    for line in update.public:
        say(line)
    for private in update.private:
        if private.user_id == YOU.user_id:  # hot-seat players see theirs at their turn
            for line in private.lines:
                say(f"(only you see) {line}")
    for name, png in update.boards:
        step += 1
        path = boards / f"{step:04d}-{name}"
        path.write_bytes(png)
        say(f"[board image: {path}]")
    if update.result:
        say(update.result)
    return step

"""`gm play`: a table at the terminal, through the same service the Discord bot uses, so a
newcomer without a token plays the real thing. Boards are written to a folder as PNGs.

The table speaks `locale` (a code of `/me language`): the terminal is a server of its own
whose language is that one, and every player at it has chosen it."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from bot.app import build_app
from bot.i18n import LOCALES, t
from bot.service import GameMaster
from bot.service.models import Player, ServiceError, Table, TurnPrompt, Update
from storage import SqliteRepository

Ask = Callable[[str], str]
Say = Callable[[str], None]
TERMINAL = 1  # the terminal's own server, whose language is the table's
HOST = 1  # the user id of the first human seat, the table's creator


async def play(game: str, players: int, ai: int, seed: int | None, boards: Path,
               database: str = ":memory:", ask: Ask = input, say: Say = print,
               locale: str = "en") -> int:
    """Play until the game ends or the humans quit; returns an exit status. With every seat
    an AI the game plays itself to the end, for a log to read."""
    if locale not in LOCALES:
        say(t("terminal.bad_locale", "en", locale=locale, known=", ".join(LOCALES)))
        return 2
    if not 0 <= ai <= players:
        say(t("terminal.bad_ai", locale, players=players))
        return 2
    boards.mkdir(parents=True, exist_ok=True)
    repo = SqliteRepository(database)
    await repo.open()
    try:
        gm = build_app(repo).gm
        host = Player(HOST, t("terminal.you", locale) if players - ai == 1 else
                      t("terminal.player", locale, number=1), is_moderator=True)
        await gm.settings.set_server(TERMINAL, host, language=locale)
        humans = [host] + [Player(n, t("terminal.player", locale, number=n))
                           for n in range(2, players - ai + 1)]
        for human in humans:
            await gm.settings.set_user(human.user_id, language=locale)
        table = await gm.new_game(game=game, guild_id=TERMINAL, channel_id=0, creator=host,
                                  seed=seed)
        for human in humans[1:]:
            await gm.join(table.game_id, human)
        for _ in range(min(ai, players - 1)):
            await gm.add_ai(table.game_id, host)
        if ai == players:  # the host only opened the table: their seat is an AI's too
            await gm.replace(table.game_id, host, 0, None)
        update = await gm.start(table.game_id, host)
        status = await _loop(gm, table.game_id, update, len(humans), boards, ask, say, locale)
        export = boards / "game.json"
        export.write_text(json.dumps(await gm.export(table.game_id), ensure_ascii=False),
                          encoding="utf-8")
        say(t("terminal.exported", locale, path=str(export)))
        return status
    finally:
        await repo.close()


async def _loop(gm: GameMaster, game_id: int, update: Update, humans: int, boards: Path,
                ask: Ask, say: Say, locale: str) -> int:
    step = 0
    while True:
        step = _show(update, boards, step, say, locale)
        if update.result:
            return 0
        awaited = await _next_turn(gm, game_id, update.table)
        if awaited is None:
            say(t("terminal.stuck", locale))
            return 1
        player, prompt = awaited
        if humans > 1:
            hand = await gm.private_text(game_id, player)
            say("\n" + t("terminal.hot_seat", locale, name=player.name) + f"\n{hand}")
        choice = _choose(prompt, ask, say, locale)
        if choice is None:
            say(t("terminal.left", locale))
            return 0
        try:
            update = await gm.act(game_id, player, choice)
        except ServiceError as error:
            say(t("terminal.refused", locale, why=error.render(locale)))
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


def _choose(prompt: TurnPrompt, ask: Ask, say: Say, locale: str) -> str | None:
    """Show the legal actions numbered; accept a number or the action's text."""
    say(f"\n{prompt.text}")
    for number, action in enumerate(prompt.actions, start=1):
        say(f"  {number:>2}. {action.label or action.text}   [{action.text}]")
    try:
        answer = ask(t("terminal.ask", locale) + " ").strip()
    except EOFError:
        return None
    if answer.lower() in ("q", "quit", "exit"):
        return None
    if answer.isdigit() and 1 <= int(answer) <= len(prompt.actions):
        return prompt.actions[int(answer) - 1].text
    return answer


def _show(update: Update, boards: Path, step: int, say: Say, locale: str) -> int:
    for line in update.public:
        say(line)
    for private in update.private:
        if private.user_id == HOST:  # hot-seat players see theirs at their turn
            for line in private.lines:
                say(t("terminal.only_you", locale, line=line))
    for name, png in update.boards:
        step += 1
        path = boards / f"{step:04d}-{name}"
        path.write_bytes(png)
        say(t("terminal.board", locale, path=str(path)))
    if update.result:
        say(update.result)
    return step

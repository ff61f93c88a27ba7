"""`gm play`: a table at the terminal, through the same service the Discord bot uses, so a
newcomer without a token plays the real thing.

Each game gets a folder of its own (`boards/<game>-<date>-<time>/`): its board images, its
database (`game.sqlite3`, so a game left with `q` goes on with `gm play --resume <folder>`)
and, when the table is left or the game ends, its export `game.json`.

The table speaks `locale` (a code of `/me language`): the terminal is a server of its own
whose language is that one, and every player at it has chosen it.

At the prompt a player types a number, a move's text, or one of the table's own words: `hand`
(their private view), `help` (these words and the legal moves with what each does), `rules
<name>` (what a card, a general, a place or a rule does: bot/i18n/lookup.py), `q` to leave.
The move listed first is the one the game's AI would choose (marked), so a newcomer who
presses 1 throughout still plays a sensible game to its end."""

from __future__ import annotations

import contextlib
import json
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from bot.app import build_app
from bot.i18n import LOCALES, game_title, t
from bot.i18n.lookup import example, lookup
from bot.service import GameMaster
from bot.service.models import Player, ServiceError, Table, TurnPrompt, Update
from bot.service.options import option_lines
from bot.tools.interrupts import leaving_on_ctrl_c
from games.core import Action, GameError, get_game
from storage import SqliteRepository

Ask = Callable[[str], str]
Say = Callable[[str], None]
TERMINAL = 1  # the terminal's own server, whose language is the table's
HOST = 1  # the user id of the first human seat, the table's creator
DATABASE = "game.sqlite3"  # in the game's folder
EXPORT = "game.json"
QUIT = ("q", "quit", "exit")
# Clears the screen and its scrollback (xterm and its kin), so a hand shown to the previous
# player cannot be scrolled back to at the hot seat.
CLEAR_SCREEN = "\033[3J\033[2J\033[H"


def table_folder(root: Path, game: str, now: float | None = None) -> Path:
    """A new folder for one game under `root`: `<game>-<YYYYmmdd-HHMMSS>`, with a number
    after it when a game of the same second has one already."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    root.mkdir(parents=True, exist_ok=True)
    for number in range(1, 1000):
        folder = root / (f"{game}-{stamp}" + (f"-{number}" if number > 1 else ""))
        try:
            folder.mkdir()
        except FileExistsError:
            continue
        return folder
    raise FileExistsError(f"{root}: too many games this second")


async def play(game: str, players: int, ai: int, seed: int | None, boards: Path,
               database: str | None = None, ask: Ask = input, say: Say = print,
               locale: str = "en", options: dict[str, Any] | None = None,
               web: bool = False) -> int:
    """Play a new game until it ends or the humans leave; returns an exit status. With every
    seat an AI the game plays itself to the end, for a log to read. Its folder is made under
    `boards`; `database` (default: the folder's `game.sqlite3`) keeps it for `--resume`. The
    table's `options` (`gm play --option`) are told first, each with what it does. With
    `web` the game is served to a browser too, at a local address told first."""
    refusal = check_table(game, players, ai, locale)
    if refusal:
        say(refusal)
        return 2
    folder = table_folder(boards, game)
    say(t("terminal.folder", locale, path=str(folder)))
    database = database or str(folder / DATABASE)
    repo = SqliteRepository(database)
    await repo.open()
    try:
        gm = build_app(repo).gm
        # a real name, even for the only human: the table's lines name a seat in the third
        # person ("Player 1 chooses"), which "You" would make "You chooses"
        host = Player(HOST, t("terminal.player", locale, number=1), is_moderator=True)
        await gm.settings.set_server(TERMINAL, host, language=locale)
        humans = [host] + [Player(n, t("terminal.player", locale, number=n))
                           for n in range(2, players - ai + 1)]
        for human in humans:
            await gm.settings.set_user(human.user_id, language=locale)
        table = await gm.new_game(game=game, guild_id=TERMINAL, channel_id=0, creator=host,
                                  options=options, seed=seed)
        say(t("core.table_options", locale, options="".join(
            f"\n  {line}" for line in option_lines(game, table.options, locale))))
        for human in humans[1:]:
            await gm.join(table.game_id, human)
        for _ in range(min(ai, players - 1)):
            await gm.add_ai(table.game_id, host)
        if ai == players:  # the host only opened the table: their seat is an AI's too
            await gm.replace(table.game_id, host, 0, None)
        update = await gm.start(table.game_id, host)
        with _watched(web, database, table.game_id, say, locale):
            return await _sit(gm, table.game_id, update, folder, ask, say, locale)
    except ServiceError as error:
        say(error.render(locale))
        return 2
    finally:
        await repo.close()


async def resume(folder: Path, ask: Ask = input, say: Say = print,
                 locale: str | None = None, web: bool = False) -> int:
    """Go on with the game kept in `folder` (a folder `gm play` made), in its own language
    unless `locale` is given."""
    if locale is not None and locale not in LOCALES:
        say(t("terminal.bad_locale", "en", locale=locale, known=", ".join(LOCALES)))
        return 2
    database = folder / DATABASE
    if not database.is_file():
        say(t("terminal.no_saved_game", locale or "en", path=str(folder), file=DATABASE))
        return 2
    repo = SqliteRepository(str(database))
    await repo.open()
    try:
        gm = build_app(repo).gm
        locale = locale or (await gm.settings.server(TERMINAL)).language
        games = await repo.list_games(guild_id=TERMINAL)
        if not games:
            say(t("terminal.no_saved_game", locale, path=str(folder), file=DATABASE))
            return 2
        table = await gm.table(games[0].id)
        if table.status not in ("running", "paused"):
            say(t("terminal.already_over", locale, path=str(folder)))
            return 0
        if table.status == "paused":
            await gm.resume(table.game_id, Player(HOST, "", is_moderator=True))
            table = await gm.table(table.game_id)
        say(t("terminal.resumed", locale, path=str(folder)))
        say(await gm.status_text(table.game_id, locale))
        with _watched(web, str(database), table.game_id, say, locale):
            return await _sit(gm, table.game_id, Update(table), folder, ask, say, locale)
    finally:
        await repo.close()


@contextlib.contextmanager
def _watched(web: bool, database: str, game_id: int, say: Say, locale: str) -> Iterator[None]:
    """The game served to a local browser while the block runs (`web`), from a thread of
    its own: the terminal's `input()` holds this event loop. A web table that cannot start
    is told, and the game is played without it."""
    if not web:
        yield
        return
    from bot.web.serve import watch_in_thread

    try:
        watching = watch_in_thread(database)
    except OSError as error:
        say(t("terminal.no_web", locale, why=str(error)))
        yield
        return
    say(t("terminal.watch", locale, url=watching.link(game_id)))
    try:
        yield
    finally:
        watching.stop()


def check_table(game: str, players: int, ai: int, locale: str) -> str | None:
    """Why a table cannot be laid as asked, in words, or None: an unknown language or game,
    a player count the game does not allow, more AI seats than seats."""
    if locale not in LOCALES:
        return t("terminal.bad_locale", "en", locale=locale, known=", ".join(LOCALES))
    try:
        engine = get_game(game)
    except GameError as error:
        return ServiceError.of(error).render(locale)
    if not engine.min_players <= players <= engine.max_players:
        return players_refusal(engine.name, players, engine.min_players, engine.max_players,
                               locale)
    if not 0 <= ai <= players:
        return t("terminal.bad_ai", locale, players=players)
    return None


def players_refusal(game: str, count: int, least: int, most: int, locale: str) -> str:
    """The player range of a game, for a count it does not allow."""
    if least == most:
        return t("terminal.bad_players_exact", locale, game=game_title(game), count=count,
                 most=most)
    return t("terminal.bad_players", locale, game=game_title(game), count=count, least=least,
             most=most)


async def _sit(gm: GameMaster, game_id: int, update: Update, folder: Path, ask: Ask,
               say: Say, locale: str) -> int:
    """Play from `update` on, then write the export beside the boards."""
    with leaving_on_ctrl_c(ask) as asked:
        status = await _loop(gm, game_id, update, folder, asked, say, locale)
    export = folder / EXPORT
    export.write_text(json.dumps(await gm.export(game_id), ensure_ascii=False),
                      encoding="utf-8")
    say(t("terminal.exported", locale, path=str(export)))
    return status


async def _loop(gm: GameMaster, game_id: int, update: Update, folder: Path, ask: Ask,
                say: Say, locale: str) -> int:
    step = len(list(folder.glob("*.png")))  # a resumed game numbers on
    humans = sum(1 for s in update.table.seats if s.user_id is not None and not s.ai)
    seated: int | None = None  # who sits at the keyboard now (hot seat)
    while True:
        step = _show(await gm.drawn(update), folder, step, say, locale)
        if update.result:
            return 0
        awaited = await _next_turn(gm, game_id, update.table)
        if awaited is None:
            say(t("terminal.stuck", locale))
            return 1
        player, prompt = awaited
        if not prompt.actions:  # a response window it can only let go by: nobody waits here
            update = await gm.close_window(game_id, prompt.seat, expected_version=prompt.version)
            continue
        if humans > 1:
            if player.user_id != seated and not _handed_over(player, ask, say, locale):
                say(t("terminal.left", locale))
                say(t("terminal.resume_hint", locale, path=str(folder)))
                return 0
            seated = player.user_id
            hand = await gm.private_text(game_id, player)
            say("\n" + t("terminal.hot_seat", locale, name=player.name) + f"\n{hand}")
        actions = await _ordered(gm, game_id, player, update.table.game, prompt)
        choice = await _choose(gm, game_id, player, update.table.game, prompt.text, actions,
                               ask, say, locale)
        if choice is None:
            say(t("terminal.left", locale))
            say(t("terminal.resume_hint", locale, path=str(folder)))
            return 0
        try:
            update = await gm.act(game_id, player, choice)
        except ServiceError as error:
            # the refusal names what is possible; a move typed by a thing's name is read
            # by the service itself (bot/service/typed.py), so no guess is added here
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


async def _ordered(gm: GameMaster, game_id: int, player: Player, game: str,
                   prompt: TurnPrompt) -> list[tuple[Action, bool]]:
    """The legal moves in the game's order, the AI's choice moved first and marked: what the
    heuristic AI would play from this seat's own view (the first of the best on a tie), so
    pressing 1 is never a blind step (a Scythe seat taking the first move each time walks a
    unit back and forth for ever)."""
    actions = prompt.actions
    if len(actions) < 2:
        return [(a, False) for a in actions]
    engine = get_game(game)
    view = (await gm.seat_view(game_id, player)).view
    scores = [engine.action_score(view, prompt.seat, a) for a in actions]
    best = max(range(len(actions)), key=lambda i: (scores[i], -i))
    return [(actions[best], True)] + [(a, False) for i, a in enumerate(actions) if i != best]


def _handed_over(player: Player, ask: Ask, say: Say, locale: str) -> bool:
    """Hot seat: the screen waits for the next player and is cleared before their hand is
    shown, so the one who just played never sees it, and the previous hand is gone from the
    screen. False when they leave instead (`q`, Ctrl-C, end of input)."""
    say("\n" + t("terminal.pass_to", locale, name=player.name))
    try:
        answer = ask("").strip().lower()
    except (EOFError, KeyboardInterrupt):
        return False
    if answer in QUIT:
        return False
    say(CLEAR_SCREEN if sys.stdout.isatty() else "")
    return True


async def _choose(gm: GameMaster, game_id: int, player: Player, game: str, prompt: str,
                  actions: list[tuple[Action, bool]], ask: Ask, say: Say,
                  locale: str) -> str | None:
    """Show the legal moves numbered; answer the table's own words (`hand`, `help`, `rules
    <name>`) and ask again; return the move typed or chosen by number, None to leave."""
    say(f"\n{prompt}")
    _list(actions, say, locale)
    while True:
        try:
            answer = ask(t("terminal.ask", locale) + " ").strip()
        except (EOFError, KeyboardInterrupt):
            return None
        word, _, rest = answer.partition(" ")
        word = word.lower()
        if word in QUIT and not rest:
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(actions):
            return actions[int(answer) - 1][0].text
        if word == "hand" and not rest:
            say(await gm.private_text(game_id, player, locale))
        elif word == "help" and not rest:
            say(t("terminal.help", locale, move=actions[0][0].text if actions else "",
                  example=example(game, locale)))
            _list(actions, say, locale)
        elif word == "rules":
            say(lookup(game, rest, locale))
        elif word == "why":
            say(await _why(gm, game_id, player, rest, actions, locale))
        elif answer.isdigit() or not answer:
            say(t("terminal.choose_number", locale, most=len(actions)))
        else:
            return answer


async def _why(gm: GameMaster, game_id: int, player: Player, typed: str,
               actions: list[tuple[Action, bool]], locale: str) -> str:
    """Why a move is not possible now, with the rule that stops it; or that it is."""
    if not typed.strip():
        return t("terminal.why_what", locale, move=actions[0][0].text if actions else "")
    try:
        meant = await gm.why(game_id, player, typed)
    except ServiceError as error:
        return error.render(locale)
    label = next((a.label for a, _ in actions if a == meant and a.label), meant.text)
    return t("terminal.why_possible", locale, move=meant.text, label=label)


def _list(actions: list[tuple[Action, bool]], say: Say, locale: str) -> None:
    for number, (action, suggested) in enumerate(actions, start=1):
        mark = " " + t("terminal.suggested", locale) if suggested else ""
        say(f"  {number:>2}. {action.label or action.text}   [{action.text}]{mark}")


def _show(update: Update, folder: Path, step: int, say: Say, locale: str) -> int:
    for line in update.public:
        say(_plain(line))
    for private in update.private:
        if private.user_id == HOST:  # hot-seat players see theirs at their turn
            for line in private.lines:
                say(t("terminal.only_you", locale, line=line))
    for name, png in update.boards:
        step += 1
        path = folder / f"{step:04d}-{name}"
        path.write_bytes(png)
        say(t("terminal.board", locale, path=str(path)))
    if update.result:
        say(_plain(update.result))
    return step


def _plain(text: str) -> str:
    """A thread's text for a terminal: Discord's bold marks would show as asterisks."""
    return text.replace("**", "")

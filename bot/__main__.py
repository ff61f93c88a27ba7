"""`python -m bot` (also `gm`): run the bot, or play, simulate, replay and bench locally,
or move a database to PostgreSQL."""

from __future__ import annotations

import argparse
import asyncio
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from bot.i18n import t, words
from bot.service.options import parse_options
from bot.tools.terminal import players_refusal
from games.core import Game, GameError, all_games, get_game
from games.core.agents import agent_kinds

DEFAULT_WEB_PORT = 8080


def main(argv: list[str] | None = None) -> int:
    """Every command answers a wrong argument, a missing file or a missing network with a
    sentence on stderr and a non-zero exit code, never a traceback."""
    args = _parser().parse_args(argv)
    try:
        return int(args.handler(args))
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130


class _Defaults(argparse.HelpFormatter):
    """Every option's help ends with its default, unless the help already says it: a
    newcomer reads what they get by typing nothing."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        help_text = action.help or ""
        shown = action.default not in (None, False, [], argparse.SUPPRESS)
        if action.option_strings and shown and "default" not in help_text:
            help_text += " (default: %(default)s)"
        return help_text


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="gm", description=__doc__)
    commands = parser.add_subparsers(required=True, metavar="command",
                                     parser_class=_CommandParser)

    run = commands.add_parser("run", help="run the Discord bot (needs DISCORD_TOKEN)")
    run.add_argument("--shards", default=None, metavar="IDS",
                     help="the Discord shards this process serves, e.g. 0-3 or 0,2 "
                          "(default GM_SHARDS; with a PostgreSQL GM_DATABASE, other "
                          "processes serve the others)")
    run.add_argument("--shard-count", default=None, metavar="N",
                     help="how many shards the whole bot has (default GM_SHARD_COUNT); "
                          "alone, this process serves all of them")
    run.set_defaults(handler=_run)

    play = commands.add_parser("play", help="play at the terminal against AI seats")
    play.add_argument("--game", default="record",
                      help="record, redux, scythe, wargame or tang")
    play.add_argument("--players", type=int, default=3, help="seats at the table")
    play.add_argument("--ai", type=int, default=None,
                      help="how many seats the AI plays (default: every seat but one, which "
                           "is yours; as many as --players to watch the AI play)")
    play.add_argument("--seed", type=int, default=None,
                      help="the same seed deals the same game (default: a new one)")
    play.add_argument("--locale", default=None,
                      help="the table's language: en (default), ko, zh-CN, zh-TW or ja; a "
                           "resumed game keeps its own unless given")
    play.add_argument("--boards", type=Path, default=Path("boards"),
                      help="each game gets a folder of its own here: its board images, its "
                           "database and its export")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                      help="a table option, e.g. trade_rates=literal (repeatable); the game "
                           "lists its options, each with what it does, when it starts")
    play.add_argument("--resume", type=Path, default=None, metavar="FOLDER",
                      help="go on with the game kept in this folder (one `gm play` made)")
    play.add_argument("--no-web", action="store_true",
                      help="do not serve the web table: by default the game can be watched "
                           "in a browser at a local address `gm play` prints")
    play.set_defaults(handler=_play)

    served = commands.add_parser("web", help="serve the web table alone: every game's "
                                 "public page, players' private views, live updates")
    served.add_argument("--database", default=None, metavar="URL",
                        help="the bot's database: a SQLite file or postgresql://... "
                             "(default GM_DATABASE, else gamemaster.sqlite3)")
    served.add_argument("--port", type=int, default=None,
                        help="the port to serve (default GM_WEB_PORT, else 8080)")
    served.add_argument("--links", action="store_true",
                        help="print each started game's public link, one a line, and exit")
    served.set_defaults(handler=_web)

    sim = commands.add_parser("simulate", help="AI-vs-AI games that check every action")
    sim.add_argument("--game", default="record", help="the game to simulate")
    sim.add_argument("--players", type=int, default=None,
                     help="seats per game (default: 4, or what the game allows)")
    sim.add_argument("--games", type=int, default=100, help="how many games")
    sim.add_argument("--agents", default="heuristic,random",
                     help="AI kinds, comma-separated, alternating by seat and game")
    sim.add_argument("--seed", type=int, default=1, help="the first game's seed")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                     help="a table option, e.g. advanced=true (repeatable)")
    sim.add_argument("--jobs", type=int, default=1,
                     help="processes the games are spread over (the summary is the same)")
    sim.set_defaults(handler=_simulate)

    rep = commands.add_parser("replay", help="verify an exported game")
    rep.add_argument("file", type=Path,
                     help="a /game export file, or the game.json of a `gm play` folder")
    rep.set_defaults(handler=_replay)

    bench = commands.add_parser("bench", help="medians of engine, render and service costs")
    bench.add_argument("--game", default=None,
                       help="one game (default: every registered game; record with --discord)")
    bench.add_argument("--players", type=int, default=None,
                       help="seats per game (default: 4, or what the game allows)")
    bench.add_argument("--games", type=int, default=20,
                       help="simulated games per game for the engine's medians")
    bench.add_argument("--seed", type=int, default=1, help="the first game's seed")
    bench.add_argument("--thinking", default=None, metavar="LEVEL",
                       help="another table's action while AI seats at LEVEL think (the "
                            "bot's AI pool), beside the same action alone")
    bench.add_argument("--discord", action="store_true",
                       help="concurrent games through a local Discord (latency, memory)")
    bench.add_argument("--humans", type=int, default=2,
                       help="with --discord: scripted players per game (the rest are AI)")
    bench.add_argument("--think", type=float, default=0.5,
                       help="with --discord: mean seconds a player takes before a click")
    bench.add_argument("--minutes", type=float, default=60,
                       help="with --discord: stop games still running after this long")
    bench.add_argument("--processes", type=int, default=1,
                       help="with --discord: bot processes, each serving one shard (more "
                            "than one needs --database)")
    bench.add_argument("--database", default=None, metavar="postgresql://...",
                       help="with --discord: an empty PostgreSQL database made for the "
                            "bench (default: a SQLite file of its own)")
    bench.set_defaults(handler=_bench)

    move = commands.add_parser("migrate", help="move a SQLite database into PostgreSQL, "
                               "verified by replaying every game")
    move.add_argument("--from", dest="source", required=True, metavar="sqlite:PATH",
                      help="the bot's SQLite database")
    move.add_argument("--to", dest="target", required=True, metavar="postgresql://...",
                      help="an empty database (the schema is made on the way)")
    move.set_defaults(handler=_migrate)

    crash = commands.add_parser("crashes", help="whole games while `gm run` is killed at "
                                "random: what was stored against what was posted")
    crash.add_argument("--kills", type=int, default=50, help="how many times to kill it")
    crash.add_argument("--seed", type=int, default=1, help="the seed of the kill times")
    crash.add_argument("--folder", type=Path, default=Path("crashes"),
                       help="where the database and the bot's log go")
    crash.set_defaults(handler=_crashes)

    table = commands.add_parser("table", help="whole games through a local Discord, counted "
                                "as a play-by-post group feels them: public messages per "
                                "turn and round, mentions, pass-only prompts, presses")
    table.add_argument("--game", default=None, help="one game (default: every game)")
    table.add_argument("--players", type=int, default=None,
                       help="seats per game (default: 4, or what the game allows)")
    table.add_argument("--humans", type=int, default=2,
                       help="scripted members at the table (the other seats are AI)")
    table.add_argument("--seed", type=int, default=4, help="the games' seed")
    table.set_defaults(handler=_table)
    return parser


class _CommandParser(argparse.ArgumentParser):
    """A command's parser, whose help shows every default (`_Defaults`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["formatter_class"] = _Defaults
        super().__init__(*args, **kwargs)


def _run(args: argparse.Namespace) -> int:
    from bot.discord.launch import launch

    return launch(args.shards, args.shard_count)


def _play(args: argparse.Namespace) -> int:
    from bot.tools.terminal import check_table, play, resume
    from storage import StorageUnavailable

    try:
        if args.resume is not None:
            return asyncio.run(resume(args.resume, locale=args.locale, web=not args.no_web))
        locale = args.locale or "en"
        ai = args.players - 1 if args.ai is None else args.ai  # one seat is yours
        refusal = check_table(args.game, args.players, ai, locale)
        if refusal:
            print(refusal, file=sys.stderr)
            return 2
        try:
            options = parse_options(args.option)
        except ValueError as error:
            print(error, file=sys.stderr)
            return 2
        return asyncio.run(play(args.game, args.players, ai, args.seed, args.boards,
                                locale=locale, options=options, web=not args.no_web))
    except OSError as error:  # a boards folder that cannot be written
        print(t("terminal.bad_folder", "en", why=str(error)), file=sys.stderr)
        return 2
    except StorageUnavailable as error:  # a full disk, a file locked by another program
        print(t("terminal.storage_unavailable", args.locale or "en", why=error.fault),
              file=sys.stderr)
        return 2


def _web(args: argparse.Namespace) -> int:
    """The web table of a database alone, next to the bot or without it (GM_WEB_SECRET
    must be the bot's, so the links the bot gives open here)."""
    from bot.config import ConfigError, Settings
    from bot.web.serve import links_of, serve_alone, web_config
    from storage import StorageUnavailable

    try:
        settings = Settings.from_env()
        port = args.port or settings.web_port or DEFAULT_WEB_PORT
        if not 1 <= port <= 65535:
            raise ConfigError(f"--port must be from 1 to 65535, not {port}.")
        settings = replace(settings, web_port=port)
        config = web_config(settings)
    except ConfigError as error:
        print(error, file=sys.stderr)
        return 2
    database = args.database or settings.database
    try:
        if args.links:
            print("\n".join(asyncio.run(links_of(database, config))))
            return 0
        asyncio.run(serve_alone(database, port, config))
    except StorageUnavailable as error:
        print(t("terminal.bad_database", "en", path=database, why=error.fault),
              file=sys.stderr)
        return 2
    except OSError as error:  # the port is taken, the database cannot be reached
        print(f"gm web: {error}", file=sys.stderr)
        return 2
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from bot.tools.simulate import simulate

    try:
        game = get_game(args.game)
        options = game.resolve_options(parse_options(args.option))
    except (GameError, ValueError) as error:
        print(_said(error), file=sys.stderr)
        return 2
    agents = tuple(kind.strip() for kind in args.agents.split(",") if kind.strip())
    offered = agent_kinds(game)  # search only where the game samples (Game.can_sample)
    unknown = [kind for kind in agents if kind not in offered]
    if unknown or not agents:
        print(f"unknown AI kind {unknown}; kinds for {game.name}: {', '.join(offered)}",
              file=sys.stderr)
        return 2
    players = seat_count(game, args.players)
    refusal = check_run(game, players, args.games) or (
        f"--jobs must be 1 or more, not {args.jobs}." if args.jobs < 1 else None)
    if refusal:
        print(refusal, file=sys.stderr)
        return 2
    summary = simulate(game, players, args.games, args.seed, options, agents, args.jobs)
    print(f"{game.title} · {players} players · agents {', '.join(agents)} · options {options}")
    print("\n".join(line for line in summary.lines() if line))
    return 1 if summary.errors else 0


def _replay(args: argparse.Namespace) -> int:
    """The same verification `/game import` makes before it opens a table."""
    from bot.service.export import ExportError, read_export

    try:
        verified = read_export(args.file.read_bytes())
    except OSError as error:
        print(t("terminal.no_file", "en", path=str(args.file), why=error.strerror or error),
              file=sys.stderr)
        return 2
    except ExportError as error:  # no export, or one whose log does not replay: a wrong file
        print(error, file=sys.stderr)
        return 2
    print(f"ok: {len(verified.actions)} actions replay to the exported state")
    return 0


def _migrate(args: argparse.Namespace) -> int:
    from asyncpg import PostgresError

    from bot.tools.migrate import MigrateError, migrate
    from storage import StorageError

    try:
        migration = asyncio.run(migrate(args.source, args.target))
    except (MigrateError, StorageError, PostgresError, OSError) as error:
        print(f"gm migrate: {error}", file=sys.stderr)
        return 2
    print("\n".join(migration.lines()))
    return 1 if migration.problems else 0


def _crashes(args: argparse.Namespace) -> int:
    from bot.tools.crashes import crashes, report

    if args.kills < 1:
        print("--kills must be 1 or more.", file=sys.stderr)
        return 2
    counts = asyncio.run(crashes(args.kills, args.seed, args.folder))
    print("\n".join(report(counts, args.kills, args.seed)))
    return 0 if all(count.clean for count in counts) else 1


def _table(args: argparse.Namespace) -> int:
    import tempfile

    from bot.tools.fakediscord.tablelife import measure

    try:
        games = [get_game(args.game)] if args.game else all_games()
    except GameError as error:
        print(_said(error), file=sys.stderr)
        return 2
    for game in games:
        seats = seat_count(game, args.players)
        refusal = check_run(game, seats, 1)
        if refusal is not None:
            print(refusal, file=sys.stderr)
            return 2
        if not 1 <= args.humans <= seats:
            print(f"--humans must be from 1 to the {seats} seats of {game.name}.",
                  file=sys.stderr)
            return 2
        with tempfile.TemporaryDirectory() as folder:
            figures = asyncio.run(measure(game.name, seats, args.humans, args.seed,
                                          Path(folder)))
        print("\n".join(figures.lines()), flush=True)
    return 0


def _bench(args: argparse.Namespace) -> int:
    """Each game measured on its own, one after the other, so every ratio line compares two
    figures taken in the same run."""
    from bot.config import ConfigError, Settings
    from bot.tools.bench import bench

    if args.discord:
        return _bench_discord(args, args.game or "record")
    if args.thinking is not None:
        return _bench_thinking(args, args.game or "record")
    try:
        games = [get_game(args.game)] if args.game else all_games()
    except GameError as error:
        print(_said(error), file=sys.stderr)
        return 2
    if args.players is not None and not args.game:  # each game has its own range
        games = [g for g in games if g.min_players <= args.players <= g.max_players]
    seats = [seat_count(game, args.players) for game in games]
    refusals = [check_run(game, players, args.games)
                for game, players in zip(games, seats, strict=True)]
    if any(refusals) or not games:
        print(next(filter(None, refusals), None) or t(
            "terminal.no_game_seats", "en", count=args.players), file=sys.stderr)
        return 2
    try:
        synchronous = Settings.from_env().sqlite_synchronous  # what `gm run` would use
    except ConfigError as error:
        print(error, file=sys.stderr)
        return 2
    for game, players in zip(games, seats, strict=True):
        print("\n".join(bench(game.name, players, args.games, args.seed, synchronous)),
              flush=True)
    return 0


def _bench_thinking(args: argparse.Namespace, name: str) -> int:
    from bot.service.ai import check_level
    from bot.service.models import ServiceError
    from bot.tools.bench_thinking import bench_thinking

    try:
        game = get_game(name)
        check_level(game, args.thinking)
    except (GameError, ServiceError) as error:
        print(_said(error), file=sys.stderr)
        return 2
    players = seat_count(game, args.players)
    refusal = check_run(game, players, args.games)
    if refusal:
        print(refusal, file=sys.stderr)
        return 2
    print("\n".join(bench_thinking(name, players, args.thinking, args.seed)))
    return 0


def _bench_discord(args: argparse.Namespace, name: str) -> int:
    from asyncpg import PostgresError

    from bot.tools.bench_discord import BenchError, Load, bench_discord

    try:
        game = get_game(name)
    except GameError as error:
        print(_said(error), file=sys.stderr)
        return 2
    players = args.players or max(game.min_players, args.humans)
    refusal = check_run(game, players, args.games)
    if refusal:
        print(refusal, file=sys.stderr)
        return 2
    if not 1 <= args.humans <= players:
        print(t("terminal.bad_humans", "en", players=players), file=sys.stderr)
        return 2
    if args.think < 0 or args.minutes <= 0:
        print(t("terminal.bad_times", "en"), file=sys.stderr)
        return 2
    refusal = _processes_refusal(args.processes, args.database)
    if refusal:
        print(refusal, file=sys.stderr)
        return 2
    try:
        print("\n".join(bench_discord(Load(name, args.games, players, args.humans,
                                             args.think, args.seed, args.minutes,
                                             args.processes, args.database))))
    except (BenchError, PostgresError, OSError) as error:
        print(f"gm bench: {error}", file=sys.stderr)
        return 2
    return 0


def _processes_refusal(processes: int, database: str | None) -> str | None:
    """Why `gm bench --discord` cannot run that many processes on that database: several
    share one database, which only PostgreSQL allows."""
    from storage import is_postgres

    if processes < 1:
        return f"--processes must be 1 or more, not {processes}."
    if database is not None and not is_postgres(database):
        return "--database is a PostgreSQL URL (postgresql://...); without it the bench " \
               "runs on a SQLite file of its own."
    if processes > 1 and database is None:
        return "--processes above 1 needs --database postgresql://...: the processes " \
               "share one database, and a SQLite file serves one process."
    return None


def seat_count(game: Game, requested: int | None) -> int:
    """Four seats unless asked otherwise, within what the game allows (Redux is 3 only)."""
    if requested is not None:
        return requested
    return min(max(4, game.min_players), game.max_players)


def check_run(game: Game, players: int, games: int) -> str | None:
    """Why `gm simulate` or `gm bench` cannot run as asked, before a game is played: a player
    count the game does not allow, no games to play."""
    if not game.min_players <= players <= game.max_players:
        return players_refusal(game.name, players, game.min_players, game.max_players, "en")
    if games < 1:
        return t("terminal.bad_games", "en", count=games)
    return None


def _said(error: Exception) -> str:
    """An error as the terminal shows it: an engine's refusal in words, in English."""
    return words(error.cited) if isinstance(error, GameError) else str(error)


if __name__ == "__main__":
    sys.exit(main())

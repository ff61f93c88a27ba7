"""`python -m bot` (also `gm`): run the bot, or play, simulate, replay and bench locally."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from bot.i18n import words
from bot.service.options import parse_options
from games.core import Game, GameError, all_games, get_game
from games.core.agents import AGENTS


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    return args.handler(args)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="gm", description=__doc__)
    commands = parser.add_subparsers(required=True, metavar="command")

    run = commands.add_parser("run", help="run the Discord bot (needs DISCORD_TOKEN)")
    run.set_defaults(handler=_run)

    play = commands.add_parser("play", help="play at the terminal against AI seats")
    play.add_argument("--game", default="record")
    play.add_argument("--players", type=int, default=3)
    play.add_argument("--ai", type=int, default=2, help="how many seats the AI plays")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--locale", default="en",
                      help="the table's language: en, ko, zh-CN, zh-TW or ja")
    play.add_argument("--boards", type=Path, default=Path("boards"),
                      help="folder for the board images")
    play.set_defaults(handler=_play)

    sim = commands.add_parser("simulate", help="AI-vs-AI games that check every action")
    sim.add_argument("--game", default="record")
    sim.add_argument("--players", type=int, default=None,
                     help="seats per game (default: 4, or what the game allows)")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--agents", default="heuristic,random",
                     help="AI kinds, comma-separated, alternating by seat and game")
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                     help="a table option, e.g. advanced=true (repeatable)")
    sim.set_defaults(handler=_simulate)

    rep = commands.add_parser("replay", help="verify an exported game")
    rep.add_argument("file", type=Path)
    rep.set_defaults(handler=_replay)

    bench = commands.add_parser("bench", help="medians of engine, render and service costs")
    bench.add_argument("--game", default=None,
                       help="one game (default: every registered game; record with --discord)")
    bench.add_argument("--players", type=int, default=None,
                       help="seats per game (default: 4, or what the game allows)")
    bench.add_argument("--games", type=int, default=20)
    bench.add_argument("--seed", type=int, default=1)
    bench.add_argument("--discord", action="store_true",
                       help="concurrent games through a local Discord (latency, memory)")
    bench.add_argument("--humans", type=int, default=2,
                       help="with --discord: scripted players per game (the rest are AI)")
    bench.add_argument("--think", type=float, default=0.5,
                       help="with --discord: mean seconds a player takes before a click")
    bench.add_argument("--minutes", type=float, default=60,
                       help="with --discord: stop games still running after this long")
    bench.set_defaults(handler=_bench)
    return parser


def _run(args: argparse.Namespace) -> int:
    from bot.config import ConfigError, Settings
    from bot.discord.client import run_bot

    try:
        settings = Settings.from_env()
        settings.require_token()
    except ConfigError as error:
        print(error, file=sys.stderr)
        return 2
    return asyncio.run(run_bot(settings))


def _play(args: argparse.Namespace) -> int:
    from bot.tools.terminal import play

    return asyncio.run(play(args.game, args.players, args.ai, args.seed, args.boards,
                            locale=args.locale))


def _simulate(args: argparse.Namespace) -> int:
    from bot.tools.simulate import simulate

    try:
        game = get_game(args.game)
        options = game.resolve_options(parse_options(args.option))
    except (GameError, ValueError) as error:
        print(_said(error), file=sys.stderr)
        return 2
    agents = tuple(kind.strip() for kind in args.agents.split(",") if kind.strip())
    unknown = [kind for kind in agents if kind not in AGENTS]
    if unknown or not agents:
        print(f"unknown AI kind {unknown}; kinds: {', '.join(AGENTS)}", file=sys.stderr)
        return 2
    players = seat_count(game, args.players)
    summary = simulate(game, players, args.games, args.seed, options, agents)
    print(f"{game.title} · {players} players · agents {', '.join(agents)} · options {options}")
    print("\n".join(line for line in summary.lines() if line))
    return 1 if summary.errors else 0


def _replay(args: argparse.Namespace) -> int:
    """The same verification `/game import` makes before it opens a table."""
    from bot.service.export import ExportError, read_export

    try:
        verified = read_export(args.file.read_bytes())
    except ExportError as error:
        print(error)
        return 1
    print(f"ok: {len(verified.actions)} actions replay to the exported state")
    return 0


def _bench(args: argparse.Namespace) -> int:
    """Each game measured on its own, one after the other, so every ratio line compares two
    figures taken in the same run."""
    from bot.tools.bench import bench

    if args.discord:
        return _bench_discord(args, args.game or "record")
    try:
        games = [get_game(args.game)] if args.game else all_games()
        seats = [seat_count(game, args.players) for game in games]
    except GameError as error:
        print(_said(error), file=sys.stderr)
        return 2
    for game, players in zip(games, seats, strict=True):
        print("\n".join(bench(game.name, players, args.games, args.seed)), flush=True)
    return 0


def _bench_discord(args: argparse.Namespace, name: str) -> int:
    from bot.tools.bench_discord import Load, bench_discord

    try:
        game = get_game(name)
    except GameError as error:
        print(_said(error), file=sys.stderr)
        return 2
    players = args.players or max(game.min_players, args.humans)
    if not 1 <= args.humans <= players <= game.max_players:
        print(f"--humans must be 1-{players} and --players at most {game.max_players}.",
              file=sys.stderr)
        return 2
    print("\n".join(bench_discord(Load(name, args.games, players, args.humans,
                                         args.think, args.seed, args.minutes))))
    return 0


def seat_count(game: Game, requested: int | None) -> int:
    """Four seats unless asked otherwise, within what the game allows (Redux is 3 only)."""
    if requested is not None:
        return requested
    return min(max(4, game.min_players), game.max_players)


if __name__ == "__main__":
    sys.exit(main())


def _said(error: Exception) -> str:
    """An error as the terminal shows it: an engine's refusal in words, in English."""
    return words(error.message) if isinstance(error, GameError) else str(error)

"""`gm bench`: medians (and ratios) of the costs that decide how a table feels."""

from __future__ import annotations

import asyncio
import io
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from statistics import median

from PIL import Image

from bot.app import build_app
from bot.service.models import Player
from bot.tools.simulate import play_game
from games.core import Game, get_game, make_agent
from rendering import render_board, to_png
from storage import SqliteRepository


def _median_ms(samples: list[float]) -> float:
    return median(samples) * 1000


def _time(fn: Callable[[], object], repeat: int) -> list[float]:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return samples


def engine_action_times(game: Game, players: int, seed: int) -> list[float]:
    """Time every legal-actions + apply step of one AI game."""
    state = game.setup(players, {}, seed)
    agents = [make_agent("heuristic", seed + i) for i in range(players)]
    samples = []
    while game.result(state) is None:
        seat = min(game.to_act(state))
        start = time.perf_counter()
        action = agents[seat].choose(game, state, seat)
        state, _ = game.apply(state, seat, action)
        samples.append(time.perf_counter() - start)
    return samples


def render_times(game: Game, players: int, seed: int, repeat: int) -> tuple[list, list, tuple]:
    """Board render time beside the PNG encoding (same encoder settings) of a blank image of
    the same size, which is the floor any board of that size pays."""
    state, _ = play_game(game, players, {}, seed, ["heuristic"] * players, check=False)
    view = game.view(state, None)
    names = [f"Player {i + 1}" for i in range(players)]
    png = render_board(game.name, view, names)
    size = Image.open(io.BytesIO(png)).size
    blank = Image.new("RGB", size, "white")
    encode = _time(lambda: to_png(blank), repeat)
    return _time(lambda: render_board(game.name, view, names), repeat), encode, size


async def service_action_times(game: Game, players: int, seed: int) -> tuple[list, int]:
    """Human-path actions through the service with a SQLite file (no rendering)."""
    with tempfile.TemporaryDirectory() as folder:
        repo = SqliteRepository(Path(folder) / "bench.sqlite3")
        await repo.open()
        try:
            gm = build_app(repo, render=False).gm
            humans = [Player(i + 1, f"Player {i + 1}") for i in range(players)]
            table = await gm.new_game(game=game.name, guild_id=None, channel_id=1,
                                      creator=humans[0], seed=seed)
            for human in humans[1:]:
                await gm.join(table.game_id, human)
            update = await gm.start(table.game_id, humans[0])
            agent = make_agent("heuristic", seed)
            samples = []
            while update.result is None:
                record = await repo.get_game(table.game_id)
                seat = min(game.to_act(record.state))
                action = agent.choose(game, record.state, seat)
                start = time.perf_counter()
                update = await gm.act(table.game_id, humans[seat], action.text)
                samples.append(time.perf_counter() - start)
            return samples, await repo.size_bytes()
        finally:
            await repo.close()


def bench(game_name: str = "record", players: int = 4, games: int = 20, seed: int = 1) -> list[str]:
    game = get_game(game_name)
    actions = [t for g in range(games) for t in engine_action_times(game, players, seed + g)]
    full = _time(lambda: play_game(game, players, {}, seed, ["heuristic"] * players,
                                   check=False), max(3, games // 4))
    render, encode, size = render_times(game, players, seed, 10)
    service, db_size = asyncio.run(service_action_times(game, players, seed))
    return [
        f"gm bench · {game.title} · {players} players · seed {seed}",
        f"engine action (choose + apply), median of {len(actions)}: "
        f"{_median_ms(actions):.3f} ms",
        f"full simulated game, median of {len(full)}: {_median_ms(full):.1f} ms",
        f"board render {size[0]}x{size[1]}, median of {len(render)}: {_median_ms(render):.1f} ms"
        f" · PNG encode of a blank image that size: {_median_ms(encode):.1f} ms"
        f" · ratio {median(render) / median(encode):.1f}x",
        f"service action with SQLite (persist, no render), median of {len(service)}: "
        f"{_median_ms(service):.2f} ms · database after one game: {db_size / 1024:.0f} KiB",
    ]

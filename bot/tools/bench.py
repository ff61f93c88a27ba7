"""`gm bench`: medians (and ratios) of the costs that decide how a table feels."""

from __future__ import annotations

import asyncio
import itertools
import sqlite3
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from statistics import median

from bot.app import build_app
from bot.i18n import Reader
from bot.service.announce import worded
from bot.service.base import started_state
from bot.service.models import Player
from bot.tools.simulate import play_game
from games.core import Game, Rng, get_game, make_agent
from rendering import Scene, overview_image, render_overview, to_png
from rendering.kit.heap import keep_board_buffers
from rendering.kit.png import to_truecolour_png
from storage import SqliteRepository
from storage.sqlbase import dumps

RATIO = "service action ÷ SQLite commit (synchronous={}, same bytes)"


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


@dataclass(frozen=True)
class Playouts:
    """Random playouts from the start: what a search pays for each simulated game."""

    games: list[float]
    lengths: list[int]
    applies: list[float]

    def line(self) -> str:
        return (f"random playout from the start, median of {len(self.games)}: "
                f"{_median_ms(self.games):.1f} ms ({median(self.lengths):.0f} actions) · one "
                f"apply, median of {len(self.applies)}: {_median_ms(self.applies):.3f} ms")


def playout_times(game: Game, players: int, seed: int, games: int) -> Playouts:
    """Time whole games of uniformly random seats (choose + apply, no checks) and, inside
    them, every `apply` alone."""
    totals, lengths, applies = [], [], []
    for number in range(games):
        state = game.setup(players, {}, seed + number)
        agents = [make_agent("random", seed + number + i) for i in range(players)]
        start, length = time.perf_counter(), 0
        while game.result(state) is None:
            seat = min(game.to_act(state))
            action = agents[seat].choose(game, state, seat)
            before = time.perf_counter()
            state, _ = game.apply(state, seat, action)
            applies.append(time.perf_counter() - before)
            length += 1
        totals.append(time.perf_counter() - start)
        lengths.append(length)
    return Playouts(totals, lengths, applies)


SEARCH_DECISIONS = 40  # timed decisions of the search AI per game benched


@dataclass(frozen=True)
class SearchTimes:
    """The search AI's decisions at the play budget (the game's, no time cap), and the
    determinisation each of its iterations starts from."""

    decisions: list[float]
    samples: list[float]

    def lines(self) -> list[str]:
        ordered = sorted(self.decisions)
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        return [f"search decision (a choice of two or more), median of {len(ordered)}: "
                f"{_median_ms(ordered):.0f} ms · p99 {p99 * 1000:.0f} ms",
                f"sample (a determinisation from a seat's view), median of "
                f"{len(self.samples)}: {_median_ms(self.samples):.3f} ms"]


def search_times(game: Game, players: int, seed: int, decisions: int) -> SearchTimes:
    """Seat 1 searches, the others play the heuristic, until `decisions` of seat 1 with a
    choice are timed (or the game ends); beside each, one `sample` of its view is timed."""
    state = game.setup(players, {}, seed)
    agents = [make_agent("search" if i == 0 else "heuristic", seed + i) for i in range(players)]
    timed: list[float] = []
    samples: list[float] = []
    rng = Rng(seed)
    while game.result(state) is None and len(timed) < decisions:
        seat = min(game.to_act(state))
        chosen = len(game.legal_actions(state, seat)) > 1 and seat == 0
        if chosen:
            view = game.view(state, seat)
            before = time.perf_counter()
            game.sample(view, seat, rng)
            samples.append(time.perf_counter() - before)
        start = time.perf_counter()
        action = agents[seat].choose(game, state, seat)
        if chosen:
            timed.append(time.perf_counter() - start)
        state, _ = game.apply(state, seat, action)
    return SearchTimes(timed, samples)


@dataclass(frozen=True)
class BoardTimes:
    """The final overview: drawing and encoding it, the encoding alone of the same pixels
    (the floor whatever draws them), and the truecolour PNG the palette one replaced."""

    size: tuple[int, int]
    render: list[float]
    encode: list[float]
    truecolour: list[float]
    palette_bytes: int
    truecolour_bytes: int

    def lines(self) -> list[str]:
        width, height = self.size
        return [
            f"board {width}x{height} render ÷ PNG encode of the same pixels: "
            f"{median(self.render) / median(self.encode):.2f}x ({_median_ms(self.render):.1f}"
            f" ÷ {_median_ms(self.encode):.1f} ms, medians of {len(self.render)}; "
            f"{width * height / 1e6:.1f} megapixels)",
            f"board encoding: palette PNG {_median_ms(self.encode):.1f} ms, "
            f"{self.palette_bytes / 1024:.0f} KiB · truecolour PNG "
            f"{_median_ms(self.truecolour):.1f} ms, {self.truecolour_bytes / 1024:.0f} KiB "
            f"(same pixels, same level)",
        ]


def render_times(game: Game, players: int, seed: int, repeat: int) -> BoardTimes:
    """The final overview, worded as the service words it, timed as the bot draws it (in a
    process whose heap keeps the boards' buffers, as a renderer's does)."""
    keep_board_buffers()
    state, _ = play_game(game, players, {}, seed, ["heuristic"] * players, check=False)
    names = [f"Player {i + 1}" for i in range(players)]
    reader = Reader("en", tuple(names))  # as the service makes it: hashable, so cached
    scene = Scene(worded(game.view(state, None), reader), names, reader)
    drawn = overview_image(game.name, scene)
    render, encode, truecolour = _interleaved(
        [lambda: render_overview(game.name, scene), lambda: to_png(drawn),
         lambda: to_truecolour_png(drawn)], repeat)
    return BoardTimes(drawn.size, render, encode, truecolour, len(to_png(drawn)),
                      len(to_truecolour_png(drawn)))


def _interleaved(fns: list[Callable[[], object]], repeat: int) -> list[list[float]]:
    """Each function timed `repeat` times, taking turns: a ratio of two of them is then
    measured under the same conditions (the process's heap and caches, the machine's other
    work drift over a run, and timing one after the other moved ratios by 30 %)."""
    samples: list[list[float]] = [[] for _ in fns]
    for _ in range(repeat):
        for fn, times in zip(fns, samples, strict=True):
            times.extend(_time(fn, 1))
    return samples


@dataclass(frozen=True)
class ServiceTimes:
    """Each service action of a whole game, and beside each a bare commit of the state it
    started from, timed right after it: an fsync's cost here moves 50-fold with what else
    the disk does, so the two are only comparable measured by turns."""

    actions: list[float]
    commits: list[float]
    database_bytes: int
    final_state: str


async def service_action_times(game: Game, players: int, seed: int,
                               synchronous: str) -> ServiceTimes:
    """Human-path actions through the service with a SQLite file in WAL mode, as the bot
    runs it (no rendering), at `synchronous`; the bare commits at the same setting."""
    with tempfile.TemporaryDirectory() as folder:
        repo = SqliteRepository(Path(folder) / "bench.sqlite3", synchronous=synchronous)
        await repo.open()
        floor = BareCommits(Path(folder) / "commit.sqlite3", synchronous)
        try:
            gm = build_app(repo, render=False).gm
            humans = [Player(i + 1, f"Player {i + 1}") for i in range(players)]
            table = await gm.new_game(game=game.name, guild_id=None, channel_id=1,
                                      creator=humans[0], seed=seed)
            for human in humans[1:]:
                await gm.join(table.game_id, human)
            update = await gm.start(table.game_id, humans[0])
            agent = make_agent("heuristic", seed)
            actions, commits = [], []
            while update.result is None:
                state = started_state(await repo.get_game(table.game_id))
                seat = min(game.to_act(state))
                action = agent.choose(game, state, seat)
                start = time.perf_counter()
                update = await gm.act(table.game_id, humans[seat], action.text)
                actions.append(time.perf_counter() - start)
                commits.append(floor.commit(dumps(state)))
            final = (await repo.get_game(table.game_id)).state
            return ServiceTimes(actions, commits, await repo.size_bytes(), dumps(final))
        finally:
            floor.close()
            await repo.close()


class BareCommits:
    """Bare commits of a text into one row of a WAL file database at the `synchronous` the
    service runs (FULL: fsync on every commit): the floor any write of a state that large
    pays as durably as the service's, which a service action is measured against."""

    def __init__(self, path: Path, synchronous: str) -> None:
        self.db = sqlite3.connect(path, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={synchronous}")
        self.db.execute("CREATE TABLE snapshot (id INTEGER PRIMARY KEY, state TEXT)")
        self.db.execute("INSERT INTO snapshot VALUES (1, '')")
        self.turn = itertools.count(1)

    def commit(self, text: str) -> float:
        """Seconds to commit `text` turned by one more character than last time: SQLite
        writes nothing for an unchanged row, and the disk under this machine syncs pages
        it already holds 70 times faster than new ones."""
        k = next(self.turn) % max(len(text), 1)
        turned = text[k:] + text[:k]
        start = time.perf_counter()
        self.db.execute("BEGIN IMMEDIATE")
        self.db.execute("UPDATE snapshot SET state = ? WHERE id = 1", (turned,))
        self.db.execute("COMMIT")
        return time.perf_counter() - start

    def close(self) -> None:
        self.db.close()


def ratio_line(service: list[float], commit: list[float], synchronous: str) -> str:
    """The line to compare across runs: median service action over median bare commit."""
    return f"{RATIO.format(synchronous)}: {median(service) / median(commit):.1f}x"


def bench(game_name: str = "record", players: int = 4, games: int = 20, seed: int = 1,
          synchronous: str = "FULL") -> list[str]:
    """The lines of `gm bench` for one game; `synchronous` is the SQLite setting the
    service runs at (GM_SQLITE_SYNCHRONOUS), for its action and for the bare commit."""
    game = get_game(game_name)
    actions = [t for g in range(games) for t in engine_action_times(game, players, seed + g)]
    full = _time(lambda: play_game(game, players, {}, seed, ["heuristic"] * players,
                                   check=False), max(3, games // 4))
    playouts = playout_times(game, players, seed, max(3, games // 4))
    searched = search_times(game, players, seed, SEARCH_DECISIONS).lines() \
        if game.can_sample else []
    board = render_times(game, players, seed, 20)
    service = asyncio.run(service_action_times(game, players, seed, synchronous))
    return [
        f"gm bench · {game.title} · {players} players · seed {seed}",
        f"engine action (choose + apply), median of {len(actions)}: "
        f"{_median_ms(actions):.3f} ms",
        f"full simulated game, median of {len(full)}: {_median_ms(full):.1f} ms",
        playouts.line(),
        *searched,
        *board.lines(),
        f"service action with SQLite (persist, no render), median of "
        f"{len(service.actions)}: {_median_ms(service.actions):.2f} ms · database after one "
        f"game: {service.database_bytes / 1024:.0f} KiB",
        f"bare SQLite commit (WAL, synchronous={synchronous}) of each action's state, timed "
        f"by turns with it (final state {len(service.final_state.encode())} bytes), median "
        f"of {len(service.commits)}: {_median_ms(service.commits):.2f} ms",
        ratio_line(service.actions, service.commits, synchronous),
    ]

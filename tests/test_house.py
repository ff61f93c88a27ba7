"""One house for every game: a game registered in `games/core/registry.py` is set up, played
to its end by AI seats, drawn, announced through the service and offered on Discord without
any other layer naming it; and no layer but the game's own parts imports its package.

A sixth game that forgets one of its parts (its renderer folder, its extra cog, its title in
five languages) fails here, not in a channel."""

from __future__ import annotations

import importlib
from pathlib import Path

import grimp
import pytest

from bot.app import build_app
from bot.i18n import LOCALES, catalog, game_title
from bot.service import Player
from bot.tools.simulate import play_game
from cogs.game import GAME_CHOICES
from cogs.loader import extensions
from games.core import CHANCE, Game, all_games
from games.core.registry import GAME_PACKAGES
from storage import SqliteRepository

GAMES = all_games()
OWNER = Player(1, "Owner")
PNG = b"\x89PNG\r\n\x1a\n"
OUR_PACKAGES = ("bot", "cogs", "games", "rendering", "storage")


def by_name(game: Game) -> str:
    return game.name


def test_every_registered_package_registers_one_game() -> None:
    assert sorted(f"games.{g.name}" for g in GAMES) == sorted(GAME_PACKAGES)


@pytest.mark.parametrize("game", GAMES, ids=by_name)
def test_every_game_plays_to_its_end_with_ai_seats(game: Game) -> None:
    state, log = play_game(game, game.min_players, game.default_options(), seed=3,
                           agents=["random"] * game.min_players)
    assert game.result(state) is not None and log


@pytest.mark.parametrize("game", GAMES, ids=by_name)
def test_every_game_tells_its_opening_draws_without_a_secret(game: Game) -> None:
    state, events = game.begin(game.max_players, game.default_options(), 5)
    assert state == game.setup(game.max_players, game.default_options(), 5)
    assert any(e.kind == CHANCE for e in events), "setup shuffles are chance events"
    public = " ".join(str(e.text) for e in events if e.public)
    leaks = {secret for secrets in game.secrets(state).values() for secret in secrets
             if secret in public}
    assert not leaks


@pytest.mark.parametrize("game", GAMES, ids=by_name)
async def test_every_game_is_announced_with_a_board(game: Game) -> None:
    async with SqliteRepository() as repo:
        gm = build_app(repo).gm
        table = await gm.new_game(game=game.name, guild_id=None, channel_id=5, creator=OWNER,
                                  seed=7)
        for _ in range(game.min_players - 1):
            await gm.add_ai(table.game_id, OWNER)
        update = await gm.drawn(await gm.start(table.game_id, OWNER))
    assert update.table.status == "running" and update.table.title == game_title(game.name)
    assert [name for name, _ in update.boards] == ["board.png"]
    assert update.boards[0][1].startswith(PNG)


@pytest.mark.parametrize("game", GAMES, ids=by_name)
def test_every_game_is_offered_on_discord_in_five_languages(game: Game) -> None:
    assert game.name in {choice.value for choice in GAME_CHOICES}
    title = catalog().get(f"choice.game.{game.name}", {})
    assert set(title) == set(LOCALES), f"games/{game.name}/locales: title in every language"
    cog = f"cogs.{game.name}"
    assert (cog in extensions()) == game.extra_commands
    if game.extra_commands:
        assert callable(importlib.import_module(cog).setup)


def test_no_layer_imports_a_game_but_the_games_own_parts() -> None:
    """The service knows no game: only `games/<name>/`, `rendering/<name>/` and
    `cogs/<name>.py` import `games.<name>` (tests aside)."""
    graph = grimp.build_graph(*OUR_PACKAGES)
    for game in GAMES:
        package = f"games.{game.name}"
        own = (package, f"rendering.{game.name}", f"cogs.{game.name}")
        importers = {importer for module in graph.find_descendants(package) | {package}
                     for importer in graph.find_modules_that_directly_import(module)}
        strangers = sorted(m for m in importers
                           if not any(m == o or m.startswith(o + ".") for o in own))
        assert strangers == [], f"{package} is imported by {strangers}"


def test_every_source_folder_is_a_package() -> None:
    """lint-imports and mypy's package checks see only packages: a folder of Python files
    without `__init__.py` would escape the layer contracts unseen."""
    root = Path(__file__).resolve().parents[1]
    folders = {path.parent for top in ("bot", "cogs", "games", "rendering", "storage", "tests")
               for path in (root / top).rglob("*.py") if "__pycache__" not in path.parts}
    assert sorted(str(f.relative_to(root)) for f in folders
                  if not (f / "__init__.py").exists()) == []


def test_modules_are_imported_by_name_only_where_a_game_is_plugged_in() -> None:
    """`importlib.import_module` hides an import from lint-imports and grimp: Scythe's frame
    machine once reached its coin deals that way to hide a cycle. Only the two places that
    load a game by its registered name may do it."""
    root = Path(__file__).resolve().parents[1]
    plugged = {"games/core/registry.py", "rendering/__init__.py"}
    hiding = sorted(str(path.relative_to(root))
                    for top in ("bot", "cogs", "games", "rendering", "storage")
                    for path in (root / top).rglob("*.py")
                    if "import_module(" in path.read_text(encoding="utf-8")
                    and str(path.relative_to(root)) not in plugged)
    assert hiding == []

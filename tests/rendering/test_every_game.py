"""Every registered game can be drawn, found by convention: `rendering.<game>` exposes
`render_table`, and the game's initial public view becomes a PNG. A new game registered
without its renderer folder fails here, not in a channel."""

from __future__ import annotations

import importlib
import io

import pytest
from PIL import Image

import rendering
from games.core import Game, all_games

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
GAMES = all_games()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_registered_game_has_a_renderer_package(game: Game) -> None:
    package = importlib.import_module(f"rendering.{game.name}")
    assert callable(getattr(package, "render_table", None))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_registered_game_draws_its_initial_public_view(game: Game) -> None:
    for seats in sorted({game.min_players, game.max_players}):
        state = game.setup(seats, game.default_options(), 1)
        names = [f"Player {seat + 1}" for seat in range(seats)]
        data = rendering.render_board(game.name, game.view(state, None), names)
        assert data.startswith(PNG_SIGNATURE)
        with Image.open(io.BytesIO(data)) as image:
            image.load()
            assert image.width > 0 and image.height > 0


@pytest.mark.parametrize("name", ["kit", "standings", "kit.fonts", "../record"])
def test_what_is_not_a_game_package_is_no_game(name: str) -> None:
    drawable = ", ".join(g.name for g in GAMES)
    with pytest.raises(ValueError, match=f"board for game .*drawable: {drawable}"):
        rendering.render_board(name, {}, [])


def test_battle_images_are_offered_only_by_games_that_draw_them() -> None:
    with_battles = [g.name for g in GAMES
                    if hasattr(importlib.import_module(f"rendering.{g.name}"), "render_battle")]
    with pytest.raises(ValueError, match=rf"drawable: {', '.join(with_battles)}\)"):
        rendering.render_battle_png("no such game", {}, [])

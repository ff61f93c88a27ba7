"""Every registered game can be drawn, found by convention: `rendering.<game>` exposes
`overview` and its `PARTS`, and the game's initial public view becomes a PNG. A new game registered
without its renderer folder fails here, not in a channel."""

from __future__ import annotations

import importlib
import io

import pytest
from PIL import Image

import rendering
from bot.i18n import LOCALES, t
from games.core import Game, all_games
from tests.rendering.scenes import scene

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
GAMES = all_games()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_registered_game_has_a_renderer_package(game: Game) -> None:
    package = importlib.import_module(f"rendering.{game.name}")
    assert callable(getattr(package, "overview", None))
    assert isinstance(getattr(package, "PARTS", None), tuple)
    assert not package.PARTS or callable(getattr(package, "part", None))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_registered_game_draws_its_initial_public_view(game: Game) -> None:
    for seats in sorted({game.min_players, game.max_players}):
        state = game.setup(seats, game.default_options(), 1)
        names = [f"Player {seat + 1}" for seat in range(seats)]
        data = rendering.render_overview(game.name, scene(game.view(state, None), names))
        assert data.startswith(PNG_SIGNATURE)
        with Image.open(io.BytesIO(data)) as image:
            image.load()
            assert 0 < image.width <= rendering.OVERVIEW_MAX[0]
            assert 0 < image.height <= rendering.OVERVIEW_MAX[1]


def test_the_overview_page_is_portrait_at_most_4_to_5_and_2_megapixels() -> None:
    """Issue 18: what a phone shows 400 px wide until tapped, and what each board costs."""
    width, height = rendering.OVERVIEW_MAX
    assert width * height <= 2_000_000 and width / height >= 4 / 5


@pytest.mark.parametrize("name", ["kit", "standings", "kit.fonts", "../record"])
def test_what_is_not_a_game_package_is_no_game(name: str) -> None:
    drawable = ", ".join(g.name for g in GAMES)
    with pytest.raises(ValueError, match=f"board for game .*drawable: {drawable}"):
        rendering.render_overview(name, scene({}, []))


def test_battle_images_are_offered_only_by_games_that_draw_them() -> None:
    with_battles = [g.name for g in GAMES
                    if hasattr(importlib.import_module(f"rendering.{g.name}"), "render_battle")]
    with pytest.raises(ValueError, match=rf"drawable: {', '.join(with_battles)}\)"):
        rendering.render_battle_png("no such game", scene({}, []))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_part_draws_from_a_public_and_a_seat_view_and_is_named(game: Game) -> None:
    """A part is opened by anyone (the public view) or by a seat (its own view: its private
    panel); its name on Discord is the catalog's `<game>.part.<name>` in every language."""
    state = game.setup(game.min_players, game.default_options(), 1)
    names = [f"Player {seat + 1}" for seat in range(game.min_players)]
    for part in rendering.parts(game.name):
        for seat in (None, 0):
            data = rendering.render_part(game.name, part,
                                         scene(game.view(state, seat), names, seat=seat))
            assert data.startswith(PNG_SIGNATURE)
        for locale in LOCALES:
            assert t(f"{game.name}.part.{part}", locale)


def test_a_part_a_game_does_not_draw_is_a_value_error_naming_its_parts() -> None:
    with pytest.raises(ValueError, match="no part 'nothing'"):
        rendering.render_part(GAMES[0].name, "nothing", scene({}, []))

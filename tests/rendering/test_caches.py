"""Issue 29's caches change the cost of a board, never its pixels: the overviews of the map
games and Record drawn with every renderer cache cold are byte for byte the ones drawn with
them warm (the sprites, masks, colour tiles and widths of rendering.kit.ink, the maps' static
layers, names' layouts and nudges), and a sprite pastes what drawing it in place draws."""

from __future__ import annotations

from types import ModuleType

import pytest
from PIL import Image, ImageDraw

from games.core import get_game
from rendering.kit import ink
from rendering.kit.ink import ReusingCanvas
from rendering.kit.plates import name_plate
from rendering.kit.theme import MUTED, PHONE_FLOOR
from rendering.tang import map as tang_map
from rendering.wargame import map as wargame_map
from tests.rendering.legibility import NAMES, _overviews, moments
from tests.rendering.scenes import scene

CACHED: tuple[ModuleType, ...] = (ink, tang_map, wargame_map)


def _clear_caches() -> None:
    """Every lru_cache of the modules that keep what a board drew for the next."""
    for module in CACHED:
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


@pytest.mark.parametrize("game", ("tang", "wargame", "record"))
@pytest.mark.parametrize("locale", ("en", "zh-CN"))
def test_a_board_drawn_with_cold_caches_is_the_one_drawn_with_warm_caches(
        game: str, locale: str) -> None:
    rules = get_game(game)
    state = dict(moments(game))["middle"]
    board = scene(rules.view(state, None), NAMES[:4], locale,
                  awaiting=tuple(sorted(rules.to_act(state))))
    draw = _overviews()[game]
    _clear_caches()
    cold, cold_texts = draw(board)
    warm, warm_texts = draw(board)
    assert cold.tobytes() == warm.tobytes() and cold_texts == warm_texts
    assert [t.box for t in cold_texts] == [t.box for t in warm_texts]


@pytest.mark.parametrize("name", ("Anding", "Qypg", "長安 Chang'an"))
@pytest.mark.parametrize("cjk", (True, False))
def test_a_sprite_pastes_what_drawing_it_in_place_draws(name: str, cjk: bool) -> None:
    """On a ground of noise, a name's plate pasted from the cache (its descenders below the
    plate included) and the same plate drawn in place give the same pixels and texts."""
    ground = Image.effect_noise((400, 100), 80).convert("RGB")
    boards = []
    for sprite in (True, False):
        c = ReusingCanvas(400, 100, cjk)
        c.image = ground.copy()
        c.draw = ImageDraw.Draw(c.image)
        if not sprite:
            c.sprite = lambda x, y, size, draw, *args, c=c: draw(c, x, y, *args)  # type: ignore[method-assign]
        w = c.measure(name, PHONE_FLOOR, True) + 10
        name_plate(c, name, (20, 30, 20 + w, 66), 0, (0, 0), MUTED, PHONE_FLOOR)
        boards.append(c)
    pasted, drawn = boards
    assert pasted.image is not None and drawn.image is not None
    assert pasted.image.tobytes() == drawn.image.tobytes()
    assert [(str(t), t.box) for t in pasted.texts] == [(str(t), t.box) for t in drawn.texts]

"""The Record of the Three Kingdoms images: every sample draws, nothing hidden leaks."""

from __future__ import annotations

import copy
import io
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from PIL import Image

import rendering
from rendering.kit import fonts
from rendering.record import table
from rendering.record.battle import draw_battle
from tests.rendering.record import samples

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
NAMES = samples.NAMES
MIN_H, MAX_H = 500, 4000


def drawn(view: dict, cjk: bool = True) -> list[str]:
    return table.draw_table(view, NAMES, fonts.resolve_cjk(cjk))[1]


def leaks(texts: list[str], secret_names: set[str]) -> list[str]:
    return [t for t in texts for s in secret_names if s in t]


@pytest.mark.parametrize("cjk", [True, False], ids=["cjk", "no-cjk"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("kind", sorted(samples.TABLE_SAMPLES))
def test_every_table_sample_renders(kind: str, players: int, cjk: bool) -> None:
    image, texts = table.draw_table(samples.table(kind, players), NAMES,
                                     fonts.resolve_cjk(cjk))
    assert image.width == table.WIDTH
    assert MIN_H <= image.height <= MAX_H
    assert texts
    if not cjk:
        assert not [t for t in texts if any(map(fonts.is_cjk_char, t))]


@pytest.mark.parametrize("cjk", [True, False], ids=["cjk", "no-cjk"])
@pytest.mark.parametrize("kind", sorted(samples.BATTLE_SAMPLES))
def test_every_battle_sample_renders(kind: str, cjk: bool) -> None:
    image, texts = draw_battle(samples.BATTLE_SAMPLES[kind](), NAMES, fonts.resolve_cjk(cjk))
    assert image.width == table.WIDTH
    assert 400 <= image.height <= 1500
    if not cjk:
        assert not [t for t in texts if any(map(fonts.is_cjk_char, t))]


def test_board_png_dispatch_round_trips() -> None:
    data = rendering.render_board("record", samples.table("mid", 3), NAMES)
    assert data.startswith(PNG_SIGNATURE)
    with Image.open(io.BytesIO(data)) as image:
        image.load()
        assert image.width == table.WIDTH


def test_battle_png_dispatch_round_trips() -> None:
    data = rendering.render_battle_png("record", samples.battle_with_lanes(), NAMES)
    assert data.startswith(PNG_SIGNATURE)
    with Image.open(io.BytesIO(data)) as image:
        image.load()


@pytest.mark.parametrize("call", [rendering.render_board, rendering.render_battle_png])
def test_unknown_game_is_a_clear_value_error(call) -> None:
    with pytest.raises(ValueError, match="sangokushi.*record"):
        call("sangokushi", {}, NAMES)


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("kind", ["start", "mid", "late", "attack"])
def test_public_view_draws_no_hidden_name(kind: str, players: int) -> None:
    full = samples.TABLE_SAMPLES[kind](players)
    secret = samples.secrets(full)
    assert secret  # the sample really hides something
    assert leaks(drawn(samples.public_view(full)), secret) == []


def test_own_view_shows_own_secrets_only() -> None:
    full = samples.mid_game(3)
    texts = drawn(samples.public_view(full, seat=0))
    assert any("Zhao Yun" in t for t in texts)  # seat 0's own face-down defender
    assert any("Sima Yi" in t for t in texts)  # seat 0's own advisor
    assert leaks(texts, samples.secrets(full, seat=0)) == []


def test_hidden_marker_wins_over_leaked_fields() -> None:
    view = samples.table("mid", 3)
    leaked = {"hidden": True, "zh": "呂布", "en": "Lu Bu", "force": 10, "intelligence": 10}
    view["players"][2]["cities"][0]["defender"] = dict(leaked)
    view["players"][2]["advisor"] = dict(leaked)
    view["players"][2]["lords"] = [dict(leaked)]
    assert leaks(drawn(view), {"Lu Bu", "呂布"}) == []


def test_battle_before_reveal_draws_no_hidden_card() -> None:
    texts = draw_battle(samples.battle_before_reveal(), NAMES, fonts.resolve_cjk(True))[1]
    assert leaks(texts, samples.BATTLE_SECRETS["before_reveal"]) == []
    assert any("face down" in t for t in texts)


def test_battle_states_say_what_happened() -> None:
    def text_of(battle: dict) -> str:
        return " | ".join(draw_battle(battle, NAMES, False)[1])

    assert "10 → 11" in text_of(samples.battle_with_lanes())
    assert "9 → 3 → 5" in text_of(samples.battle_with_lanes())
    assert "beheaded" in text_of(samples.battle_beheading())
    assert "Empty Fort" in text_of(samples.battle_empty_fort())
    assert "discarded" in text_of(samples.battle_killed())
    assert "Front" not in text_of(samples.battle_killed())
    assert "arrang" in text_of(samples.battle_arranging())


def test_long_names_are_ellipsized_not_clipped() -> None:
    names = ["X" * 200, "Ｗ" * 80, "🐉🐉", ""]
    texts = table.draw_table(samples.table("mid", 4), names, False)[1]
    assert any(t.startswith("XXX") and t.endswith(fonts.ELLIPSIS) for t in texts)
    assert "Seat 3" in texts and "Seat 4" in texts  # undrawable or empty: a seat number


def test_many_cities_wrap_into_more_rows() -> None:
    few = samples.table("mid", 2)
    many = copy.deepcopy(few)
    many["players"][0]["cities"] = [samples.holding(c, g, up)
                                    for c, g, up in samples.CITY_PLAN]
    assert table.render_table(many, NAMES).height > table.render_table(few, NAMES).height


def test_two_lords_each_drawn() -> None:
    view = samples.table("mid", 2)
    view["players"][0]["lords"].append(samples.lord("liu_bei", used=True))
    texts = " | ".join(drawn(view, cjk=False))
    assert "Cao Cao" in texts and "Liu Bei" in texts and "once: used" in texts


def test_game_over_shows_the_winner() -> None:
    texts = drawn(samples.table("over", 3), cjk=False)
    assert any(t.startswith("Winner: Alice") for t in texts)


def test_concurrent_rendering_matches_serial() -> None:
    views = [samples.table(kind, 3) for kind in ("mid", "late", "attack", "over")]
    serial = [rendering.render_board("record", v, NAMES) for v in views]
    with ThreadPoolExecutor(max_workers=4) as pool:
        parallel = list(pool.map(lambda v: rendering.render_board("record", v, NAMES), views))
    assert parallel == serial


def test_samples_written_for_a_look(tmp_path: Path) -> None:
    for kind in ("mid", "late"):
        image = table.render_table(samples.table(kind, 5), NAMES)
        (tmp_path / f"{kind}.png").write_bytes(rendering.to_png(image))
    assert len(list(tmp_path.glob("*.png"))) == 2


def test_table_header_names_the_attack_in_progress() -> None:
    texts = drawn(samples.table("attack", 3), cjk=False)
    assert any(t.startswith("Attack: Bartholomew") and "Xuchang" in t for t in texts)
    assert any(t.startswith("Waiting for: Alice") for t in texts)


def test_a_spent_once_per_game_ability_shows_before_the_ability_text():
    """The tag must survive the chip's cut of a long bilingual ability text."""
    from rendering.kit.canvas import Canvas

    lord = {"zh": "劉備", "en": "Liu Bei", "ability_zh": "人和" * 20,
            "ability_en": "Draw three cards " * 10, "once_per_game": True, "used": True}
    text, _, color, _ = table._lord_chip(Canvas(100, 1, True, dry=True), lord)
    assert text.index("once: used") < text.index("人和")
    assert color != table._lord_chip(Canvas(100, 1, True, dry=True),
                                     {**lord, "used": False})[2]

"""Font discovery, the English-only fallback and text fitting."""

from __future__ import annotations

import pytest
from PIL import ImageFont

from rendering.kit import fonts


def test_label_is_bilingual_with_cjk_and_english_without() -> None:
    assert fonts.label("趙雲", "Zhao Yun", cjk=False) == "Zhao Yun"
    if fonts.find_cjk_font() is not None:
        assert fonts.label("趙雲", "Zhao Yun", cjk=True) == "趙雲 Zhao Yun"


def test_env_switch_turns_cjk_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(fonts.NO_CJK_ENV, "1")
    assert not fonts.has_cjk()
    assert fonts.label("趙雲", "Zhao Yun") == "Zhao Yun"
    assert not fonts.resolve_cjk(None)


def test_forcing_cjk_without_a_font_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fonts, "find_cjk_font", lambda: None)
    assert not fonts.resolve_cjk(True)
    assert fonts.label("關羽", "Guan Yu", cjk=True) == "Guan Yu"


def test_cjk_font_found_covers_han_characters() -> None:
    face = fonts.find_cjk_font()
    if face is None:
        pytest.skip("no CJK font installed (make installs fonts-noto-cjk)")
    assert fonts._covers_cjk(face)


def test_latin_font_is_scalable_even_without_dejavu(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fonts, "find_latin_font", lambda: None)
    monkeypatch.setattr(fonts._local, "fonts", {}, raising=False)
    font = fonts.get_font(30)
    assert font.getbbox("Hg")[3] > 20  # really 30 px, not the old 11 px bitmap font


def test_drawable_drops_what_fonts_cannot_draw() -> None:
    assert fonts.drawable("劉玄德 🐉 Bob", cjk=False) == "Bob"
    assert fonts.drawable("劉玄德 🐉 Bob", cjk=True) == "劉玄德 Bob"


@pytest.mark.parametrize("cjk", [False, True])
@pytest.mark.parametrize("text", [
    "Bartholomew the Unbelievably Verbose Strategist of the Southern Marches " * 4,
    "諸葛亮孔明臥龍先生" * 12,
    "W" * 300,
])
def test_fit_text_never_overflows(text: str, cjk: bool) -> None:
    cjk = fonts.resolve_cjk(cjk)
    fitted, font = fonts.fit_text(text, 300, 28, 18, bold=True, cjk=cjk)
    assert fonts.text_width(fitted, font) <= 300
    assert isinstance(font, ImageFont.FreeTypeFont)  # only FreeType fonts have a size
    assert font.size >= 18
    assert fitted.endswith(fonts.ELLIPSIS)
    assert len(fitted) > 3


def test_fit_text_shrinks_before_it_cuts() -> None:
    text = "Sun Shangxiang"
    wide = fonts.text_width(text, fonts.get_font(28))
    fitted, font = fonts.fit_text(text, wide - 4, 28, 18)
    assert fitted == text
    assert isinstance(font, ImageFont.FreeTypeFont)
    assert font.size < 28


def test_ellipsize_keeps_text_that_fits_and_handles_no_room() -> None:
    font = fonts.get_font(20)
    assert fonts.ellipsize("Lu Bu", font, 500) == "Lu Bu"
    assert fonts.ellipsize("Lu Bu", font, 1) == ""

"""The drawing kit below the games: a dry canvas only measures, the real run is as tall as the
dry run said, rows of chips wrap, panels size themselves, and seats read the same everywhere."""

from __future__ import annotations

from PIL import Image

from rendering.kit.canvas import Canvas, Drawn, draw_measured
from rendering.kit.ink import draw_reusing
from rendering.kit.layout import Flow, boxed, wrap
from rendering.kit.theme import BODY, GOLD, SEAT_COLORS, seat_color
from rendering.kit.views import is_hidden, player_name


def test_a_dry_canvas_has_no_image_and_records_no_text() -> None:
    c = Canvas(100, 1, False, dry=True)
    c.text(0, 0, "Hello")
    c.rect((0, 0, 10, 10), fill=GOLD)
    c.card_back((0, 0, 20, 30))
    assert c.image is None and c.draw is None and c.texts == []


def test_the_image_is_as_tall_as_the_dry_run_measured() -> None:
    def page(c: Canvas) -> float:
        y = 10.0
        for word in ("one", "two", "three"):
            c.text(10, y, word)
            y += 30
        return y + 10

    image, texts = draw_measured(200, False, page)
    assert image.size == (200, 110)
    assert texts == ["one", "two", "three"]


def test_every_text_drawn_knows_its_ink_box_and_size_on_either_canvas() -> None:
    """The legibility checks (tests/rendering/legibility.py) read boxes and sizes from here:
    both canvases must report the same box for the same text, where its ink really is."""
    def page(c: Canvas) -> float:
        c.text(40, 20, "Luoyang", 30)
        c.text(240, 100, "洛阳", 24, anchor="mm")
        c.text(10, 90, "shrunk to fit", 40, max_width=60, min_size=20)
        return 120

    drawn = [draw(300, True, page) for draw in (draw_measured, draw_reusing)]
    assert [t.box for t in drawn[0][1]] == [t.box for t in drawn[1][1]]
    image, texts = drawn[0]
    luoyang, luo, shrunk = texts
    assert isinstance(luoyang, Drawn) and luoyang == "Luoyang" and luoyang.size == 30
    assert 40 <= luoyang.box[0] < luoyang.box[2] < 300 and luoyang.box[1] >= 20
    x0, y0, x1, y1 = luo.box
    assert x0 < 240 < x1 and y0 < 100 < y1 and luo.size == 24
    assert shrunk.size == 20 and shrunk.box[2] - shrunk.box[0] <= 60
    gray = image.convert("L")
    inked = _brightest(gray.crop(luoyang.box)) > 128  # white text on the dark page
    outside = gray.crop((luoyang.box[2] + 2, luoyang.box[1], luoyang.box[2] + 30, luoyang.box[3]))
    assert inked and _brightest(outside) < 64


def _brightest(gray: Image.Image) -> int:
    low, high = gray.getextrema()
    assert isinstance(high, int)
    return high


def test_a_flow_wraps_to_a_new_row_when_an_item_does_not_fit() -> None:
    flow = Flow(0, 0, 100, 20, gap=10)
    assert flow.bottom == 0
    assert flow.place(60) == (0, 0)
    assert flow.place(60) == (0, 30)
    assert flow.place(30) == (70, 30)
    assert flow.bottom == 50


def test_a_boxed_panel_is_its_body_plus_padding() -> None:
    image, _ = draw_measured(
        200, False, lambda c: boxed(c, (0, 200, 0), lambda _, top: top + 50, pad=10))
    assert image.height == 70


def test_wrapped_lines_fit_the_width_and_keep_every_word() -> None:
    c = Canvas(400, 1, False, dry=True)
    text = "alpha beta gamma delta epsilon"
    width = c.measure("alpha beta", BODY) + 1
    lines = wrap(c, text, BODY, width)
    assert lines[0] == "alpha beta" and len(lines) > 1
    assert " ".join(lines) == text
    assert all(c.measure(line, BODY) <= width for line in lines)


def test_seats_keep_their_colour_and_a_readable_name() -> None:
    assert seat_color(0) == seat_color(len(SEAT_COLORS)) != seat_color(1)
    c = Canvas(100, 1, False, dry=True)
    names = ["", "劉備 Bob"]
    assert player_name(names, 0, c) == "Seat 1"
    assert player_name(names, 1, c) == "Bob"
    assert player_name(names, 7, c) == "Seat 8"


def test_the_face_down_marker_wins_over_anything_else() -> None:
    assert is_hidden({"hidden": True, "en": "Lu Bu"})
    assert not is_hidden({"en": "Lu Bu"})
    assert not is_hidden("hidden")

"""The overview's headline (rendering/kit/headline.py): everything on it is drawn at the
phone floor or larger, in the reader's language, and score changes carry their sign."""

from __future__ import annotations

from rendering.kit.canvas import Canvas, Drawn, draw_measured
from rendering.kit.headline import HEAD_TEXT, Headline, Standing, delta, draw_headline
from rendering.kit.theme import TILE
from tests.rendering.scenes import scene

NAMES = ["Alice", "Bob", "Cara"]
HEAD = Headline("Round 3 · Actions", (Standing(0, "12", 3), Standing(1, "9", -2),
                                      Standing(2, "7", None)),
                ("Alice took 洛陽", "Bob lost 2 troops", "a", "b", "c", "d"))


def _drawn(locale: str, awaiting: tuple[int, ...]) -> tuple[Canvas, list[Drawn]]:
    s = scene({}, NAMES, locale, awaiting=awaiting)
    sizes: list[Canvas] = []

    def draw(c: Canvas) -> float:
        sizes.append(c)
        return draw_headline(c, s, HEAD, 24, 24, 1232)

    image, texts = draw_measured(1280, True, draw)
    assert image.width == 1280
    return sizes[-1], texts


def test_the_headline_names_the_awaited_signs_changes_and_counts_the_rest() -> None:
    _, texts = _drawn("en", (1,))
    assert "Waiting for" in texts and "Bob" in texts
    assert "+3" in texts and "−2" in texts
    assert "• and 2 more changes: see the log" in texts
    assert not any(t.startswith("• c") for t in texts)


def test_the_headline_speaks_the_readers_language() -> None:
    _, texts = _drawn("ko", ())
    assert "기다리는 사람 없음" in texts and "Waiting for" not in texts


def test_no_headline_text_is_drawn_below_the_phone_floor(monkeypatch) -> None:
    drawn: list[int] = []
    original = Canvas.text

    def spy(self, x, y, text, size=20, *args, **kwargs):
        if not self.dry:
            drawn.append(size)
        return original(self, x, y, text, size, *args, **kwargs)

    monkeypatch.setattr(Canvas, "text", spy)
    _drawn("en", (0, 2))
    assert drawn and min(drawn) >= HEAD_TEXT


def test_a_delta_needs_something_to_compare() -> None:
    assert delta(None, 5) is None and delta(5, 8) == 3 and delta(8, 5) == -3


def test_a_long_name_is_cut_short_never_the_score_or_its_change() -> None:
    long = "Bartholomew the Unbelievably Verbose Strategist of the Southern Marches"
    s = scene({}, [long, "Bob"], "en")
    head = Headline("Round 1", (Standing(0, "27 pts", 6),))
    _, texts = draw_measured(1280, True, lambda c: draw_headline(c, s, head, 24, 24, 600))
    assert "27 pts" in texts and "+6" in texts
    assert any(t.startswith("Barth") and t.endswith("…") for t in texts)


def test_a_name_ending_in_a_digit_stays_apart_from_its_figure(monkeypatch) -> None:
    """"AI 2" with 0 VP and "AI 2" with 4金币: the name and the figure are separate texts,
    the figure on a box of its own that starts a gap after the name ends."""
    names = ["AI 2", "AI 1", "Cara 3"]
    head = Headline("Round 2", (Standing(0, "0 VP"), Standing(1, "4金币", 2),
                                Standing(2, "12 VP", -1)))
    drawn: list[tuple[str, float, float]] = []  # text, left, right
    boxes: list[tuple[float, float, float, float]] = []
    text, rect = Canvas.text, Canvas.rect

    def text_spy(self, x, y, said, size=20, *args, **kwargs):
        width = text(self, x, y, said, size, *args, **kwargs)
        if not self.dry:
            drawn.append((said, x, x + width))
        return width

    def rect_spy(self, box, fill=None, outline=None, *args, **kwargs):
        if not self.dry and fill == TILE:
            boxes.append(box)
        return rect(self, box, fill, outline, *args, **kwargs)

    monkeypatch.setattr(Canvas, "text", text_spy)
    monkeypatch.setattr(Canvas, "rect", rect_spy)
    s = scene({}, names, "zh-CN")
    draw_measured(1280, True, lambda c: draw_headline(c, s, head, 24, 24, 1232))
    texts = [said for said, _, _ in drawn]
    for name, standing in zip(names, head.standings, strict=True):
        assert name in texts and standing.value in texts
        assert not any(name in t and standing.value in t for t in texts)  # never one text
        _, _, name_end = drawn[texts.index(name)]
        _, value_at, _ = drawn[texts.index(standing.value)]
        box = next(b for b in boxes if b[0] <= value_at <= b[2])
        assert box[0] - name_end >= 8  # a clear gap, then the figure's own box

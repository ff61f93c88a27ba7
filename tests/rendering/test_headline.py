"""The overview's headline (rendering/kit/headline.py): everything on it is drawn at the
phone floor or larger, in the reader's language, and score changes carry their sign."""

from __future__ import annotations

from rendering.kit.canvas import Canvas, draw_measured
from rendering.kit.headline import HEAD_TEXT, Headline, Standing, delta, draw_headline
from tests.rendering.scenes import scene

NAMES = ["Alice", "Bob", "Cara"]
HEAD = Headline("Round 3 · Actions", (Standing(0, "12", 3), Standing(1, "9", -2),
                                      Standing(2, "7", None)),
                ("Alice took 洛陽", "Bob lost 2 troops", "a", "b", "c", "d"))


def _drawn(locale: str, awaiting: tuple[int, ...]) -> tuple[Canvas, list[str]]:
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
    assert " 27 pts" in texts and "+6" in texts
    assert any(t.startswith("Barth") and t.endswith("…") for t in texts)

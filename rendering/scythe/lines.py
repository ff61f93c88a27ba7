"""A home base's name too long for its hex ('ルスヴィエト' at 29 px is wider than the hex)
goes on two lines, split where the wider half is narrowest (the kit's `wrapped` fills lines
from the left instead, as the decision band's text wants).
"""

from __future__ import annotations

from collections.abc import Callable

from rendering.kit.layout import NO_START


def two_lines(text: str, width: Callable[[str], float], room: float) -> list[str]:
    """`text` on one line when it fits `room`, else split where the wider of the two
    halves is narrowest (the first the narrower of two such, as the top of a hex is):
    between words when it has spaces, else between characters (never before one of
    NO_START)."""
    if width(text) <= room or len(text) < 2:
        return [text]
    words = text.split(" ")
    if len(words) > 1:
        cuts = [(" ".join(words[:n]), " ".join(words[n:])) for n in range(1, len(words))]
    else:
        cuts = [(text[:n], text[n:]) for n in range(1, len(text)) if text[n] not in NO_START]
    if not cuts:
        return [text]
    head, tail = min(cuts, key=lambda cut: (max(width(cut[0]), width(cut[1])), width(cut[0])))
    return [head, tail]

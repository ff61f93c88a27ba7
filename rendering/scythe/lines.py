"""Breaking words into lines so nothing is cut: a home base's name too long for its hex
('ルスヴィエト' at 29 px is wider than the hex) goes on two lines, and the decision band's
lines never start with a closing mark or a small kana (Japanese and Chinese break between
any two characters, except before those).
"""

from __future__ import annotations

from collections.abc import Callable

# What may not start a line (kinsoku): closing marks and punctuation, small kana, the
# prolonged sound mark.
NO_START = frozenset("、。，．・：；？！）」』】〕〉》ー〜"
                     "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ,.:;!?)]}%")


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


def wrapped(text: str, width: Callable[[str], float], room: float) -> list[str]:
    """Lines no wider than `room`, broken between words, and inside a word too wide for a
    line (Chinese and Japanese have no spaces), never before one of NO_START: that
    character takes the one before it to the next line."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if width(trial) <= room:
            line = trial
            continue
        if line:
            lines.append(line)
        line = ""
        for ch in word:
            if line and width(line + ch) > room:
                keep, carry = (line[:-1], line[-1]) if ch in NO_START and len(line) > 1 \
                    else (line, "")
                lines.append(keep)
                line = carry
            line += ch
    return [*lines, line] if line else lines

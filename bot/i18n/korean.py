"""Korean particles that follow the word before them.

A Korean particle has two forms, chosen by whether the syllable before it ends in a
consonant (받침): 을/를, 은/는, 이/가, 과/와, 으로/로 (ㄹ counts as a vowel there). The
catalogs write both, "{ $city }을(를)", because the word is a parameter; once the sentence is
filled, the word is known and the right form replaces the pair: "강하(江夏)를", "낙양을".

The word is read back from the pair: a closing quote is looked through, a reading in
parentheses ("가후(賈詡)") is skipped to the Hangul it glosses, a digit is read as Korean
reads it (3 삼 → 을). Before anything else (a Latin name, a space) both forms stay, which is
what Korean print does when it cannot know.
"""

from __future__ import annotations

import re

# both forms as the catalogs write them: (after a final consonant, after a vowel)
_PAIRS = {"을(를)": ("을", "를"), "은(는)": ("은", "는"), "이(가)": ("이", "가"),
          "과(와)": ("과", "와"), "와(과)": ("과", "와"), "(으)로": ("으로", "로"),
          "(이)": ("이", "")}
_MARK = re.compile("|".join(re.escape(m) for m in sorted(_PAIRS, key=len, reverse=True)))
_HANGUL = (0xAC00, 0xD7A3)
_RIEUL = 8  # the final ㄹ, a vowel for (으)로
# the final consonant of each digit read in Korean: 영 일 이 삼 사 오 육 칠 팔 구
_DIGITS = {"0": 21, "1": 8, "2": 0, "3": 16, "4": 0, "5": 0, "6": 1, "7": 8, "8": 8, "9": 0}
_CLOSING = "”’\"'」』》〉]"
_BRACKETS = {")": "(", "）": "（"}


def particles(text: str) -> str:
    """`text` with each two-form particle replaced by the form its word takes."""
    return _MARK.sub(lambda found: _chosen(text, found), text)


def _chosen(text: str, found: re.Match[str]) -> str:
    pair = found.group(0)
    final = _final(text, found.start())
    if final is None:
        return pair
    consonant = final != 0 and not (pair == "(으)로" and final == _RIEUL)
    return _PAIRS[pair][0 if consonant else 1]


def _final(text: str, end: int) -> int | None:
    """The final consonant (0: none) of the word that ends at `end`, None when it is not
    Korean (or a digit)."""
    at = end - 1
    while at >= 0:
        char = text[at]
        if char in _CLOSING:
            at -= 1
        elif char in _BRACKETS:
            at = _opening(text, at, char)
        elif _HANGUL[0] <= ord(char) <= _HANGUL[1]:
            return (ord(char) - _HANGUL[0]) % 28
        else:
            return _DIGITS.get(char)
    return None


def _opening(text: str, at: int, close: str) -> int:
    """The index before the bracket that opens the one closing at `at` (-1: none)."""
    depth, opening = 0, _BRACKETS[close]
    while at >= 0:
        depth += (text[at] == close) - (text[at] == opening)
        if depth == 0:
            return at - 1
        at -= 1
    return -1

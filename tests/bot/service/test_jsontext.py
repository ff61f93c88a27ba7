"""Uploaded JSON is read within bounds: nesting and number lengths that would crash Python's
parser, or cost the process, are refused with a sentence (issue 28, item 4)."""

from __future__ import annotations

import pytest

from bot.service.jsontext import MAX_DEPTH, MAX_DIGITS, JsonRefused, bounded_loads


def nested(levels: int) -> str:
    return "[" * levels + "]" * levels


def test_nesting_up_to_the_limit_is_read() -> None:
    data = bounded_loads(nested(MAX_DEPTH))
    for _ in range(MAX_DEPTH - 1):
        data = data[0] if data else data
    assert data == []


@pytest.mark.parametrize("levels", [MAX_DEPTH + 1, 900, 100_000])
def test_deeper_nesting_is_refused_whether_or_not_python_could_parse_it(levels: int) -> None:
    with pytest.raises(JsonRefused) as refused:
        bounded_loads(nested(levels))
    assert refused.value.reason.key == "core.json_too_deep"


@pytest.mark.parametrize("number", ["7" * (MAX_DIGITS + 1), "1." + "5" * MAX_DIGITS,
                                    "7" * 5001])
def test_overlong_numbers_are_refused(number: str) -> None:
    with pytest.raises(JsonRefused) as refused:
        bounded_loads(f'{{"seed": {number}}}')
    assert refused.value.reason.key == "core.json_number_too_long"


def test_ordinary_json_reads_as_json_does() -> None:
    raw = '{"seed": 18446744073709551615, "rate": -1.5e3, "seats": ["A", "B"], "x": null}'
    assert bounded_loads(raw) == {"seed": 18446744073709551615, "rate": -1500.0,
                                  "seats": ["A", "B"], "x": None}


def test_text_that_is_not_json_is_still_a_decode_error() -> None:
    with pytest.raises(ValueError) as error:
        bounded_loads("{nope")
    assert not isinstance(error.value, JsonRefused)

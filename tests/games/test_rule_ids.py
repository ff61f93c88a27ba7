"""Every rule and worked example of a game's spec has a test named after it.

The specs of the wargame and the Tang game number their rules in bold (`**W17.4.2 …**`,
`**T6.4.1 …**`) and their worked examples (`**WX19 …**`, `**TX10 …**`); a rule without a
test is not done, so each id needs a test function in tests/games/<game>/ whose name starts
with the id, lowercased, dots as underscores, then a word (`test_w17_4_2_the_acting_…`):
a test of W5.5.1 does not count for W5.5. A heading whose whole text is its numbered parts
("W14.4 A 豪族 invasion has these limits.", then W14.4.1-W14.4.4) is tested by its parts.

The ids are listed in tests/games/<game>/rule_ids.txt, so the check runs where the specs
(../shared/rules/, beside the checkout) are not; where they are, the list must equal the
spec's.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[3] / "shared" / "rules"
TESTS = Path(__file__).resolve().parent
SPECS = {"wargame": ("sangokushi-engi-wargame.spec.md", "W"),
         "tang": ("tang-strategy.spec.md", "T")}


def listed_ids(game: str) -> list[str]:
    lines = (TESTS / game / "rule_ids.txt").read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line and not line.startswith("#")]


def spec_ids(game: str) -> list[str]:
    spec, prefix = SPECS[game]
    text = (RULES / spec).read_text(encoding="utf-8")
    return sorted(set(re.findall(rf"\*\*({prefix}X?\d+[a-z]?(?:\.\d+)*[a-z]?)\b", text)))


def named_tests(game: str) -> set[str]:
    names: set[str] = set()
    for path in (TESTS / game).glob("test_*.py"):
        names |= set(re.findall(r"^\s*(?:async )?def (test_\w+)", path.read_text(encoding="utf-8"),
                                re.M))
    return names


def untested(game: str) -> list[str]:
    names = named_tests(game)
    rules = listed_ids(game)

    def tested(rule: str) -> bool:
        if any(re.match(rf"test_{rule.lower().replace('.', '_')}_[a-z]", name) for name in names):
            return True
        parts = [r for r in rules if re.fullmatch(rf"{re.escape(rule)}\.\d+", r)]
        return bool(parts) and all(tested(part) for part in parts)

    return [rule for rule in rules if not tested(rule)]


@pytest.mark.parametrize("game", sorted(SPECS))
def test_every_rule_and_worked_example_has_a_test_named_after_it(game: str) -> None:
    assert len(listed_ids(game)) > 50
    assert untested(game) == []


@pytest.mark.parametrize("game", sorted(SPECS))
def test_the_listed_ids_are_the_specs(game: str) -> None:
    if not (RULES / SPECS[game][0]).exists():
        pytest.skip(f"the spec is not beside this checkout ({RULES})")
    assert listed_ids(game) == spec_ids(game)

"""Issue 19, item 7: an action a player won but cannot perform is declined for them with the
reason, never "(it cannot be performed now)". The 2nd general's border rule (R8.4.13.9) and
the full border (A24) are in test_redux_battle.py (EX14a, A10, A24), no untrained army in
test_redux_languages.py; here the two other reasons the issue names: a battle won by
generals without units, and Manipulate Han Emperor without gold. The line is public: the
player who declines reads "you", everyone else reads the player's name (the reasons used to
say "you have none" to every reader)."""

from __future__ import annotations

import pytest

from games.core import Event
from tests.games.redux.resolution_scenario import (
    WEI,
    WU,
    events_text,
    occupied,
    placement,
    resolving,
    table,
)
from tests.wording import english

NAMES = ("Ann", "Bo", "Cy")


def declined(events: list[Event]) -> Event:
    (line,) = [e for e in events if getattr(e.text, "key", "") == "redux.log.cannot_perform"]
    assert line.public
    return line


def test_issue_19_a_battle_won_without_units_is_declined_with_the_reason():
    """A general occupies only with its own units (R8.4.13): Zhou Yu bid without any."""
    state = table(wu=["wu.zhou_yu"])
    _, events = resolving(state, placement(WU, "wu.zhou_yu", "battle_shu_wu"))
    text = events_text(events)
    assert ("Seat 2 cannot perform Battle (Shu-Wu border): Zhou Yu bid without units, and a "
            "general occupies only with its own units.") in text
    assert "cannot be performed now" not in text


def test_issue_19_manipulate_without_gold_is_declined_with_the_reason():
    """R8.4: Manipulate Han Emperor costs 1 gold; Wei won it holding none."""
    state = table()
    _, events = resolving(state, placement(WEI, "wei.cao_cao", "emperor"))
    text = events_text(events)
    assert ("Seat 1 cannot perform Manipulate Han Emperor: it costs 1 gold and Seat 1 has "
            "none.") in text
    assert "cannot be performed now" not in text


@pytest.mark.parametrize("general, action, yours, theirs", [
    ("wei.cao_cao", "emperor", "You cannot perform Manipulate Han Emperor: it costs 1 gold "
     "and you have none.", "Ann cannot perform Manipulate Han Emperor: it costs 1 gold and "
     "Ann has none."),
    ("wei.cao_cao", "train", "You cannot perform Train Armies: you have no untrained army.",
     "Ann cannot perform Train Armies: Ann has no untrained army."),
])
def test_issue_19_a_decline_reads_right_for_its_player_and_for_the_others(
        general, action, yours, theirs):
    _, events = resolving(table(), placement(WEI, general, action))
    line = declined(events).text
    assert english(line, NAMES, seat=WEI) == yours
    assert english(line, NAMES, seat=WU) == theirs
    assert "你" not in english(line, NAMES, seat=WU, locale="zh-CN")


def test_issue_19_r8_4_13_9_the_border_rule_reads_right_for_every_reader():
    state = table(wei=["wei.cao_ren", "wei.xiahou_dun"])
    occupied(state, WEI, "wei.cao_ren", "chibi", "navy", 2)
    _, events = resolving(state, placement(WEI, "wei.xiahou_dun", "battle_wei_wu",
                                           ("cavalry", 2)))
    line = declined(events).text
    assert ": your 2nd occupying general must go to another border than your 1st, Cao Ren" \
        in english(line, NAMES, seat=WEI)
    assert (": the 2nd occupying general of Ann must go to another border than its 1st, "
            "Cao Ren") in english(line, NAMES, seat=WU)

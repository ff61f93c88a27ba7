"""W17.4.2 / W17a.5: the acting player's proposal of another split of a coalition's loss,
applied only if every participating major's player accepts (WX5 variant a), each answer a
step of the flow for that seat; and W17c / W22c with `opt.ally_controls_own`."""

from __future__ import annotations

from games.core.chance import force
from games.wargame import alliance
from tests.games.wargame.scenario import GAME, acting, keys, legal, seat_of
from tests.games.wargame.test_wargame_alliances import allied, gozoku, joint, wx5
from tests.games.wargame.test_wargame_combat import army, by, put, rule


def round_one(**options: object) -> dict:
    """WX5's round 1 (合戦, totals 8 / 6): the coalition owes a loss of 1, 曹操 10 and 陶謙 4,
    and 曹操's player is asked how to split it."""
    state = allied(wx5(minor_combat="auto", **options))
    force(state, 3, 4, 1, 6)
    state, _ = joint(state)
    assert rule(state) == "split"
    return state


def test_w17a_5_the_proposal_is_built_share_by_share_and_the_last_takes_the_rest():
    state = round_one()
    assert legal(state) == ["default_split", "share cao 0", "share cao 1"]
    assert army(state, "shanyang", "gozoku") == 8  # no loss is applied before the split
    state, events = by(state, "cao", "share cao 1")  # the default itself: nothing to vote
    assert rule(state) == "declare" and "wargame.split.proposed" not in keys(events)
    assert army(state, "shanyang", "cao") == 9 and army(state, "shanyang", "tao") == 4


def test_w17_4_2_a_split_every_major_accepts_applies():
    state = round_one()
    cao, tao = seat_of(state, "cao"), seat_of(state, "tao")
    state, events = by(state, "cao", "share cao 0")
    proposed = next(e for e in events if e.text.key == "wargame.split.proposed")
    assert set(proposed.seats) == {cao, tao}  # private until decided (W33.2)
    assert rule(state) == "split_vote" and GAME.to_act(state) == {tao}
    third = seat_of(state, "sun")
    assert "split" not in GAME.view(state, third)["battle"]
    assert GAME.view(state, third)["draft"] is None
    assert GAME.view(state, tao)["draft"]["shares"] == {"cao": 0, "tao": 1}
    state, events = by(state, "tao", "accept")
    agreed = next(e for e in events if e.text.key == "wargame.split.agreed")
    assert agreed.seats is None
    assert army(state, "shanyang", "cao") == 10 and army(state, "shanyang", "tao") == 3
    assert army(state, "shanyang", "gozoku") == 5  # both armies' losses at once


def test_w17a_5_a_declined_proposal_leaves_the_default_split():
    state = round_one()
    state, _ = by(state, "cao", "share cao 0")
    state, events = by(state, "tao", "decline")
    assert "wargame.split.declined" in keys(events)
    assert army(state, "shanyang", "cao") == 9 and army(state, "shanyang", "tao") == 4


def test_w17a_5_a_deadline_keeps_the_default_and_declines():
    state = round_one()
    assert GAME.skip_action(state, seat_of(state, "cao")).text == "default_split"
    state, _ = by(state, "cao", "share cao 0")
    assert GAME.skip_action(state, seat_of(state, "tao")).text == "decline"


def test_w17a_5_a_pursuit_loss_may_be_split_by_agreement_too():
    state = allied(wx5(minor_combat="auto"))
    force(state, 3, 4, 1, 1, 5)  # 合戦 8 / 1 (no coalition loss); the 豪族's pursuit: 3
    gozoku(state, "shanyang", 20)
    state, _ = joint(state)
    state, _ = by(state, "cao", "retreat")
    assert rule(state) == "split" and "share cao 3" in legal(state)
    state, _ = by(state, "cao", "share cao 3")
    state, _ = by(state, "tao", "accept")
    assert army(state, "chenliu", "cao") == 7 and army(state, "pengcheng", "tao") == 4


def test_w17_4_2_no_proposal_without_another_major_or_with_nothing_to_split():
    state = acting("cao", minor_combat="auto")
    state["step"]["allies"]["yuanshu"] = {"kind": "minor", "troops": 0, "generals": 0}
    assert alliance.open_split(state, {"cao": 5, "yuanshu": 4}, 3) is None  # a minor: no vote
    state["step"]["allies"]["tao"] = {"kind": "major", "troops": 5, "generals": 2}
    assert alliance.open_split(state, {"cao": 5, "tao": 4}, 3) is not None
    assert alliance.open_split(state, {"cao": 5, "tao": 4}, 9) is None  # every troop is lost
    assert alliance.open_split(state, {"tao": 4}, 3) is None  # one participant


# -- W17c / W22c: `opt.ally_controls_own` --------------------------------------------------------
def test_w22c_the_acting_player_retreats_the_whole_coalition_by_default():
    state = allied(wx5(minor_combat="auto"))
    put(state, "qiao", "tao", 1)
    gozoku(state, "shanyang", 20)
    force(state, 3, 4, 1, 1, 1)  # 合戦 8 / 1; the 豪族's pursuit 1: a loss of 1
    state, _ = joint(state)
    state, _ = by(state, "cao", "retreat", "default_split")
    assert rule(state) == "retreat" and GAME.to_act(state) == {seat_of(state, "cao")}
    assert "to qiao" in legal(state)


def test_w17c_ally_controls_own_gives_a_major_ally_its_own_retreat_destinations():
    state = allied(wx5(minor_combat="auto", ally_controls_own=True))
    put(state, "qiao", "tao", 1)
    gozoku(state, "shanyang", 20)
    force(state, 3, 4, 1, 1, 1)
    state, _ = joint(state)
    assert GAME.to_act(state) == {seat_of(state, "cao")}  # the declaration stays the acting's
    state, _ = by(state, "cao", "retreat", "default_split")
    assert rule(state) == "retreat" and GAME.to_act(state) == {seat_of(state, "tao")}
    state, _ = by(state, "tao", "to qiao")
    assert army(state, "qiao", "tao") == 1 + 4 and state["generals"]["cao_bao"]["area"] == "qiao"

"""R8.4.13: occupying a frontier region after a won battle (EX13, EX14, A9, A10, A24)."""

from __future__ import annotations

from games.redux.state import player, status
from tests.games.redux.resolution_scenario import (
    SHU,
    WEI,
    WU,
    do,
    events_text,
    legal_texts,
    occupied,
    placement,
    refused,
    resolving,
    table,
)


def ex13() -> dict:
    """Wu won Battle (Shu-Wu) with Gan Ning + 2 archers and Ling Cao + 1 navy unit."""
    state = table(wu=["wu.gan_ning", "wu.ling_cao", "wu.zhou_yu"])
    state, _ = resolving(state, placement(WU, "wu.gan_ning", "battle_shu_wu", ("archer", 2)),
                         placement(WU, "wu.ling_cao", "battle_shu_wu", ("navy", 1)),
                         placement(WU, "wu.zhou_yu", "battle_shu_wu"))
    return state


def test_ex13_legal_outcomes() -> None:
    state = ex13()
    expected = [f"occupy wu.gan_ning {r} {n} {s}" for r in ("xiaoting", "baidicheng")
                for n in (1, 2) for s in ("granary", "treasury")]
    expected += [f"occupy wu.ling_cao yidu 1 {s}" for s in ("granary", "treasury")]
    assert sorted(legal_texts(state, WU)) == sorted([*expected, "decline battle_shu_wu"])


def test_ex13a_gan_ning_archers_token_0_vp() -> None:
    state = ex13()
    trained, crossbows = player(state, WU)["armies"]["trained"], player(state, WU)["weapons"][
        "crossbow"]
    events = do(state, WU, "occupy wu.gan_ning xiaoting 1 granary")
    p = player(state, WU)
    assert p["occupations"] == [{"general": "wu.gan_ning", "region": "xiaoting",
                                 "border": "shu_wu", "unit": "archer", "count": 1}]
    assert p["granary"]["frontiers"] == [{"region": "xiaoting", "vp": 0}]
    # the other archer and Ling Cao's navy unit split back into armies and weapons
    assert p["armies"]["trained"] == trained + 2
    assert p["weapons"]["crossbow"] == crossbows + 1 and p["weapons"]["ship"] == 1
    assert status(state, WU, "wu.gan_ning") == "occupying"
    assert status(state, WU, "wu.ling_cao") == "available"
    assert "0 VP side" in events_text(events)


def test_ex13b_ling_cao_navy_specialty_token_1_vp() -> None:
    state = ex13()
    do(state, WU, "occupy wu.ling_cao yidu 1 treasury")
    assert player(state, WU)["treasury"]["frontiers"] == [{"region": "yidu", "vp": 1}]


def test_ex13_illegal_occupations() -> None:
    state = ex13()
    refused(state, WU, "occupy wu.ling_cao xiaoting 1 granary",
            "Xiaoting can only be occupied by archer units; Ling Cao has navy units")
    refused(state, WU, "occupy wu.gan_ning yidu 1 granary",
            "Yidu can only be occupied by navy units; Gan Ning has archer units")
    refused(state, WU, "occupy wu.gan_ning xiaoting 3 granary", "Gan Ning can lead at most 2")
    refused(state, WU, "occupy wu.zhou_yu xiaoting 1 granary", "Zhou Yu has no units")
    refused(state, WU, "occupy wu.gan_ning chibi 1 granary", "not on the Shu-Wu border")
    refused(state, WU, "occupy wu.gan_ning nowhere 1 granary", "no frontier region")
    refused(state, WU, "occupy wu.gan_ning xiaoting 1 barn", "granary or treasury")
    refused(state, WU, "occupy wu.sun_jian xiaoting 1 granary", "not on a battle action")


def test_ex13_only_one_general_occupies() -> None:
    state = table(wu=["wu.gan_ning", "wu.ling_cao", "wu.sun_jian"])
    state, _ = resolving(state, placement(WU, "wu.gan_ning", "battle_shu_wu", ("archer", 2)),
                         placement(WU, "wu.ling_cao", "battle_shu_wu", ("navy", 1)),
                         placement(WU, "wu.sun_jian", "recruit"))
    do(state, WU, "occupy wu.gan_ning baidicheng 2 granary")
    refused(state, WU, "occupy wu.ling_cao yidu 1 granary", "not on a battle action")
    assert len(player(state, WU)["occupations"]) == 1


def test_occupied_region_refused() -> None:
    state = table(wu=["wu.gan_ning", "wu.ling_cao"])
    occupied(state, SHU, "shu.liu_bei", "xiaoting", "archer", 1)
    state, _ = resolving(state, placement(WU, "wu.gan_ning", "battle_shu_wu", ("archer", 2)),
                         placement(WU, "wu.ling_cao", "battle_shu_wu", ("navy", 1)))
    refused(state, WU, "occupy wu.gan_ning xiaoting 1 granary",
            "already occupied by Seat 3")
    assert "occupy wu.gan_ning baidicheng 1 granary" in legal_texts(state, WU)


def ex14(variant_b: bool) -> dict:
    """Wei's only occupying general is Cao Ren with 2 navy units at Chibi (Wei-Wu)."""
    state = table(wei=["wei.cao_ren", "wei.xiahou_dun", "wei.xu_chu", "wei.xu_huang"])
    occupied(state, WEI, "wei.cao_ren", "chibi", "navy", 2)
    won = [placement(WEI, "wei.xiahou_dun", "battle_wei_wu", ("cavalry", 2))]
    if variant_b:
        won.append(placement(WEI, "wei.xu_chu", "battle_shu_wei", ("infantry", 2)))
    state, events = resolving(state, *won)
    state["test_events"] = events_text(events)
    return state


def test_ex14a_second_general_same_border_cannot_occupy() -> None:
    state = ex14(variant_b=False)
    # Issue 19: the automatic decline says why (the 2nd general's border rule, R8.4.13.9).
    # Issue 19: worded for every reader of the public line, not "your 2nd occupying general".
    assert ("Seat 1 cannot perform Battle (Wei-Wu border): the 2nd occupying general of Seat 1 "
            "must go to another border than its 1st, Cao Ren (Wei-Wu)") in state.pop("test_events")
    p = player(state, WEI)
    assert len(p["occupations"]) == 1
    assert p["armies"]["trained"] == 2 and p["weapons"]["horse"] == 2  # Xiahou Dun's units
    assert state["successes"][WEI] == 1  # A24: the won battle still counted


def test_ex14b_second_general_other_border_first() -> None:
    state = ex14(variant_b=True)
    state.pop("test_events")
    options = legal_texts(state, WEI)
    assert not any("xiahou_dun" in o for o in options)
    assert "occupy wei.xu_chu huarongdao 2 treasury" in options
    do(state, WEI, "occupy wei.xu_chu huarongdao 2 treasury")
    do(state, WEI, "occupy wei.xiahou_dun guangling 2 granary")
    regions = [o["region"] for o in player(state, WEI)["occupations"]]
    assert regions == ["chibi", "huarongdao", "guangling"]


def test_ex14b_same_border_first_is_refused() -> None:
    state = ex14(variant_b=True)
    state.pop("test_events")
    refused(state, WEI, "occupy wei.xiahou_dun guangling 2 granary",
            "2nd occupying general of Seat 1 must go to another border than its 1st, Cao Ren")


def test_a10_no_region_of_the_type_on_the_other_border() -> None:
    """Every Shu-Wei infantry region is taken: Xu Chu cannot be Wei's 2nd occupier, and
    Xiahou Dun cannot either (same border as Cao Ren); both battles are declined."""
    state = table(wei=["wei.cao_ren", "wei.xiahou_dun", "wei.xu_chu"])
    occupied(state, WEI, "wei.cao_ren", "chibi", "navy", 2)
    occupied(state, SHU, "shu.liu_bei", "huarongdao", "infantry", 1)
    occupied(state, SHU, "shu.liu_bei", "jieting", "infantry", 1)
    state, events = resolving(
        state, placement(WEI, "wei.xiahou_dun", "battle_wei_wu", ("cavalry", 2)),
        placement(WEI, "wei.xu_chu", "battle_shu_wei", ("infantry", 2)))
    text = events_text(events)
    assert ("cannot perform Battle (Shu-Wei border): no empty region of the Shu-Wei border "
            "takes infantry units") in text
    assert "cannot perform Battle (Wei-Wu border): the 2nd occupying general of Seat 1" in text


def test_occupy_bonus_vp_token_and_gain() -> None:
    state = table(wei=["wei.zhang_he"], wu=["wu.lu_meng"])
    state, _ = resolving(state, placement(WEI, "wei.zhang_he", "battle_wei_wu", ("archer", 1)),
                         placement(WU, "wu.lu_meng", "battle_shu_wu", ("infantry", 1)),
                         winners={"battle_wei_wu": [WEI], "battle_shu_wu": [WU]})
    do(state, WEI, "occupy wei.zhang_he ruxu 1 granary")
    assert player(state, WEI)["granary"]["frontiers"] == [{"region": "ruxu", "vp": 1}]
    events = do(state, WU, "occupy wu.lu_meng changsha 1 treasury")
    assert player(state, WU)["gold"] == 2
    assert "Lü Meng: Seat 2 gains 2 gold." in events_text(events)


def test_a24_no_empty_region_declines_but_counts() -> None:
    state = table(shu=["shu.zhang_fei"])
    occupied(state, WU, "wu.sun_jian", "gongan", "cavalry", 1)  # the only cavalry region
    state, events = resolving(
        state, placement(SHU, "shu.zhang_fei", "battle_shu_wu", ("cavalry", 2)))
    assert ("Seat 3 cannot perform Battle (Shu-Wu border): no empty region of the Shu-Wu border "
            "takes cavalry units") in events_text(events)
    assert state["successes"][SHU] == 1

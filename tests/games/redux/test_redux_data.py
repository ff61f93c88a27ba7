"""The designed pack: it loads, has the rulebook's counts, keeps every value the rulebook
reveals (spec N.1-N.5), is balanced the way the brief asks, and freezes into a state."""

from __future__ import annotations

import json
import re

import pytest

from games.redux import rules
from games.redux.data import (
    DATA_FILE,
    designed,
    freeze,
    frozen,
    load_pack,
)

PACK = designed()
G = PACK.generals


def test_designed_pack_has_the_rulebooks_counts():
    """R2.1-R2.2: 23 generals per nation, 21 Union and 21 Separation cards, 5 regions per
    border."""
    for nation in rules.NATIONS:
        assert sum(g["nation"] == nation for g in G.values()) == 23
    assert sum(c["deck"] == "union" for c in PACK.cards.values()) == 21
    assert sum(c["deck"] == "separation" for c in PACK.cards.values()) == 21
    for border in rules.BORDERS:
        assert sum(r["border"] == border for r in PACK.regions.values()) == 5


def test_each_nation_has_its_ruler():
    rulers = {g["nation"]: gid for gid, g in G.items() if g["ruler"]}
    assert rulers == rules.RULERS


REVEALED = [  # spec N.1: (general, field, value)
    ("wei.cao_cao", "admin", 5), ("wei.jia_xu", "admin", 5), ("wei.xun_you", "admin", 4),
    ("wei.cao_ren", "leadership", 2), ("wei.xiahou_dun", "leadership", 2),
    ("wei.xiahou_dun", "combat", 5), ("wei.xu_huang", "combat", 4),
    ("wei.xu_chu", "leadership", 2), ("wei.xu_chu", "combat", 5),
    ("wu.lu_fan", "admin", 4), ("wu.gan_ning", "leadership", 2),
    ("wu.gan_ning", "specialties", ["cavalry"]), ("wu.ling_cao", "leadership", 1),
    ("wu.ling_cao", "specialties", ["navy"]), ("shu.jiang_wei", "admin", 4),
    ("shu.jiang_wei", "leadership", 2), ("shu.jiang_wan", "admin", 5),
    ("shu.zhou_cang", "leadership", 1), ("shu.zhao_yun", "leadership", 2),
    ("shu.zhang_fei", "leadership", 2),
]


@pytest.mark.parametrize(("gid", "field", "value"), REVEALED)
def test_rulebook_values_are_kept(gid, field, value):
    assert G[gid][field] == value
    assert G[gid]["source"] in ("rulebook", "partial")


def test_cao_cao_wins_ties():
    assert {"kind": "tie_win"} in G["wei.cao_cao"]["abilities"]


def test_jia_xu_holds_the_tribe_in_even_rounds():
    """EX16."""
    assert G["wei.jia_xu"]["abilities"] == [{"kind": "tribal_hold", "parity": "even"}]


def test_ma_chaos_horses():
    """EX17: 4 horses on the card, take 1 while Shu holds at least 2."""
    assert G["shu.ma_chao"]["abilities"] == [
        {"kind": "card_stock", "resource": "horse", "amount": 4, "take": 1, "min_held": 2}]


def test_barter_house_exchange():
    """EX17: once, 1 weapon for 2 rice or the reverse, unless Trade was performed."""
    assert PACK.cards["union.barter_house"]["effects"] == [
        {"kind": "round_end_exchange", "give": {"weapon": 1}, "get": {"rice": 2},
         "reversible": True, "unless_performed": "trade"}]
    assert PACK.cards["union.barter_house"]["name"]["ko"] == "물물교환소"


def test_watchtower_is_designed():
    assert PACK.cards["union.watchtower"]["name"]["ko"] == "감시탑"


NAMED_REGIONS = {  # spec N.2 (Huarongdao on Shu-Wei: the spec's reading of a garbled line)
    "chibi": ("wei_wu", "navy"), "guangling": ("wei_wu", "cavalry"),
    "xiaoting": ("shu_wu", "archer"), "baidicheng": ("shu_wu", "archer"),
    "yidu": ("shu_wu", "navy"), "gongan": ("shu_wu", "cavalry"),
    "qishan": ("shu_wei", "archer"), "huarongdao": ("shu_wei", "infantry"),
}


def test_named_regions_keep_their_border_and_unit():
    for rid, (border, unit) in NAMED_REGIONS.items():
        assert (PACK.regions[rid]["border"], PACK.regions[rid]["unit"]) == (border, unit)


def test_every_border_offers_every_unit_type():
    for border in rules.BORDERS:
        units = {r["unit"] for r in PACK.regions.values() if r["border"] == border}
        assert units == set(rules.UNIT_WEAPON)


def test_recruit_two_per_nation_in_rounds_3_5_9():
    """G7 default."""
    assert PACK.recruit == {r: {"wei": 2, "wu": 2, "shu": 2} for r in rules.RECRUIT_ROUNDS}


EXAMPLE_GENERALS = ("wei.cao_cao", "wei.jia_xu", "wei.xun_you", "wei.cao_hong", "wei.cao_ren",
                    "wei.xiahou_dun", "wei.xu_huang", "wei.xu_chu", "wu.lu_fan", "wu.zhou_yu",
                    "wu.gan_ning", "wu.ling_cao", "shu.jiang_wei", "shu.jiang_wan",
                    "shu.zhou_cang", "shu.zhao_yun", "shu.zhang_fei", "shu.ma_chao")
EXAMPLE_KINDS = {"bid_bonus", "occupy_bonus", "tribal_bonus"}


def test_example_generals_have_no_ability_that_changes_the_examples():
    """EX2-EX5, EX11, EX13-EX15, EX19 add up printed values with "no modifiers", and EX13
    flips frontier tokens by specialty: the rulebook's generals must not carry a bid, occupy
    or tribal bonus there, or the examples would not hold on the designed pack. (Zhou Yu's
    bonus is on the Wei-Wu battle, which no example gives him.)"""
    for gid in EXAMPLE_GENERALS:
        kinds = {a["kind"] for a in G[gid]["abilities"]}
        if gid == "wu.zhou_yu":
            assert G[gid]["abilities"][0]["actions"] == ["battle_wei_wu"]
            continue
        assert not kinds & EXAMPLE_KINDS, gid


def test_every_general_is_named_in_three_languages_and_says_its_ability():
    hangul = re.compile("[\uac00-\ud7a3]")
    for gid, g in G.items():
        assert hangul.search(g["name"]["ko"]), gid
        assert not g["name"]["zh"].isascii(), gid
        assert g["abilities"] and len(g["text"]) > 20, gid


def mean_strength(nation: str) -> float:
    values = [g["admin"] + g["combat"] for g in G.values() if g["nation"] == nation]
    return sum(values) / len(values)


def test_wei_is_not_stronger_on_average():
    """R1.2: Wei's advantage is more generals (it picks 4 at the start); its generals must not
    also be better."""
    assert mean_strength("wei") <= mean_strength("wu")
    assert mean_strength("wei") <= mean_strength("shu")


def test_admin_and_combat_sum_5_to_8_with_a_few_famous_9s():
    for nation in rules.NATIONS:
        sums = [g["admin"] + g["combat"] for g in G.values() if g["nation"] == nation]
        assert all(5 <= s <= 9 for s in sums), nation
        assert sum(s == 9 for s in sums) <= 3, nation


def test_civil_officers_lean_admin_and_military_lean_combat():
    for gid, g in G.items():
        if g["officer"] == "civil":
            assert g["admin"] >= g["combat"], gid
        else:
            assert g["combat"] >= g["admin"], gid


def test_separation_cards_mostly_score_and_union_cards_mostly_give():
    """R8.4.4.3: Separation offers other ways to earn points, Union ways to gain support."""
    union = [c for c in PACK.cards.values() if c["deck"] == "union"]
    separation = [c for c in PACK.cards.values() if c["deck"] == "separation"]
    assert all(c["effects"] for c in union)
    assert sum(bool(c["scoring"]) for c in separation) >= 18


def test_freeze_is_canonical_and_loads_back_equal():
    text = freeze(PACK)
    assert text == json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"),
                              ensure_ascii=False)
    assert load_pack(text) == PACK


def test_hash_is_12_hex_of_the_canonical_text_and_follows_the_values():
    assert re.fullmatch("[0-9a-f]{12}", PACK.hash)
    changed = DATA_FILE.read_text(encoding="utf-8").replace('"admin": 4', '"admin": 3', 1)
    assert load_pack(changed).hash != PACK.hash
    reformatted = json.dumps(json.loads(DATA_FILE.read_text(encoding="utf-8")), indent=1)
    assert load_pack(reformatted).hash == PACK.hash


def test_frozen_reads_the_pack_a_state_carries():
    state = {"data": freeze(PACK)}
    assert frozen(state) == PACK
    assert frozen({"data": freeze(PACK)}) is frozen(state)


def test_a_pack_without_cards_regions_or_recruit_takes_the_designed_ones():
    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    for key in ("cards", "regions", "recruit"):
        del raw[key]
    raw["name"] = "Our printed generals"
    pack = load_pack(json.dumps(raw))
    assert pack.cards == PACK.cards and pack.regions == PACK.regions
    assert pack.recruit == PACK.recruit
    assert f"Cards, regions, recruit from the pack \"{PACK.name}\" ({PACK.hash})" in (
        pack.provenance)
    assert load_pack(freeze(pack)) == pack


def test_costs_list_every_resource():
    """A pack may leave out resources a card does not cost; the loaded card lists them as 0."""
    assert PACK.cards["union.barter_house"]["cost"] == {
        "gold": 2, "rice": 0, "support": 0, "weapons": 0, "untrained": 0, "trained": 0,
        "armies": 0}


def test_header_says_where_the_values_come_from():
    assert "rulebook" in PACK.provenance and "designed" in PACK.provenance
    sources = {e["source"] for e in [*G.values(), *PACK.cards.values(),
                                     *PACK.regions.values()]}
    assert sources == {"rulebook", "partial", "designed"}

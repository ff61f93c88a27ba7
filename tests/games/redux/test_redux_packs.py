"""A pack typed in by hand: every kind of mistake is refused with the line at fault, the
entry and the field, so a group correcting our designed values can find it at once."""

from __future__ import annotations

import json

import pytest

from games.redux.data import DATA_FILE, DataError, designed, load_pack

TEXT = DATA_FILE.read_text(encoding="utf-8")
PACK = designed()


def index(section: str, entry_id: str) -> int:
    return list(getattr(PACK, section)).index(entry_id)


def line_of(text: str, needle: str, after: str = "") -> int:
    """The line of the first `needle` after the first `after`."""
    start = text.index(after) if after else 0
    return text.count("\n", 0, text.index(needle, start)) + 1


def refusal(text: str) -> str:
    with pytest.raises(DataError) as caught:
        load_pack(text)
    return str(caught.value)


def edited(old: str, new: str, after: str = "") -> str:
    """The designed text with the first `old` after `after` replaced by `new`."""
    at = TEXT.index(old, TEXT.index(after) if after else 0)
    return TEXT[:at] + new + TEXT[at + len(old):]


def entry(section: str, entry_id: str) -> str:
    return f"{section}[{index(section, entry_id)}] ({entry_id})"


def test_unknown_ability_kind_names_line_entry_and_choices():
    text = edited('"kind": "occupy_bonus"', '"kind": "charge"', after='"wu.lu_meng"')
    line = line_of(text, '"charge"')
    assert refusal(text) == (
        f'pack.json line {line}: {entry("generals", "wu.lu_meng")}: abilities[0].kind '
        '"charge" is not one of bid_bonus, tie_win, action_yield, round_end_gain, '
        "round_end_exchange, card_stock, upkeep_relief, tribal_hold, tribal_bonus, "
        "occupy_bonus")


def test_invalid_json_names_its_line():
    text = edited('"admin": 5,', '"admin": 5,,', after='"wei.jia_xu"')
    message = refusal(text)
    assert message.startswith(f"pack.json line {line_of(text, ',,')}: not valid JSON: ")


def test_source_name_is_used():
    with pytest.raises(DataError, match=r"^ours\.json line 1: "):
        load_pack("[]", source="ours.json")


def test_top_level_must_be_an_object():
    assert refusal("[]") == "pack.json line 1: the pack is a list; it must be an object"


def test_wrong_format():
    text = edited('"redux-pack/1"', '"redux-pack/2"')
    assert refusal(text) == (
        'pack.json line 2: format: "redux-pack/2" is not one of redux-pack/1')


def test_missing_field_points_at_the_entry():
    after = '"id": "wei.xun_you"'
    text = edited('      "admin": 4,\n', "", after=after)
    line = line_of(text, after) - 1  # the entry's opening brace
    assert refusal(text) == (
        f'pack.json line {line}: {entry("generals", "wei.xun_you")}: misses the field "admin"')


def test_unknown_field():
    text = edited('"admin": 4,', '"admin": 4, "charisma": 3,', after='"wei.xun_you"')
    message = refusal(text)
    assert message.startswith(f"pack.json line {line_of(text, 'charisma')}: "
                              f"{entry('generals', 'wei.xun_you')}: charisma is not a known "
                              "field (known: id, nation, name, ")


def test_value_out_of_range():
    text = edited('"leadership": 2', '"leadership": 3', after='"shu.zhao_yun"')
    line = line_of(text, '"leadership": 3')
    assert refusal(text) == (
        f"pack.json line {line}: "
        f"{entry('generals', 'shu.zhao_yun')}: leadership 3 is not in the range 1-2")


def test_wrong_type():
    text = edited('"combat": 5', '"combat": "5"', after='"shu.zhao_yun"')
    assert refusal(text).endswith(
        f"{entry('generals', 'shu.zhao_yun')}: combat \"5\" must be a whole number from 1 "
        "to 5")


def test_boolean_is_not_a_number():
    text = edited('"combat": 5', '"combat": true', after='"shu.zhao_yun"')
    assert 'combat true must be a whole number' in refusal(text)


def test_empty_text():
    text = edited('"text": "The loyal guardian: Shu\'s gold upkeep falls by 1."', '"text": " "')
    assert refusal(text).endswith(
        f'{entry("generals", "shu.zhao_yun")}: text " " must be a non-empty text')


def test_bad_specialty_and_repeated_specialty():
    text = edited('["cavalry", "infantry"]', '["cavalry", "boats"]', after='"shu.zhao_yun"')
    assert refusal(text).endswith(
        'specialties[1] "boats" is not one of archer, cavalry, infantry, navy')
    text = edited('["cavalry", "infantry"]', '["cavalry", "cavalry"]', after='"shu.zhao_yun"')
    assert refusal(text).endswith('specialties[1] "cavalry" is listed twice')


def test_three_specialties_are_too_many():
    text = edited('["cavalry", "infantry"]', '["cavalry", "infantry", "navy"]',
                  after='"shu.zhao_yun"')
    assert refusal(text).endswith("specialties has 3 items, needs 1-2")


def test_general_without_ability():
    text = edited('[{"kind": "upkeep_relief", "gold": 1, "rice": 0}]', "[]",
                  after='"shu.zhao_yun"')
    assert refusal(text).endswith(
        f"{entry('generals', 'shu.zhao_yun')}: abilities has 0 items, needs 1-3")


def test_unknown_ability_parameter():
    text = edited('"parity": "even"}', '"parity": "even", "rounds": 2}', after='"wei.jia_xu"')
    assert refusal(text).endswith(
        "abilities[0].rounds is not a known field (known: kind, parity)")


def test_missing_ability_parameter():
    text = edited(', "parity": "even"}', "}", after='"wei.jia_xu"')
    assert refusal(text).endswith(
        f'{entry("generals", "wei.jia_xu")}: abilities[0] misses the field "parity"')


def test_bad_parity():
    text = edited('"parity": "even"', '"parity": "sometimes"', after='"wei.jia_xu"')
    assert refusal(text).endswith(
        'abilities[0].parity "sometimes" is not one of any, odd, even')


def test_unknown_resource_in_a_gain():
    text = edited('"gain": {"gold": 1}', '"gain": {"silver": 1}', after='"wei.xun_you"')
    assert refusal(text).endswith(
        'abilities[0].gain.silver is not one of gold, rice, support, untrained, trained, '
        "spear, horse, crossbow, ship, weapon, military, tribal")


def test_empty_gain():
    text = edited('"gain": {"gold": 1}', '"gain": {}', after='"wei.xun_you"')
    assert refusal(text).endswith("abilities[0].gain gives nothing: name at least one resource")


def test_unknown_action_id():
    text = edited('"action": "build"', '"action": "farming"', after='"wei.xun_you"')
    message = refusal(text)
    assert 'abilities[0].action "farming" is not one of the action ids farm, market,' in message


def test_bid_bonus_cannot_name_a_tribal_action():
    """Tribal actions take no bids (R7.6.3), so a bonus on them would never apply."""
    text = edited('"actions": ["battle"]', '"actions": ["xiongnu"]', after='"wei.guo_jia"')
    message = refusal(text)
    assert f"line {line_of(text, 'xiongnu')}: " in message
    assert 'abilities[0].actions[0] "xiongnu" is not one of the biddable actions' in message


def test_relief_of_nothing():
    text = edited('"gold": 1, "rice": 0', '"gold": 0, "rice": 0', after='"wei.man_chong"')
    assert refusal(text).endswith("abilities[0] relieves nothing: give gold or rice above 0")


def test_general_id_must_start_with_its_nation():
    text = edited('"id": "wu.lu_fan"', '"id": "wei.lu_fan"')
    assert refusal(text).endswith(
        'id "wei.lu_fan" must be "wu." followed by lower-case letters, digits or _')


def test_duplicate_general_id():
    text = edited('"id": "wei.xun_you"', '"id": "wei.jia_xu"')
    first = text.index('"id": "wei.jia_xu"')
    line = text.count("\n", 0, text.index('"id": "wei.jia_xu"', first + 1)) + 1
    assert refusal(text) == (
        f"pack.json line {line}: "
        f"generals[2] (wei.jia_xu): id \"wei.jia_xu\" is used twice")


def test_repeated_json_key():
    text = edited('"admin": 4,', '"admin": 4, "admin": 3,', after='"wei.xun_you"')
    assert refusal(text).endswith(
        f"{entry('generals', 'wei.xun_you')}: admin key \"admin\" appears twice")


def test_a_nation_with_22_generals():
    raw = json.loads(TEXT)
    raw["generals"] = [g for g in raw["generals"] if g["id"] != "wu.kan_ze"]
    text = json.dumps(raw, indent=1)
    line = line_of(text, '"generals"')
    assert refusal(text) == (
        f"pack.json line {line}: generals: wu has 22 generals, "
        "needs exactly 23")


def test_ruler_flag_must_match_the_rulebooks_ruler():
    text = edited('"ruler": false', '"ruler": true', after='"wei.jia_xu"')
    assert refusal(text).endswith(
        f"{entry('generals', 'wei.jia_xu')}: ruler true: the ruler of wei is wei.cao_cao "
        "and no other general")


def test_card_effect_that_belongs_on_a_general():
    text = edited('[{"kind": "bid_bonus", "amount": 1, "actions": ["battle"]}]',
                  '[{"kind": "tie_win"}]', after='"union.watchtower"')
    assert refusal(text).endswith(
        f'{entry("cards", "union.watchtower")}: effects[0].kind "tie_win" belongs on a '
        "general, not on a card")


def test_card_round_end_gain_cannot_depend_on_placement():
    text = edited('"when": "always"', '"when": "unplaced"', after='"union.wuzhu_mint"')
    assert refusal(text).endswith(
        'effects[0].when "unplaced" needs a placed general; a card uses "always"')


def test_unknown_cost():
    text = edited('"cost": {', '"cost": {"jade": 1, ', after='"union.watchtower"')
    assert refusal(text).endswith(
        f"{entry('cards', 'union.watchtower')}: cost.jade is not one of gold, rice, support, "
        "weapons, untrained, trained, armies")


def test_unknown_requirement_and_scoring_measure():
    text = edited('"kind": "farm_level"', '"kind": "wisdom"', after='"separation.imperial_granary"')
    assert 'requires[0].kind "wisdom" is not one of farm_level,' in refusal(text)
    text = edited('"what": "farm_level"', '"what": "wisdom"',
                  after='"separation.imperial_granary"')
    assert 'scoring[0].what "wisdom" is not one of farm_level,' in refusal(text)


def test_unknown_scoring_kind():
    text = edited('"kind": "per"', '"kind": "each"', after='"separation.imperial_granary"')
    assert refusal(text).endswith('scoring[0].kind "each" is not one of per, threshold')


def test_card_that_gives_nothing():
    text = edited('"vp": 4', '"vp": 0', after='"separation.bronze_sparrow_terrace"')
    assert refusal(text).endswith(
        f"{entry('cards', 'separation.bronze_sparrow_terrace')}: gives nothing: it needs vp, "
        "effects or scoring")


def test_card_id_must_start_with_its_deck():
    text = edited('"id": "union.watchtower"', '"id": "separation.watchtower"')
    assert 'id "separation.watchtower" must be "union." followed by' in refusal(text)


def test_deck_of_20_cards():
    raw = json.loads(TEXT)
    raw["cards"] = [c for c in raw["cards"] if c["id"] != "union.envoy_lodge"]
    assert "cards: union has 20 cards, needs exactly 21" in refusal(json.dumps(raw))


def test_region_on_an_unknown_border_and_a_border_short_of_regions():
    text = edited('"border": "wei_wu"', '"border": "wei_han"', after='"chibi"')
    assert refusal(text).endswith(
        'regions[0] (chibi): border "wei_han" is not one of shu_wei, shu_wu, wei_wu')
    text = edited('"border": "wei_wu"', '"border": "shu_wu"', after='"chibi"')
    assert refusal(text).endswith("regions: shu_wu has 6 regions, needs exactly 5")


def test_recruit_rounds_are_3_5_9():
    text = edited('"5": {', '"4": {')
    line = line_of(text, '"4"')
    assert refusal(text) == (
        f"pack.json line {line}: recruit: 4 is not a known field (known: 3, 5, 9)")


def test_recruit_cannot_empty_a_nations_deck():
    """Wei picks 4 at the start (R3.L); 2 + 2 + 15 more would need 23 of its 22 cards."""
    text = edited('"9": {"wei": 2', '"9": {"wei": 15')
    line = line_of(text, '"recruit"')
    assert refusal(text) == (
        f"pack.json line {line}: recruit: wei would pick 23 generals, "
        "more than the 22 in its deck")


def test_pack_without_generals():
    raw = json.loads(TEXT)
    del raw["generals"]
    assert refusal(json.dumps(raw)) == 'pack.json line 1: misses the field "generals"'


def test_entry_that_is_not_an_object():
    raw = json.loads(TEXT)
    raw["regions"][3] = "ruxu"
    text = json.dumps(raw, indent=1)
    line = line_of(text, '"ruxu"', after='"regions"')
    assert refusal(text) == f'pack.json line {line}: regions[3]: "ruxu" must be an object'


def test_card_names_need_english_and_korean_and_may_add_chinese():
    text = edited(', "zh": "望樓"', "", after='"union.watchtower"')
    assert load_pack(text).cards["union.watchtower"]["name"] == {
        "en": "Watchtower", "ko": "감시탑"}
    text = edited('"ko": "감시탑", ', "", after='"union.watchtower"')
    assert refusal(text).endswith(
        f'{entry("cards", "union.watchtower")}: name misses the field "ko"')

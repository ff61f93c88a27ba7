"""The data file: shipped with its provenance, validated at load with errors naming the entry
(the checks of the spec's check_wargame_data.py), replaceable by a group's pack."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.wargame.data import DATA_FILE, DataError, data_for, designed, load_data

SHARED = Path("/work/shared/rules/sangokushi-engi-wargame.data.json")


def raw() -> dict:
    return json.loads(DATA_FILE.read_text(encoding="utf-8"))


def refused(data: dict) -> str:
    with pytest.raises(DataError) as error:
        load_data(json.dumps(data, ensure_ascii=False), "pack.json")
    return str(error.value)


def test_designed_data_passes_every_check_with_the_checkers_counts():
    d = designed()
    assert len(d.areas) == 59 and len(d.generals) == 129 and len(d.nations) == 11
    assert sum(a["power"] for a in d.areas.values()) == 132
    assert sum(a["city"] == "big" for a in d.areas.values()) == 11
    assert len(d.sides) == 126 and sorted(d.scenarios) == ["S1", "S2", "S3"]
    assert [len(d.decks[p]) for p in range(1, 10)] == [25] * 9
    assert sum(d.value_of(a) for a in d.areas) == 185  # W29.1


def test_designed_data_keeps_its_provenance():
    d = designed()
    assert d.designed
    assert "designed by the game master team" in d.raw["provenance"]["summary"]
    assert d.raw["provenance"]["from_source"]


@pytest.mark.skipif(not SHARED.exists(), reason="the shared rules folder is not mounted")
def test_the_copy_is_the_shared_file():
    assert DATA_FILE.read_bytes() == SHARED.read_bytes()


def test_a_pack_text_replaces_the_designed_data():
    data = raw()
    data["provenance"] = {"summary": "our printed values", "from_source": []}
    data["generals"][1]["valour"] = 5  # 呂布 as a group printed him
    pack = json.dumps(data, ensure_ascii=False)
    loaded = data_for({"pack": pack})
    assert loaded.generals["lu_bu"]["valour"] == 5 and not loaded.designed
    assert data_for({}) is designed()


def test_not_json_names_the_line():
    with pytest.raises(DataError, match=r"pack: line 1: not JSON"):
        load_data("{", "pack")


def test_a_rating_out_of_range_names_the_general():
    data = raw()
    data["generals"][0]["valour"] = 9
    assert "general dong_zhuo: valour out of range" in refused(data)


def test_a_blank_valour_is_refused():
    data = raw()
    data["generals"][0]["valour"] = None
    assert "general dong_zhuo: 武勇 may not be blank" in refused(data)


def test_an_unknown_side_area_and_a_cut_map_are_refused():
    data = raw()
    data["sides"][0]["b"] = "atlantis"
    assert "side liaodong-atlantis: unknown area" in refused(data)
    data = raw()
    for side in data["sides"]:
        if "liaodong" in (side["a"], side["b"]):
            side["type"] = "impassable"
    text = refused(data)
    assert "area liaodong has no passable side" in text and "unreachable" in text


def test_an_exit_before_entry_is_refused():
    data = raw()
    zhao = next(g for g in data["generals"] if g["id"] == "zhao_yun")
    zhao["exit_period"] = 1
    assert "general zhao_yun: exit period 1 must come after entry period 1" in refused(data)


def test_a_deck_of_the_wrong_size_is_refused():
    data = raw()
    data["tenmei_decks"][8]["cards"].pop()
    assert "period 9 deck has 24 cards, not 25" in refused(data)


def test_die_destinations_must_cover_every_face():
    data = raw()
    card = data["tenmei_decks"][0]["cards"][14]  # P1-15 趙雲
    card["destinations"][1]["die"] = [1, 2]
    assert "card P1-15: die ranges must cover 1-6 exactly once" in refused(data)


def test_an_heir_in_two_lines_is_refused():
    data = raw()
    data["nations"][0]["succession"].append("liu_bei")
    assert "a general is in two succession lines" in refused(data)


def test_a_fall_column_without_a_result_is_refused():
    data = raw()
    data["tables"]["kill_check"]["rows"][0]["results"][6] = "none"
    assert "column fall_battle_area must not contain 'none' (W27.2)" in refused(data)


def test_a_scenario_area_held_twice_is_refused():
    data = raw()
    data["scenarios"][0]["gozoku"]["chenliu"] = {"troops": 3, "label": "x"}
    assert "scenario S1: 豪族 area chenliu unknown or already controlled" in refused(data)


def test_a_player_list_of_the_wrong_size_is_refused():
    data = raw()
    data["scenarios"][1]["player_nations"]["3"] = ["cao", "tao"]
    assert "scenario S2: 3 players need 3 distinct nations" in refused(data)


def test_a_missing_field_is_refused_not_crashed():
    data = raw()
    del data["areas"][0]["power"]
    assert "malformed entry" in refused(data)

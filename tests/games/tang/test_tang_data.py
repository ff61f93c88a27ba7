"""The Tang data (spec T0, T6.1, T7.1): the designed file loads, and the loader refuses a data
pack that breaks a check of shared/rules/check_tang_data.py, naming the entry at fault."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from games.tang.data import DATA_FILE, DataError, load_data, validate

SHARED = Path(__file__).resolve().parents[4] / "shared" / "rules" / "tang-strategy.data.json"


def raw() -> dict:
    return json.loads(DATA_FILE.read_text(encoding="utf-8"))


def problems_of(data: dict) -> list[str]:
    return validate(data)


def test_t0_the_designed_data_loads_and_keeps_its_provenance():
    data = load_data()
    assert len(data.cities) == 51 and len(data.regions) == 11 and len(data.links) == 89
    assert sum(c["special"] for c in data.cities.values()) == 6
    assert len(data.characters) == 40 and len(data.deck()) == 72
    assert data.players == (2, 8)
    assert data.raw["provenance"]["designed_by_game_master_team"]
    assert data.crossing("changan", "hanzhong") == "qinling"


@pytest.mark.skipif(not SHARED.exists(), reason="shared/rules not beside the repository")
def test_t0_the_copy_is_the_shared_file():
    assert DATA_FILE.read_bytes() == SHARED.read_bytes()


def test_t0_1_links_are_symmetric_and_every_region_connected():
    data = load_data()
    for city, neighbours in data.neighbors.items():
        for n in neighbours:
            assert city in data.neighbors[n]
            assert frozenset((city, n)) in data.links


def test_t7_1_every_physical_card_has_its_own_id():
    deck = load_data().deck()
    assert len(set(deck)) == 72 and "jianbi.6" in deck and "shipo.6" in deck


@pytest.mark.parametrize(("break_it", "named"), [
    (lambda d: d["cities"][0].update(region="nowhere"), "city changan: unknown region nowhere"),
    (lambda d: d["regions"][0].update(bonus=9), "region yong: bonus must equal"),
    (lambda d: d["links"].append(dict(d["links"][0])), "link changan-fufeng: duplicate"),
    (lambda d: d["links"][0].update(crossing="swamp"), "link changan-fufeng: unknown crossing"),
    (lambda d: d["characters"][0].update(value=7), "character guo_ziyi: value must be 1-5"),
    (lambda d: d["characters"][0]["skill"].update(window="NEVER"),
     "character guo_ziyi: unknown window NEVER"),
    (lambda d: d["jinnang"][0].update(count=7), "jinnang: counts sum to 73"),
    (lambda d: d["jinnang"][0].update(target="city"), "锦囊 jianbi: bad target"),
    (lambda d: d["cities"][0].update(luoyang=True), "city changan: 洛阳 is scored by its own"),
    (lambda d: d["setup_by_player_count"]["3"].update(grain=118),
     "setup_by_player_count N=3: armies and grain must be ceil(355/3) = 119"),
    (lambda d: d.pop("windows"), "missing top-level section 'windows'"),
])
def test_t0_a_broken_pack_is_refused_naming_the_entry(break_it, named):
    data = copy.deepcopy(raw())
    break_it(data)
    with pytest.raises(DataError) as refused:
        load_data(json.dumps(data, ensure_ascii=False), "ours.json")
    assert any(named in p for p in refused.value.problems), refused.value.problems
    assert "ours.json" in str(refused.value)


def test_t0_a_pack_that_is_not_json_names_the_line():
    with pytest.raises(DataError, match="line 2"):
        load_data('{\n  "cities": ,\n}', "ours.json")


def test_t0_an_unchanged_pack_loads_like_the_designed_data():
    text = json.dumps(raw(), ensure_ascii=False)
    assert load_data(text).cities == load_data().cities
    assert not problems_of(raw())

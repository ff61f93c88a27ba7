"""Encounter, Factory and objective cards: the files load with the counts of S1.1, follow the
designed pattern (S14.6) and the schemas (S14.7, S15.6, S16.5), and a broken file is refused
with a message naming the card and the field."""

from __future__ import annotations

import copy
import json

import pytest

from games.scythe import cards
from games.scythe.board import DATA_FILE as BOARD_FILE
from games.scythe.cards import (
    DATA_DIR,
    CardDataError,
    encounter,
    encounters,
    factory_card,
    factory_cards,
    load_encounters,
    load_factory,
    load_objectives,
    objective,
    objectives,
)
from games.scythe.words import option_text

ENC = json.loads((DATA_DIR / "encounters.json").read_text(encoding="utf-8"))
FAC = json.loads((DATA_DIR / "factory.json").read_text(encoding="utf-8"))
OBJ = json.loads((DATA_DIR / "objectives.json").read_text(encoding="utf-8"))


def test_counts_of_s1_1():
    assert len(encounters()) == 28
    assert len(factory_cards()) == 12
    assert len(objectives()) == 23


def test_loaders_are_cached_and_look_up_by_id():
    assert encounters() is encounters()
    assert encounter("enc_01").title == "The Refugee Column"
    assert factory_card("factory_11").title == "The Labour Office"
    assert objective("obj_12").name == "Get Rich or Cry Trying"


def test_each_file_says_what_is_designed_or_single_source():
    assert "DESIGNED" in ENC["about"] and "G1" in ENC["about"]
    assert "DESIGNED" in FAC["about"] and "G2" in FAC["about"]
    assert "SINGLE SOURCE" in OBJ["about"] and "VERIFIED" in OBJ["about"]
    assert {c.source for c in encounters().values()} == {"designed"}
    assert {c.source for c in factory_cards().values()} == {"designed"}
    assert {c.source for c in objectives().values()} == {"single_source"}


def test_s16_4_objective_names_are_the_verified_23_in_order():
    board = json.loads(BOARD_FILE.read_text(encoding="utf-8"))
    names = [objectives()[f"obj_{n:02d}"].name for n in range(1, 24)]
    assert names == board["objective_card_names"]["base_23"]


def test_s14_6_encounter_pattern_free_coins_popularity():
    """A is free, B costs only coins, C costs only popularity, on every designed card."""
    for card in encounters().values():
        a, b, c = card.options
        assert (a.key, b.key, c.key) == ("A", "B", "C")
        assert a.cost == {}
        assert set(b.cost) == {"coins"} and 2 <= b.cost["coins"] <= 3, card.id
        assert set(c.cost) == {"popularity"} and 1 <= c.cost["popularity"] <= 3, card.id


def test_designed_texts_are_distinct():
    titles = [c.title for c in encounters().values()] + [c.title for c in
                                                         factory_cards().values()]
    assert len(set(titles)) == len(titles)
    assert len({c.text for c in encounters().values()}) == 28


def test_s15_4_every_factory_card_moves_one_unit_two_steps_plus_speed():
    for card in factory_cards().values():
        assert card.move_steps == 2  # and the Speed extra step: the loader refuses others
        assert card.options and [o.key for o in card.options] == [
            str(n) for n in range(1, len(card.options) + 1)]


def test_costs_are_flat_payment_dicts():
    assert factory_card("factory_09").cost == {"power": 1, "popularity": 1}
    assert factory_card("factory_12").cost == {"any": 2}
    assert factory_card("factory_04").cost == {"oil": 2}
    assert encounter("enc_01").options[1].cost == {"coins": 2}


def describe(option: cards.Option) -> str:
    return str(option_text(option.cost, option.effects))


def test_describe_says_cost_and_gain():
    assert describe(encounter("enc_01").options[0]) == "gain $1 and 2 popularity"
    assert describe(encounter("enc_01").options[1]) == "pay $2: gain 2 workers"
    assert describe(encounter("enc_22").options[0]) == "gain 3 of metal and oil (any mix)"
    assert describe(encounter("enc_24").options[2]) == \
        "pay 2 popularity: produce on this territory and gain $2"
    assert describe(factory_card("factory_09").options[0]) == \
        "a free Produce on up to 3 territories"
    assert describe(factory_card("factory_12").options[0]) == "gain $2 and 3 power"


# -- validation ----------------------------------------------------------------------------------

def _enc(change):
    raw = copy.deepcopy(ENC)
    change(raw)
    return raw


def _effects(raw, n=0, key=1):
    return raw["cards"][n]["options"][key]["effects"]


ENCOUNTER_FAULTS = [
    ("custom_effect",
     lambda r: _effects(r).append({"type": "custom", "handler": "x.y"}),
     "encounters.json: enc_01 option B effects[1]: unknown effect type 'custom' (known: "
     "['gain', 'gain_resources', 'gain_workers', 'free_action', 'produce_here'])"),
    ("two_options", lambda r: r["cards"][3]["options"].pop(),
     "encounters.json: enc_04: options must be exactly A, B and C, found ['A', 'B']"),
    ("duplicate_id", lambda r: r["cards"][1].update(id="enc_01"),
     "encounters.json: enc_01: the id is used twice"),
    ("too_few", lambda r: r["cards"].pop(),
     "encounters.json: 27 cards, expected 28"),
    ("no_source", lambda r: r["cards"][2].pop("source"),
     "encounters.json: enc_03: `source` must be one of ['verified', 'single_source', "
     "'designed'], found None"),
    ("produce_on_encounter",
     lambda r: _effects(r).__setitem__(0, {"type": "free_action", "action": "produce",
                                          "count": 1}),
     "encounters.json: enc_01 option B effects[0]: free action 'produce' is not one of "
     "['deploy', 'build', 'enlist', 'upgrade']"),
    ("empty_gain", lambda r: _effects(r, 0, 0).__setitem__(0, {"type": "gain", "coins": 0}),
     "encounters.json: enc_01 option A effects[0]: a gain must give something"),
    ("gold", lambda r: _effects(r, 7, 0)[0].update(kinds=["gold"]),
     "encounters.json: enc_08 option A effects[0]: kinds must be [\"any\"] or distinct "
     "resources of ['wood', 'oil', 'food', 'metal'], found ['gold']"),
    ("cost_kind", lambda r: r["cards"][0]["options"][1]["cost"].update(gold=1),
     "encounters.json: enc_01 option B cost: unknown cost ['gold']"),
    ("negative_cost", lambda r: r["cards"][0]["options"][1]["cost"].update(coins=-1),
     "encounters.json: enc_01 option B cost: coins must be a whole number >= 0, found -1"),
    ("count_two", lambda r: _effects(r, 2, 1)[0].update(count=2),
     "encounters.json: enc_03 option B effects[0]: a free action has count 1"),
    ("no_about", lambda r: r.pop("about"),
     "encounters.json: must be an object starting with an `about` text"),
    ("extra_field", lambda r: _effects(r, 0, 1)[0].update(where="home"),
     "encounters.json: enc_01 option B effects[0]: unknown field ['where']"),
    ("no_title", lambda r: r["cards"][4].update(title=""),
     "encounters.json: enc_05: `title` must be a non-empty text, found ''"),
]


@pytest.mark.parametrize(("change", "message"), [(c, m) for _, c, m in ENCOUNTER_FAULTS],
                         ids=[n for n, _, _ in ENCOUNTER_FAULTS])
def test_a_broken_encounter_file_names_card_and_field(change, message):
    with pytest.raises(CardDataError) as err:
        load_encounters(_enc(change))
    assert str(err.value) == message


def _fac(change):
    raw = copy.deepcopy(FAC)
    change(raw)
    return raw


FACTORY_FAULTS = [
    ("short_move", lambda r: r["cards"][0]["bottom"].update(steps=1),
     "factory.json: factory_01 bottom: every Factory card moves one unit 2 steps with the "
     "Speed extra step (S15.4), found {'type': 'move_one_unit', 'steps': 1, "
     "'speed_extra_step': True}"),
    ("workers_on_factory",
     lambda r: r["cards"][1]["top"]["choose_one"][0]["effects"].append(
         {"type": "gain_workers", "amount": 1}),
     "factory.json: factory_02 top option 1 effects[1]: unknown effect type 'gain_workers' "
     "(known: ['gain', 'free_action'])"),
    ("produce_without_territories",
     lambda r: r["cards"][1]["top"]["choose_one"][0]["effects"][0].pop("params"),
     "factory.json: factory_02 top option 1 effects[0]: produce needs params "
     "{\"territories\": n}"),
    ("no_options", lambda r: r["cards"][2]["top"].update(choose_one=[]),
     "factory.json: factory_03 top: `choose_one` needs at least one option"),
    ("distinct_any", lambda r: r["cards"][11]["top"]["cost"]["resources"].update(
        distinct_any=2),
     "factory.json: factory_12 top cost: `resources` may only hold ['any', 'wood', 'oil', "
     "'food', 'metal']"),
]


@pytest.mark.parametrize(("change", "message"), [(c, m) for _, c, m in FACTORY_FAULTS],
                         ids=[n for n, _, _ in FACTORY_FAULTS])
def test_a_broken_factory_file_names_card_and_field(change, message):
    with pytest.raises(CardDataError) as err:
        load_factory(_fac(change))
    assert str(err.value) == message


def _obj(change):
    raw = copy.deepcopy(OBJ)
    change(raw)
    return raw


OBJECTIVE_FAULTS = [
    ("unknown_predicate", lambda r: r["cards"][0]["all_of"].append({"type": "custom"}),
     "objectives.json: obj_01 all_of[1]: unknown predicate type 'custom'"),
    ("stat_bounds", lambda r: r["cards"][11]["all_of"][0].pop("min"),
     "objectives.json: obj_12 all_of[0]: stat needs `min` or `max`"),
    ("stat_name", lambda r: r["cards"][11]["all_of"][0].update(stat="gold"),
     "objectives.json: obj_12 all_of[0]: `stat` 'gold' is not one of ['power', 'popularity', "
     "'coins', 'combat_cards_in_hand', 'upgrades', 'mechs', 'structures', 'recruits', "
     "'workers', 'combat_stars']"),
    ("missing_field", lambda r: r["cards"][0]["all_of"][0].pop("terrain"),
     "objectives.json: obj_01 all_of[0]: controls_terrain needs `terrain`"),
    ("bool_field", lambda r: r["cards"][4]["all_of"][1].update(ties_ok="yes"),
     "objectives.json: obj_05 all_of[1]: `ties_ok` must be true or false"),
    ("unknown_event", lambda r: r["cards"][5]["all_of"][0].update(event="burned_a_village"),
     "objectives.json: obj_06 all_of[0]: `event` 'burned_a_village' is not one of "
     "['forced_retreat']"),
    ("empty", lambda r: r["cards"][6].update(all_of=[]),
     "objectives.json: obj_07: `all_of` needs at least one predicate"),
    ("wrong_source", lambda r: r["cards"][0].update(source="folklore"),
     "objectives.json: obj_01: `source` must be one of ['verified', 'single_source', "
     "'designed'], found 'folklore'"),
]


@pytest.mark.parametrize(("change", "message"), [(c, m) for _, c, m in OBJECTIVE_FAULTS],
                         ids=[n for n, _, _ in OBJECTIVE_FAULTS])
def test_a_broken_objective_file_names_card_and_field(change, message):
    with pytest.raises(CardDataError) as err:
        load_objectives(_obj(change))
    assert str(err.value) == message


def test_invalid_json_names_the_line(tmp_path, monkeypatch):
    (tmp_path / "factory.json").write_text('{"about": "x",\n "cards": [,]}', encoding="utf-8")
    monkeypatch.setattr(cards, "DATA_DIR", tmp_path)
    with pytest.raises(CardDataError, match=r"factory.json line 2: not valid JSON"):
        cards.factory_cards.__wrapped__()

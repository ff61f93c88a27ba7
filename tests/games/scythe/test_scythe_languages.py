"""Scythe speaks the reader's language: every id of the data has its name in the five locales
(Korean from the rulebook), every key the engine names exists, the grammar of person and
number is right, coins stay private when they are hidden, and a whole game read in Korean or
Japanese shows no English."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import LOCALES, catalog, t
from games.core import Action, Event, GameError, IllegalAction, get_game, make_agent
from games.core.messages import Msg, Seat, Term, msg
from games.scythe import gains, rules
from games.scythe import words as w
from games.scythe.board import board
from games.scythe.cards import encounters, factory_cards, objectives
from games.scythe.flow import legal_actions, to_act
from tests.languages import english_runs, whole_game_texts
from tests.wording import english

SCYTHE = Path(__file__).resolve().parents[3] / "games" / "scythe"
GAME = get_game("scythe")
NAMES = ("Ada", "Bo", "Cy")
# Proper names written in Latin letters: the factions' English names beside the Korean ones.
ALLOWED = ("Nordic Kingdoms", "Rusviet Union", "Crimean Khanate", "Saxony Empire",
           "Republic of Polania")


# -- names -------------------------------------------------------------------------------------
def data_terms() -> list[str]:
    """Every Term key the data asks for."""
    b = board()
    raw = json.loads((SCYTHE / "data" / "board.json").read_text(encoding="utf-8"))
    keys = [w.faction(f).key for f in rules.FACTIONS] + [w.mat(m).key for m in rules.MATS]
    keys += [w.resource(r).key for r in rules.RESOURCES]
    keys += [w.place(t).key for t in [*b.territories, *b.home_bases]]
    keys += [w.structure(s).key for s in rules.STRUCTURES]
    keys += [w.action(a).key for a in (*rules.TOP_ACTIONS, *rules.BOTTOM_ACTIONS)]
    keys += [w.box(x).key for x in rules.TOP_BOXES] + [w.star(s).key for s in rules.STARS]
    keys += [w.space(s).key for s in rules.RECRUIT_SPACES]
    keys += [w.bonus_tile(t).key for t in b.bonus_tiles]
    factions = [f for f in raw["factions"].values()
                if isinstance(f, dict) and "mech_abilities" in f]
    abilities = {a["id"] for f in factions for a in f["mech_abilities"]}
    abilities |= {f["faction_ability"]["id"] for f in factions}
    keys += [w.ability(a).key for a in sorted(abilities)]
    for card in encounters().values():
        keys += [w.encounter(card.id).key, w.encounter_text(card.id).key]
        keys += [w.encounter_option(card.id, o.key).key for o in card.options]
    for factory in factory_cards().values():
        keys += [w.factory_card(factory.id).key]
        keys += [w.factory_option(factory.id, o.key).key for o in factory.options]
    for objective in objectives().values():
        keys += [w.objective(objective.id).key, w.objective_text(objective.id).key]
    return keys


@pytest.mark.parametrize("key", data_terms())
def test_every_id_of_the_data_has_its_name_in_five_locales(key):
    texts = catalog()[key]
    assert set(texts) == set(LOCALES)
    assert all(texts[locale].strip() for locale in LOCALES)


def test_korean_names_follow_the_rulebook():
    names = catalog()
    assert names["scythe.faction.crimea"]["ko"] == "크리미아 칸국 (Crimean Khanate)"
    assert names["scythe.resource.oil"]["ko"] == "원유"
    assert names["scythe.action.bolster"]["ko"] == "강화"
    assert names["scythe.action.enlist"]["ko"] == "모집"
    assert names["scythe.structure.mill"]["ko"] == "제분소"
    assert names["scythe.unit.mech"]["ko"] == "{ $ability } 매카닉"
    assert names["scythe.place.home_polania"]["ko"] == "폴라니아 본거지"


def test_every_key_the_engine_names_exists():
    """Literal keys and the keys the engine builds from its frames and data."""
    keys = catalog()
    built = [f"scythe.prompt.{kind}" for kind in (
        "draft", "top", "factory_top", "factory_bottom", "pay", "move", "step", "trade",
        "produce", "bottom", "upgrade", "deploy", "build", "enlist", "combat_order",
        "artillery", "commit", "retreat", "encounter", "take", "factory_pick", "end")]
    built += [f"scythe.status.{kind}" for kind in (
        "draft_pick", "section", "top", "factory_top", "factory_bottom", "pay", "move", "step",
        "trade", "produce", "bottom", "upgrade", "deploy", "build", "enlist", "combat_order",
        "artillery", "commit", "retreat", "encounter", "take", "factory_pick", "end")]
    built += [f"scythe.refuse.effect.{kind}" for kind in rules.BOTTOM_ACTIONS]
    built += [f"scythe.setup.shuffled.{deck}" for deck in ("combat", "encounter", "objective")]
    built += [f"scythe.amount.{key}" for key in w.COUNTED]
    built += [f"scythe.score.{category}" for category in (
        "coins", "stars", "territories", "resources", "structure_bonus")]
    literal = re.compile(r'"(scythe\.[a-z_]+(?:\.[a-z_0-9]+)+)"')
    for path in SCYTHE.glob("*.py"):
        built += literal.findall(path.read_text(encoding="utf-8"))
    assert sorted({key for key in built if key not in keys}) == []


def test_no_label_or_refusal_shows_an_internal_id():
    """Through a seeded game, no label names a unit id (`worker:3`), a card id or an option's
    key alone; refusals name what is possible by its label."""
    state = GAME.setup(3, {}, 5)
    agent = make_agent("heuristic", seed=5)
    for _ in range(250):
        if GAME.result(state) is not None:
            break
        seat = min(to_act(state))
        for action in legal_actions(state, seat):
            label = english(action.label, NAMES, seat)
            assert not re.search(r"worker:\d|mech:|cc\d\d|enc_\d|factory_\d|obj_\d|home_",
                                 label)
        state, _ = GAME.apply(state, seat, agent.choose(GAME, state, seat))
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, min(to_act(state)), Action.parse("fly r3c3"))
    told = english(refused.value.message)
    assert "You can: " in told and told.count("(`") <= 6


# -- grammar -----------------------------------------------------------------------------------
def said(message: Msg, seat: int | None = None, locale: str = "en") -> str:
    return english(message, NAMES, seat, locale)


def test_a_gain_reads_you_for_its_seat_and_the_name_for_the_others():
    gain = msg("scythe.gains", who=Seat(1), what=(w.amount("coins", 2),))
    assert said(gain, seat=1) == "You gain $2."
    assert said(gain, seat=0) == "Bo gains $2."
    assert said(gain) == "Bo gains $2."
    assert said(gain, locale="ko") == "Bo: 2달러 획득."


def test_amounts_have_their_plurals():
    assert said(w.amount("combat_cards", 1)) == "1 combat card"
    assert said(w.amount("combat_cards", 3)) == "3 combat cards"
    assert said(w.amount("worker", 1)) == "1 worker"
    assert said(w.amount("worker", 2)) == "2 workers"
    assert said(w.amount("coins", 1)) == "$1"
    assert said(w.amount("coins", 1), locale="ko") == "1달러"
    assert said(w.amount("coins", 2), locale="ja") == "2コイン"
    assert said(w.amount("oil", 2), locale="zh-CN") == "2 个石油"
    assert said(msg("scythe.label.end_move", count=1)) == "End the Move (1 more could move)"
    assert said(msg("scythe.label.end_move", count=2)) == "End the Move (2 more could move)"


def test_places_units_and_mechs_read_in_each_language():
    move = msg("scythe.unit_moves", who=Seat(0), unit=w.unit("mech:speed"),
               start=w.place("r2c2"), end=w.place("home_polania"))
    assert said(move, seat=0) == ("Your Speed mech moves from Mountain r2c2 to Polanian home "
                                  "base.")
    assert said(move) == "Ada's Speed mech moves from Mountain r2c2 to Polanian home base."
    assert said(move, locale="ko") == "Ada의 스피드 매카닉: 산 r2c2 → 폴라니아 본거지 이동."
    assert w.unit("worker:3") == Term("scythe.unit.worker")  # workers are alike: no number


def test_star_and_end_lines_name_the_player():
    star = msg("scythe.star_placed", who=Seat(2), star=Term("scythe.star.combat"), total=3,
               of=6)
    assert said(star, seat=2) == "You place a star for a combat victory (3 of 6)."
    assert said(star) == "Cy places a star for a combat victory (3 of 6)."
    assert said(star, locale="ja") == "Cyは「戦闘の勝利」でスターを置きます（3/6）。"


# -- hidden coins ------------------------------------------------------------------------------
def coin_amounts(value: Any) -> bool:
    """Does a message carry a number of coins anywhere in it?"""
    if isinstance(value, Msg):
        return value.key == "scythe.amount.coins" or any(
            coin_amounts(v) for v in value.params.values())
    if isinstance(value, (list, tuple)):
        return any(coin_amounts(v) for v in value)
    return False


def whole_game(options: dict[str, Any], seed: int) -> list[Event]:
    state, events = GAME.begin(3, GAME.resolve_options(options), seed)
    agents = [make_agent("heuristic", seed=seed + n) for n in range(3)]
    for _ in range(5000):
        if GAME.result(state) is not None:
            return events
        seat = min(to_act(state))
        state, told = GAME.apply(state, seat, agents[seat].choose(GAME, state, seat))
        events += told
    raise AssertionError("the game did not end")


def test_hidden_coins_never_reach_a_public_line():
    events = whole_game({"coins_visible": False}, seed=3)
    public = [e for e in events if e.public]
    assert public and not [e.text for e in public if coin_amounts(e.text)]
    private = [e for e in events if not e.public and coin_amounts(e.text)]
    assert private and all(len(e.seats or ()) == 1 for e in private)
    assert any(isinstance(e.text, Msg) and e.text.key == "scythe.gains" for e in private)


def test_visible_coins_are_told_to_everyone():
    events = whole_game({"coins_visible": True}, seed=3)
    assert any(coin_amounts(e.text) for e in events if e.public)


def test_a_hidden_gain_tells_its_owner_the_amount():
    state = GAME.setup(3, {"coins_visible": False}, 1)
    public, private = gains.gain(state, 0, {"coins": 2, "power": 1})
    power = state["players"][0]["power"]
    assert public.public and said(public.text) == f"Ada gains coins and 1 power ({power})."
    assert private.seats == (0,) and "$2" in said(private.text, seat=0)


# -- whole games -------------------------------------------------------------------------------
@pytest.mark.parametrize("locale", ["ko", "ja", "zh-CN", "zh-TW"])
async def test_a_whole_three_player_game_reads_without_english(gm, locale):
    """Issue 14: what each table option does is among what the players read, and no
    English run anywhere."""
    texts = await whole_game_texts(gm, "scythe", 3, locale, seed=1)
    runs = sorted({run for text in texts for run in english_runs(text, ALLOWED)})
    assert texts and runs == []
    read = "\n".join(texts)
    assert all(t(f"scythe.option.{o.name}", locale) in read for o in get_game("scythe").options)


async def test_a_whole_korean_game_uses_the_rulebooks_words(gm):
    texts = "\n".join(await whole_game_texts(gm, "scythe", 3, "ko", seed=2,
                                             options={"coins_visible": False}))
    assert english_runs(texts, ALLOWED) == []
    for word in ("차례", "섹션", "일꾼", "영토"):
        assert word in texts


def test_a_refusal_is_a_message():
    state = GAME.setup(2, {}, 1)
    with pytest.raises(GameError) as refused:
        GAME.apply(state, min(to_act(state)), Action.parse("section 9"))
    assert isinstance(refused.value.message, Msg)

"""Redux speaks the reader's language: every general, card and region of the designed data has
its name in the five locales, every key the engine names exists, the grammar of person and
number is right, a refusal offers what is possible by name, and a whole game read in Korean or
Japanese shows no English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.i18n import LOCALES, catalog, t
from bot.i18n.lookup import lookup
from games.core import GameError
from games.core.messages import Msg, Seat, Term, msg
from games.redux import GAME, data, rules
from games.redux import view as views
from games.redux.say import amount, units
from games.redux.scoring import categories
from games.redux.state import general_term
from tests.games.redux.resolution_scenario import placement, resolving, table
from tests.games.redux.scenario import act, started
from tests.games.redux.test_redux_conflict import table as bid_table
from tests.languages import english_runs, whole_game_texts
from tests.wording import english, refusal

REDUX = Path(__file__).resolve().parents[3] / "games" / "redux"
NAMES = ("Ann", "Bo", "Cy")
A, B = 0, 1
DESIGNED = data.designed()


# -- names -----------------------------------------------------------------------------------
@pytest.mark.parametrize("kind, section", [("general", "generals"), ("card", "cards"),
                                           ("region", "regions")])
def test_every_id_of_the_data_has_its_name_in_five_locales(kind, section):
    entries = getattr(DESIGNED, section)
    for entry, values in entries.items():
        texts = catalog()[f"redux.{kind}.{entry}"]
        assert set(texts) == set(LOCALES), entry
        assert all(texts[locale].strip() for locale in LOCALES), entry
        assert texts["en"] == values["name"]["en"]
        assert texts["ko"].startswith(values["name"]["ko"])  # the pack's Korean, as printed


def test_every_fixed_name_of_the_rules_has_its_term():
    keys = [f"redux.nation.{n}" for n in rules.NATIONS]
    keys += [f"redux.action.{a}" for a in rules.ACTIONS]
    keys += [f"redux.office.{o}" for o, _ in rules.OFFICES]
    keys += [f"redux.tribe.{tribe}" for tribe in rules.TRIBAL_OF_NATION.values()]
    keys += [f"redux.border.{b}" for b in rules.BORDERS]
    keys += [f"redux.unit.{u}" for u in rules.UNIT_WEAPON]
    keys += [f"redux.weapon.{w}" for w in rules.WEAPONS]
    keys += ["redux.deck.union", "redux.deck.separation", "redux.store.granary",
             "redux.store.treasury", "redux.criterion.admin", "redux.criterion.combat"]
    assert [k for k in keys if k not in catalog()] == []
    assert t("redux.action.emperor", "ko") == rules.ACTIONS["emperor"][1]  # the rulebook's


def test_people_and_places_read_with_their_characters():
    assert catalog()["redux.general.shu.zhao_yun"] == {
        "en": "Zhao Yun", "ko": "조운(趙雲)", "zh-CN": "赵云", "zh-TW": "趙雲",
        "ja": "趙雲（ちょううん）"}
    assert t("redux.region.guangling", "zh-CN") == "广陵"
    assert t("redux.general.wu.sun_quan", "ja") == "孫権（そんけん）"  # shinjitai


def test_every_key_the_engine_names_exists():
    """Every literal key, and the keys built from data or state."""
    keys = catalog()
    built = [f"redux.amount.{r}" for r in ("gold", "rice", "support", "weapon", "untrained",
                                          "trained", "army", "deficit", "military", "tribal",
                                          "farm", "market", *rules.WEAPONS)]
    built += [f"redux.score.{c}" for c in categories(table())[0]]
    built += [f"redux.status.{s}" for s in ("available", "placed", "flipped", "occupying")]
    built += [f"redux.summary.step_{s}" for s in (
        "pick", "alliance", "bid", "bidding_done", "resolve", "reward", "benefits",
        "round_done", "round_start", "over")]
    built += [f"redux.summary.step_{s}_by" for s in ("resolve", "reward", "benefits")]
    built += [f"redux.prompt.{s}" for s in ("units", "units_gold", "support", "emperor")]
    built += [f"redux.{k}.{a}" for k in ("label.develop", "log.develops", "refuse")
              for a in ("farm", "market")]
    built = [b.replace("label.develop.", "label.develop_").replace(
        "log.develops.", "log.develops_") for b in built]
    built += ["redux.refuse.farm_full", "redux.refuse.market_full",
              "redux.refuse.farm_none_developed", "redux.refuse.market_none_developed",
              "redux.label.harvest", "redux.label.tax", "redux.log.harvest", "redux.log.tax",
              "redux.label.take", "redux.label.give", "redux.why.take_left",
              "redux.why.give_left", "redux.refuse.leadership_unit",
              "redux.refuse.leadership_gold", "redux.log.tie_first", "redux.log.tie_ability",
              "redux.log.wins_tie", "redux.log.win_together", "redux.log.win_together_tie",
              "redux.summary.tracks", "redux.summary.tracks_passed"]
    built = [b for b in built if not b.endswith((".refuse.farm", ".refuse.market"))]
    literal = re.compile(r'"(redux\.[a-z_]+(?:\.[a-z_]+)+)"')
    for path in REDUX.glob("*.py"):
        built += literal.findall(path.read_text(encoding="utf-8"))
    assert sorted({key for key in built if key not in keys}) == []


def test_an_uploaded_packs_own_names_read_in_the_pack_languages():
    state = table()
    gid = "wei.jia_xu"
    state_pack = data.frozen(state).generals[gid]
    assert general_term(state, gid) == Term("redux.general.wei.jia_xu")
    renamed = msg("redux.pack_name", en="Wen He", ko="문화", zh="文和")
    assert [english(renamed, locale=lo) for lo in ("en", "ko", "ja")] == ["Wen He", "문화", "文和"]
    assert state_pack["name"]["en"] == "Jia Xu"


# -- what generals and cards do ---------------------------------------------------------------
@pytest.mark.parametrize("kind, section", [("general", "generals"), ("card", "cards")])
def test_every_ability_text_of_the_data_reads_in_five_locales(kind, section):
    """Issue 14: the pack's 111 texts, each with its key; English is the pack's own text (so
    a reader is never shown a translation of a text an uploaded pack has changed)."""
    for entry, values in getattr(DESIGNED, section).items():
        texts = catalog()[f"redux.{kind}.{entry}.text"]
        assert set(texts) == set(LOCALES), entry
        assert texts["en"] == values["text"], entry
        assert {lo: runs for lo in LOCALES if lo != "en"
                if (runs := english_runs(texts[lo]))} == {}, entry


def test_ability_texts_use_the_rulebooks_korean():
    """The rulebook prints Jia Xu's, Ma Chao's and the Barter House's texts (L1393, L1445,
    L1453): those read as printed; the others use its words (입찰값, 등용, 유지비...)."""
    assert t("redux.general.wei.jia_xu.text", "ko") == (
        '짝수 라운드의 끝에서, 만약 위나라가 "부족 우호도" 액션을 수행하지 않았다면, '
        "위나라의 부족 우호도는 그대로 유지됩니다.")
    assert t("redux.general.shu.ma_chao.text", "ko").startswith(
        "마초가 등용된 라운드의 끝에, 이 카드 위에 말 4개를 올려놓습니다.")
    assert "입찰값이 1 늘어납니다" in t("redux.general.wu.sun_ce.text", "ko")
    assert t("redux.card.union.barter_house.text", "zh-CN").startswith("在每轮结束时")


def test_the_summary_shows_what_the_viewers_own_generals_and_cards_do():
    state = table()
    me = state["players"][A]
    assert me["generals"] and me["hand"]
    seen = "\n".join(english(line, NAMES, seat=A, locale="ja")
                     for line in views.summary(GAME.view(state, A)))
    for general in me["generals"]:
        assert t(f"redux.general.{general}.text", "ja") in seen
    for card in me["hand"]:
        assert t(f"redux.card.{card}.text", "ja") in seen
    public = "\n".join(english(line, NAMES, locale="ja")
                       for line in views.summary(GAME.view(state, None)))
    assert t(f"redux.general.{me['generals'][0]}.text", "ja") not in public


def test_an_uploaded_pack_shows_its_own_texts_as_it_prints_them():
    text = data.DATA_FILE.read_text(encoding="utf-8").replace(
        DESIGNED.generals["wei.cao_cao"]["text"], "Our own Cao Cao text.")
    state = GAME.setup(3, {"pack": text}, 1)
    seen = "\n".join(english(line, NAMES, seat=0, locale="ko")
                     for line in views.summary(GAME.view(state, 0)))
    assert "Our own Cao Cao text." in seen


def test_a_lookup_reads_the_text_in_the_readers_language():
    assert t("redux.card.union.watchtower.text", "zh-TW") in lookup("redux", "Watchtower",
                                                                   "zh-TW")
    assert t("redux.general.wu.sun_ce.text", "ko") in lookup("redux", "손책", "ko")


# -- grammar ----------------------------------------------------------------------------------
def test_you_for_the_actor_and_the_name_for_the_others():
    passed = msg("redux.log.passes", who=Seat(A))
    assert english(passed, NAMES, seat=A) == "You pass for the rest of the round."
    assert english(passed, NAMES, seat=B) == "Ann passes for the rest of the round."
    assert english(passed, NAMES) == "Ann passes for the rest of the round."
    flipped = msg("redux.log.flipped_returns", general=Term("redux.general.wei.cao_hong"),
                  who=Seat(A))
    assert english(flipped, NAMES, seat=A) == "Cao Hong returns to your supply."
    assert english(flipped, NAMES, seat=B) == "Cao Hong returns to Ann's supply."
    assert (english(flipped, NAMES, seat=B, locale="ko")
            == "조홍(曹洪)이 Ann의 공급처로 돌아갑니다.")


def test_plurals_of_amounts_and_units():
    assert english(amount("spear", 1)) == "1 spear"
    assert english(amount("spear", 2)) == "2 spears"
    assert english(amount("untrained", 2)) == "2 untrained armies"
    assert english(amount("gold", 3)) == "3 gold"
    assert english(units("archer", 1)) == "1 archer unit"
    assert english(units("archer", 2)) == "2 archer units"
    assert english(units("archer", 2), locale="ko") == "궁병 부대 2개"
    assert english(amount("support", 1), locale="ja") == "支持トークン1個"
    support = msg("redux.label.support", count=0)
    assert [english(msg("redux.label.support", count=n)) for n in (0, 1, 2)] == [
        "Add no support token", "Add 1 support token", "Add 2 support tokens"]
    assert english(support, locale="zh-CN") == "不加支持度标记"


def test_a_list_reads_in_the_readers_language():
    said = msg("redux.log.recruits", who=Seat(A), generals=(
        Term("redux.general.shu.zhao_yun"), Term("redux.general.shu.ma_chao")))
    assert english(said, NAMES, seat=B) == "Ann recruits Zhao Yun and Ma Chao."
    assert english(said, NAMES, seat=B, locale="zh-CN") == "Ann 招募了赵云和马超。"


# -- refusals ----------------------------------------------------------------------------------
def test_a_refusal_offers_a_few_choices_by_name_never_by_id():
    state = started()
    with pytest.raises(GameError) as raised:
        act(state, 2, "alliance nothing")
    text = refusal(raised.value)
    assert "You can: Alliance on Develop Farm or Harvest" in text and "and 5 more." in text
    assert "farm" not in text.split("You can:")[1].replace("Farm", "")
    assert "." not in re.sub(r"[.](?= |$)", "", text)  # no dotted id like wei.guo_jia


def test_a_name_typed_for_an_id_is_answered_with_the_id():
    state = started()
    with pytest.raises(GameError) as raised:
        act(state, 2, "alliance Recruit Armies")
    assert refusal(raised.value) == "Did you mean `alliance recruit`?"
    with pytest.raises(GameError) as raised:
        act(state, 2, "alliance 군대 모집")
    assert refusal(raised.value) == "Did you mean `alliance recruit`?"


def test_a_general_typed_by_name_is_answered_with_its_id():
    state = bid_table(wei=["wei.jia_xu", "wei.xun_you"], wu=["wu.lu_fan"],
                      shu=["shu.jiang_wan"])
    with pytest.raises(GameError) as raised:
        act(state, 0, "place Jia Xu")
    assert refusal(raised.value) == "Did you mean `place wei.jia_xu`?"
    with pytest.raises(GameError) as raised:
        act(state, 0, "place 가후")
    assert refusal(raised.value) == "Did you mean `place wei.jia_xu`?"


def test_an_automatic_decline_gives_its_reason():
    """Issue 19: no more "(it cannot be performed now)"."""
    _, events = resolving(table(), placement(0, "wei.cao_cao", "train"))
    said = [e.text for e in events if isinstance(e.text, Msg)
            and e.text.key == "redux.log.cannot_perform"]
    assert [english(s, NAMES, seat=A) for s in said] == [
        "You cannot perform Train Armies: you have no untrained army."]
    assert english(said[0], NAMES, locale="ja") == \
        "Annは軍隊の訓練を実行できません：未訓練の軍隊がありません。"


# -- whole games -------------------------------------------------------------------------------
# Latin letters a reader may meet in a whole game: the typed forms in refusals are code spans,
# and the players' names are the reader's; nothing else is allowed.
@pytest.mark.parametrize("locale", ["ko", "ja", "zh-CN", "zh-TW"])
async def test_a_whole_three_player_game_reads_without_english(gm, locale):
    """Issue 14: the options with what each does and the players' own ability texts among
    what they read, and no English run anywhere."""
    texts = await whole_game_texts(gm, "redux", 3, locale, seed=1)
    runs = sorted({run for text in texts for run in english_runs(text)})
    assert texts and runs == []
    read = "\n".join(texts)
    assert all(t(f"redux.option.{o.name}", locale) in read for o in GAME.options)
    shown = {kind for kind, section in (("general", "generals"), ("card", "cards"))
             for entry in getattr(DESIGNED, section)
             if t(f"redux.{kind}.{entry}.text", locale) in read}
    assert shown == {"general", "card"}


async def test_a_whole_game_in_korean_uses_the_rulebooks_words(gm):
    texts = "\n".join(await whole_game_texts(gm, "redux", 3, "ko", seed=2))
    for word in ("입찰", "동맹 액션", "지지도 토큰", "한나라 황제", "부족 우호도", "최종 점수"):
        assert word in texts

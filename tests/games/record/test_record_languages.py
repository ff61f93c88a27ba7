"""Record speaks the reader's language: every card, lord, advisor, general and city of the data
has its name in the five locales, every key the engine names exists, the grammar of person and
number is right, and a whole game read in Korean or Japanese shows no English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.i18n import LOCALES, catalog, t
from games.core import Action, GameError
from games.core.messages import Seat, Term, msg
from games.record import GAME
from games.record.data import CARDS, DATA, ability, deck_term, kind_of, lord_text, term
from games.record.turn import you_draw
from games.record.view import summary
from tests.games.record.scenario import act, rig, table
from tests.languages import NAMES as NAMES_IN
from tests.languages import catalog_runs, english_runs, reads_without_english, whole_game_texts
from tests.wording import english

RECORD = Path(__file__).resolve().parents[3] / "games" / "record"
NAMES = ("Cao Cao", "Liu Bei", "Sun Quan", "Yuan Shu")
A, B = 0, 1


# -- names -----------------------------------------------------------------------------------
@pytest.mark.parametrize("card", sorted(CARDS))
def test_every_id_of_the_data_has_its_name_in_five_locales(card):
    texts = catalog()[term(card).key]
    assert set(texts) == set(LOCALES)
    zh = CARDS[card]["zh"]
    assert texts["zh-TW"] == zh  # the rulebook's own name
    assert zh in texts["en"] and zh in texts["ko"]  # the hanzi beside the reading
    assert all(texts[locale].strip() for locale in LOCALES)


@pytest.mark.parametrize("lord", sorted(DATA.lords))
def test_every_lord_ability_has_its_name(lord):
    texts = catalog()[ability(lord).key]
    assert texts["zh-TW"] == DATA.lords[lord]["ability_name_zh"]
    assert set(texts) == set(LOCALES)
    does = catalog()[lord_text(lord).key]
    assert set(does) == set(LOCALES) and does["en"] == DATA.lords[lord]["ability_en"]


def test_readings_follow_the_examples():
    zhao_yun = catalog()["record.general.zhao_yun"]
    assert zhao_yun == {"en": "Zhao Yun (趙雲)", "ko": "조운(趙雲)", "zh-CN": "赵云",
                        "zh-TW": "趙雲", "ja": "趙雲（ちょううん）"}


def test_every_key_the_engine_names_exists():
    """Keys built from data or state (decks, sizes, lanes, phases...) and every literal."""
    keys = catalog()
    built = [deck_term(d).key for d in ("lord", "advisor", "battle", "game", "stratagem",
                                        "city_general")]
    built += [f"record.size.{c['size']}" for c in DATA.cities.values()]
    built += [f"record.type.{s['type']}" for s in DATA.stratagems.values()]
    built += [f"record.{prefix}.{name}" for prefix, names in (
        ("lane", ("front", "middle", "rear")),
        ("phase", ("lords", "draft", "advisors", "actions", "over")),
        ("role", ("attacker_general", "defender_general", "attack_stratagem",
                  "defence_stratagem")),
        ("side", ("attacker", "defender", "tie")),
        ("outcome", ("success", "failure", "empty_fort", "killed")),
        ("score", ("cities", "bonus")),
        ("station", ("build", "capture", "assassinate"))) for name in names]
    literal = re.compile(r'"(record\.[a-z_]+(?:\.[a-z_]+)+)"')
    for path in RECORD.glob("*.py"):
        built += literal.findall(path.read_text(encoding="utf-8"))
    assert [key for key in built if key not in keys] == []


def test_no_kind_of_card_is_missing_a_name_prefix():
    assert {kind_of(c) for c in CARDS} == {"lord", "advisor", "general", "stratagem", "city"}


# -- grammar ----------------------------------------------------------------------------------
def test_a_draw_reads_you_for_the_drawer_and_the_name_for_the_others():
    drew = msg("record.draw.count", who=Seat(A), count=2)
    assert english(drew, NAMES, seat=A) == "You draw 2 cards."
    assert english(drew, NAMES, seat=B) == "Cao Cao draws 2 cards."
    assert english(drew, NAMES) == "Cao Cao draws 2 cards."
    one = msg("record.draw.count", who=Seat(A), count=1)
    assert english(one, NAMES, seat=A) == "You draw 1 card."
    assert english(one, NAMES, seat=B) == "Cao Cao draws 1 card."


def test_plural_and_person_in_the_log_of_a_real_draw():
    state = table(deck_top=["zhao_yun", "xinye"], begin=True)
    _, events = act(state, A, "keep zhao_yun")
    state = table(hands={A: ["yi_shi_er_niao"]}, deck_top=["zhao_yun", "xinye"])
    _, events = act(state, A, "play yi_shi_er_niao")
    public = [e for e in events if e.public and e.text.key == "record.draw.count"]
    assert [english(e.text, NAMES, seat=B) for e in public] == ["Cao Cao draws 2 cards."]
    assert [english(e.text, NAMES, seat=A) for e in public] == ["You draw 2 cards."]
    private = [english(e.text, NAMES, seat=A) for e in events if e.seats == (A,)]
    # a card's facts hold commas: the list's separator is one no name contains
    assert private == ["You draw Zhao Yun (趙雲) (force 9); Xinye (新野) "
                       "(medium city, cost 6元, 2 walls, 6 points)."]


def test_other_languages_need_no_person():
    drew = msg("record.draw.count", who=Seat(A), count=2)
    assert english(drew, NAMES, seat=A, locale="ko") == "Cao Cao: 카드 2장을 뽑습니다."
    assert english(drew, NAMES, seat=A, locale="zh-TW") == "Cao Cao抽取 2 張卡牌。"
    assert english(drew, NAMES, seat=A, locale="ja") == "Cao Caoはカードを 2 枚引きます。"


def test_a_private_draw_names_nothing_when_nothing_is_drawn():
    assert english(you_draw(A, []).text) == "You draw nothing."


def test_terms_read_in_the_readers_language():
    said = msg("record.refuse.not_in_play", city=Term("record.city.luoyang"))
    assert english(said, locale="ko") == "낙양(洛陽)은 게임에 나와 있는 성이 아닙니다."
    assert english(said, locale="zh-CN") == "洛阳不是场上的城池。"
    assert t("record.stratagem.kong_cheng_ji", "ja") == "空城計（くうじょうけい）"


# -- whole games -------------------------------------------------------------------------------
@pytest.mark.parametrize("locale", ["ko", "ja", "zh-CN", "zh-TW"])
async def test_a_whole_three_player_game_reads_without_english(gm, locale):
    """Issue 14: what each table option does is among what the players read, and no
    English run anywhere."""
    await reads_without_english(gm, "record", 3, locale, seed=1)


async def test_a_whole_game_in_traditional_chinese_uses_the_rulebooks_words(gm):
    texts = "\n".join(await whole_game_texts(gm, "record", 3, "zh-TW", seed=2))
    assert english_runs(texts) == []
    for word in ("軍師", "君主", "回合", "行動"):
        assert word in texts


# -- every text of the catalog, and the scenes a short game rarely reaches ---------------------
@pytest.mark.parametrize("locale", ["ko", "ja", "zh-CN", "zh-TW"])
def test_no_record_text_has_an_english_run(locale):
    assert catalog_runs("record", locale) == {}


def read_all(state: dict, moves: list[tuple[int, str]]) -> list:
    """Play the moves, gathering every message a player reads on the way: events, prompts,
    labels, summaries, and a refusal of a move that does not fit."""
    said: list = []
    for seat, move in moves:
        said.append(GAME.prompt(state, seat))
        said += [a.label for a in GAME.legal_actions(state, seat)]
        said += summary(GAME.view(state, seat))
        with pytest.raises(GameError) as refused:
            GAME.apply(state, seat, Action.parse("fly away"))
        said.append(refused.value.message)
        state, events = act(state, seat, move)
        said += [e.text for e in events]
    return said + summary(GAME.view(state, None))


def scenes() -> list:
    """Attacks with stratagems on both sides, 空城計, 擒賊擒王, a battle fought lane by lane,
    the lords' and 洛陽's powers, and the general stratagems with their choices."""
    said: list = []
    fort = table(advisors_={A: "tian_feng", B: "zhuge_liang"}, coins={A: 15},
                 hands={A: ["zhao_yun", "hu_zhen", "fu_di_chou_xin"], B: ["kong_cheng_ji"]},
                 cities={B: [("xuchang", "guan_yu")]})
    said += read_all(fort, [(A, "attack xuchang"), (A, "general zhao_yun"),
                            (A, "stratagem fu_di_chou_xin"), (B, "defend kong_cheng_ji")])
    king = table(advisors_={A: "sima_yi", B: "li_ru"}, coins={A: 20},
                 hands={A: ["huang_zhong", "hu_zhen", "qin_zei_qin_wang"], B: ["yi_yi_dai_lao"]},
                 cities={B: [("chengdu", "guan_yu")]})
    said += read_all(king, [(A, "attack chengdu"), (A, "general huang_zhong"),
                            (A, "stratagem qin_zei_qin_wang"), (B, "defend yi_yi_dai_lao")])
    fight = table(coins={A: 20}, hands={A: ["meng_huo", "liu_shan"]},
                  cities={B: [("xiangyang", "hu_zhen")]})
    rig(fight, 20, 15, 10, 4, 2, 17, 13, 9, 1)
    said += read_all(fight, [(A, "attack xiangyang"), (A, "general meng_huo"),
                             (A, "arrange 10 20 15"), (B, "arrange 17 13 9"),
                             (A, "station meng_huo"), (A, "end")])
    lords = table(lords={A: "liu_bei", B: "yuan_shu"}, coins={A: 12, B: 3},
                  hands={A: ["tao_yuan_jie_yi", "xinye", "zhao_yun"]},
                  cities={A: [("luoyang", "lu_bu")]}, deck_top=["zhang_fei", "chaisang"],
                  deck_size=20)
    said += read_all(lords, [(A, "luoyang"), (A, "play tao_yuan_jie_yi"), (A, "take zhang_fei"),
                             (A, "liubei"), (A, "build xinye"), (A, "station zhao_yun")])
    ploys = table(advisors_={A: "zhuge_liang", B: "zhang_bao"}, coins={A: 9, B: 5},
                  hands={A: ["shun_shou_qian_yang", "zhao_yun"]},
                  cities={B: [("beihai", "lu_bu")]})
    said += read_all(ploys, [(A, "play shun_shou_qian_yang"), (A, "target 2")])
    return said


@pytest.mark.parametrize("locale", ["ko", "ja"])
def test_battles_powers_and_ploys_read_without_english(locale):
    lines = [english(said, NAMES_IN[locale], seat, locale)
             for said in scenes() if said for seat in (None, A, B)]
    assert len(lines) > 300
    assert sorted({run for line in lines for run in english_runs(line)}) == []

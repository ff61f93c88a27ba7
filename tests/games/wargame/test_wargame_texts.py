"""Every text of the wargame is a key of its catalogs, in five languages with the same
variables, and every area, nation and general of the data has its name (a Term)."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

from bot.i18n.catalog import LOCALES, CatalogError, check_pattern
from games.core.messages import msg
from games.wargame.data import designed
from games.wargame.game import PROMPTS, WargameGame
from tests.games.wargame.conftest import LOCALES as FOLDER
from tests.wording import english

ROOT = Path(__file__).resolve().parents[3]


def entries() -> dict[str, dict[str, str]]:
    merged: dict[str, dict[str, str]] = {}
    for path in sorted(FOLDER.glob("*.toml")):
        for key, texts in tomllib.loads(path.read_text(encoding="utf-8")).items():
            assert key not in merged, f"{key} twice"
            merged[key] = texts
    return merged


def test_every_key_has_five_locales_with_the_same_variables():
    problems = []
    for key, texts in entries().items():
        try:
            english_vars = check_pattern(key, "en", texts["en"])
            for locale in LOCALES:
                if not texts.get(locale, "").strip():
                    problems.append(f"{key}: no {locale}")
                elif check_pattern(key, locale, texts[locale]) != english_vars:
                    problems.append(f"{key} [{locale}]: other variables")
        except CatalogError as error:
            problems.append(str(error))
        problems += [f"{key}: unknown locale {x}" for x in set(texts) - set(LOCALES)]
    assert not problems, "\n".join(problems)


def test_every_key_the_engine_names_exists():
    keys = entries()
    named = []
    for path in sorted((ROOT / "games" / "wargame").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "msg" and node.args
                    and isinstance(node.args[0], ast.Constant)):
                named.append(node.args[0].value)
    named += list(PROMPTS.values())
    named += [f"wargame.end.reason.{r}" for r in
              ("sudden_death", "last_turn", "last_nation", "no_nation", "standings")]
    named += [f"wargame.score.{c}" for c in ("vp", "value", "big_cities", "troops")]
    named += ["wargame.marker.gozoku", "wargame.marker.relax", "wargame.roll.random_nation",
              "choice.game.wargame"]
    assert len(named) > 80
    assert sorted(set(named) - set(keys)) == []


def test_every_id_of_the_data_has_its_name_in_five_languages():
    keys = entries()
    data = designed()
    wanted = ([f"wargame.area.{a}" for a in data.areas]
              + [f"wargame.nation.{n}" for n in data.nations]
              + [f"wargame.general.{g}" for g in data.generals])
    missing = [k for k in wanted if k not in keys or set(keys[k]) != set(LOCALES)]
    assert missing == []
    assert keys["wargame.general.cao_cao"]["ja"] == "曹操（そうそう）"
    assert keys["wargame.general.zhuge_liang"]["ko"] == "제갈량(諸葛亮)"
    assert keys["wargame.area.luoyang"]["zh-CN"] == "洛阳"
    assert keys["wargame.area.wu"]["zh-TW"] == "吳"


def test_messages_read_in_each_language():
    from games.wargame.texts import area, general, nation
    said = msg("wargame.enter.joins", general=general("zhao_yun"), nation=nation("cao"),
               area=area("chenliu"))
    assert english(said) == "Zhao Yun joins Cao Cao (Wei) in Chenliu."
    assert english(said, locale="ja") == \
        "趙雲（ちょううん）が陳留（ちんりゅう）で曹操（魏）の武将になります。"
    assert english(msg("wargame.levy.base", area=area("chenliu"), count=1)) == \
        "Chenliu gains 1 troop."
    assert english(msg("wargame.levy.base", area=area("chenliu"), count=3)) == \
        "Chenliu gains 3 troops."


def test_a_whole_turn_of_texts_reads_without_english_in_japanese_and_korean():
    from tests.languages import english_runs
    game = WargameGame()
    state, events = game.begin(3, {}, 5)
    seen = [e.text for e in events]
    for _ in range(60):
        due = sorted(game.to_act(state))
        if not due:
            break
        seat = due[0]
        legal = game.legal_actions(state, seat)
        seen += [a.label for a in legal]
        seen.append(game.prompt(state, seat))
        best = max(legal, key=lambda a: game.action_score(game.view(state, seat), seat, a))
        state, events = game.apply(state, seat, best)
        seen += [e.text for e in events]
    seen += list(game.summary(game.view(state, None)))  # type: ignore[arg-type]
    for locale in ("ja", "ko"):
        for said in seen:
            text = english(said, ("甲", "乙", "丙"), None, locale)
            assert english_runs(text) == [], (locale, text)

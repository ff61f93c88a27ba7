"""The Tang catalogs (games/tang/locales) beyond the house's own check (tests/bot/i18n, which
reads every registered game's catalog: five locales, the same variables, Fluent reads each,
every key the code names literally): every key the engine builds from names exists, every
id of the data has its name in five locales, and every text words with sample values."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.i18n import LOCALES, Reader, catalog, words
from bot.i18n.catalog import check_pattern
from games.core.messages import Msg
from games.tang.data import load_data
from games.tang.model import COLORS
from games.tang.view import STAGES

ENGINE = Path(__file__).resolve().parents[3] / "games" / "tang"
TEXT_FUNCTIONS = {"log", "msg", "Msg"}
DATA = load_data()


def tang_catalog() -> dict[str, dict[str, str]]:
    return {key: texts for key, texts in catalog().items() if key.startswith("tang.")
            or key == "choice.game.tang"}


def named_keys() -> set[str]:
    keys = set()
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in TEXT_FUNCTIONS and node.args \
                    and isinstance(node.args[0], ast.Constant) \
                    and isinstance(node.args[0].value, str):
                keys.add(node.args[0].value)
    return keys


# The rules that prompt_of words by the rule's name alone (no stages, no window or card).
ONE_PROMPT = ("pick", "swap", "color", "capital", "claim", "armies", "turn", "extra", "relocate",
              "give", "lure")


def built_keys() -> set[str]:
    """Keys the engine builds from names (cards, skills, dice, phases, windows, prompts)."""
    keys = {f"tang.play.{j}" for j, info in DATA.jinnang.items() if info["window"] != "RESPONSE"}
    keys |= {f"tang.use.{s}" for s in ("mushi", "jiebing", "yiqi", "xiying", "shuofang",
                                       "jinjian", "koumi", "fanfu", "xianjian")}
    keys |= {f"tang.die.{d}" for d in ("a1", "a2", "d1", "d2")}
    keys |= {f"tang.phase.{p}" for p in ("setup", "supply", "action", "over")}
    keys |= {f"tang.window.{w}" for w in ("SUPPLY_START", "SUPPLY_END", "ACTION_START",
                                          "ACTION_END")}
    keys |= {f"tang.prompt.{rule}.{stage}" for rule, stages in STAGES.items() for stage in stages}
    keys |= {f"tang.prompt.{rule}" for rule in ONE_PROMPT}
    keys |= {"tang.log.camps_on", "tang.log.camps_off", "tang.action.end", "tang.action.idle"}
    keys |= {f"tang.score.{c}" for c in ("cities", "special", "luoyang", "minsheng", "own",
                                         "final_tenths")}
    return keys


def test_every_key_the_engine_names_exists():
    missing = sorted((named_keys() | built_keys()) - set(tang_catalog()))
    assert not missing, missing


def test_t0_every_id_of_the_data_has_its_name_in_five_locales():
    names = [f"tang.city.{c}" for c in DATA.cities] + [f"tang.region.{r}" for r in DATA.regions]
    names += [f"tang.character.{c}" for c in DATA.characters]
    names += [f"tang.skill.{(c['skill'] or c['anlushan']['general_effect'])['id']}"
              for c in DATA.characters.values()]
    names += [f"tang.card.{j}" for j in DATA.jinnang] + [f"tang.nation.{n['id']}"
                                                          for n in DATA.raw["nationalities"]]
    names += [f"tang.color.{c}" for c in COLORS] + ["choice.game.tang"]
    texts = tang_catalog()
    for key in names:
        assert key in texts, key
        assert all(texts[key].get(locale) for locale in LOCALES), key
    assert texts["tang.city.luoyang"]["zh-CN"] == "洛阳"
    assert texts["tang.city.luoyang"]["ko"] == "낙양(洛陽)"
    assert texts["tang.character.an_lushan"]["zh-TW"] == "安祿山"


@pytest.mark.parametrize("locale", LOCALES)
def test_every_text_words_with_sample_values(locale):
    for key, texts in tang_catalog().items():
        variables = check_pattern(key, "en", texts["en"])
        for value in (1, 2):
            assert words(Msg(key, {v: value for v in variables}), Reader(locale))

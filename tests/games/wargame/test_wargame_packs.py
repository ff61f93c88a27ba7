"""Data packs (games/core/packs.py): a group's own data text of the shipped format is
validated by `load_data`, summarised for the server's pack list, frozen into a table's
`pack` option and played; a broken one is refused naming the entry at fault."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.tools.simulate import check_state
from games.core.errors import IllegalAction
from games.core.packs import PackError
from games.wargame.data import DATA_FILE, data_for
from games.wargame.game import WargameGame

GAME = WargameGame()


def designed_raw() -> dict[str, Any]:
    return json.loads(DATA_FILE.read_text(encoding="utf-8"))


def printed() -> str:
    """A group's pack: the designed data with its own title and 趙雲's printed valour."""
    raw = designed_raw()
    raw["title"] = "Our printed box"
    zhao = next(g for g in raw["generals"] if g["id"] == "zhao_yun")
    zhao["valour"] = 5 if zhao["valour"] != 5 else 4
    return json.dumps(raw, ensure_ascii=False)


def test_a_valid_pack_is_summarised_with_its_changes():
    summary = GAME.packs.summary(printed(), "ours.json")
    assert summary.title == "Our printed box" and len(summary.hash) == 12
    assert summary.counts["areas"] == 59 and summary.counts["generals"] == 129
    assert summary.changed == {"areas": 0, "nations": 0, "generals": 1, "cards": 0,
                               "scenarios": 0}
    assert "GM team" in summary.provenance


def test_a_valid_pack_plays_with_its_own_values():
    text = printed()
    state = GAME.setup(3, {"scenario": "S2", "pack": text}, 5)
    assert state["options"]["pack"] == text  # frozen into the table's options
    valour = data_for(state["options"]).generals["zhao_yun"]["valour"]
    assert valour != data_for({}).generals["zhao_yun"]["valour"]
    rnd = random.Random(5)
    for _ in range(150):
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, rnd.choice(GAME.legal_actions(state, seat)))
        check_state(GAME, state, 3)
    assert state["turn"] >= 1


def test_a_broken_pack_is_refused_naming_the_entry():
    raw = designed_raw()
    raw["sides"][0]["b"] = "atlantis"
    first = raw["sides"][0]["a"]
    with pytest.raises(PackError, match=f"side {first}-atlantis: unknown area"):
        GAME.packs.summary(json.dumps(raw), "broken.json")
    with pytest.raises(IllegalAction) as refused:
        GAME.setup(3, {"pack": json.dumps(raw)}, 1)
    assert refused.value.message.key == "wargame.refuse.pack_unusable"
    assert "atlantis" in str(refused.value.message.params["error"])


def test_a_pack_that_is_not_json_is_refused_naming_the_line():
    with pytest.raises(PackError, match="broken.json: line 2: not JSON"):
        GAME.packs.summary('{\n  "format": ,\n}', "broken.json")


def test_a_pack_without_the_chosen_scenario_is_refused():
    raw = designed_raw()
    raw["scenarios"] = [s for s in raw["scenarios"] if s["id"] != "S3"]
    with pytest.raises(IllegalAction) as refused:
        GAME.setup(3, {"scenario": "S3", "pack": json.dumps(raw)}, 1)
    assert refused.value.message.key == "wargame.refuse.pack_scenario"


def test_no_pack_is_the_designed_data():
    assert GAME.resolve_options({})["pack"] is None
    assert GAME.resolve_options({"pack": ""})["pack"] is None
    with pytest.raises(IllegalAction):
        GAME.resolve_options({"pack": 3})

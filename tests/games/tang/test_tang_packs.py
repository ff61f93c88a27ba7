"""Data packs for Tang (spec T0, MISS; games/core/packs.py): a group's own data text of the
designed schema is validated by `load_data`, summarised for the server's pack list, frozen
into a table's `pack` option and played; a broken one is refused with its line and entry."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.service.models import Player
from bot.tools.simulate import play_game
from games.core.errors import IllegalAction
from games.core.packs import PackError
from games.tang import GAME
from games.tang.data import DATA_FILE
from games.tang.model import data_of

MOD, ALICE = Player(99, "Mod", is_moderator=True), Player(11, "Alice")


def designed_raw() -> dict[str, Any]:
    return json.loads(DATA_FILE.read_text(encoding="utf-8"))


def character(raw: dict[str, Any], cid: str) -> dict[str, Any]:
    return next(c for c in raw["characters"] if c["id"] == cid)


def printed() -> str:
    """A group's pack: the designed data re-serialised, its own title, 郭子仪 worth 4."""
    raw = designed_raw()
    raw["title"] = "Our prototype"
    character(raw, "guo_ziyi")["value"] = 4
    return json.dumps(raw, ensure_ascii=False, indent=1)


def test_t0_a_valid_pack_is_summarised_with_its_changes():
    summary = GAME.packs.summary(printed(), "ours.json")
    assert summary.title == "Our prototype" and len(summary.hash) == 12
    assert summary.counts == {"cities": 51, "regions": 11, "links": 89, "characters": 40,
                              "jinnang": 18}
    assert summary.changed == {"cities": 0, "regions": 0, "links": 0, "characters": 1,
                               "jinnang": 0}
    assert "Maaple" in summary.provenance


def test_t0_a_table_plays_a_whole_game_with_its_pack():
    text = printed()
    options = GAME.resolve_options({"pack": text})
    state, log = play_game(GAME, 3, options, 7, ["heuristic", "random", "heuristic"])
    assert state["options"]["pack"] == text  # frozen into the table's options
    assert data_of(state).value("guo_ziyi") == 4 and GAME.result(state) is not None
    assert len(log) > 100


async def test_t0_a_server_uploads_a_pack_and_a_new_table_freezes_its_text(gm):
    info = await gm.upload_pack(1, MOD, "tang", "ours", printed(), source="ours.json")
    assert info.title == "Our prototype" and info.changed["characters"] == 1
    table = await gm.new_game(game="tang", guild_id=1, channel_id=100, creator=ALICE,
                              options={"pack": "ours"}, seed=3)
    assert (await gm.repo.get_game(table.game_id)).options["pack"] == printed()
    assert table.options["pack"] == f"Our prototype ({info.hash})"


def test_t0_a_broken_pack_is_refused_naming_its_line_and_entry():
    raw = designed_raw()
    character(raw, "an_sishun")["value"] = 9
    text = json.dumps(raw, ensure_ascii=False, indent=1)
    begins = text.rindex("{", 0, text.index('"id": "an_sishun"'))  # where the entry begins
    line = text.count("\n", 0, begins) + 1
    with pytest.raises(PackError, match=f"line {line}: character an_sishun: value must be 1-5"):
        GAME.packs.summary(text, "broken.json")
    with pytest.raises(IllegalAction) as refused:
        GAME.setup(3, {"pack": text}, 1)
    assert refused.value.message.key == "tang.refuse.pack_unusable"
    assert "an_sishun" in str(refused.value.message.params["error"])


def test_t0_an_entry_without_a_field_is_named_with_the_field():
    raw = designed_raw()
    del raw["jinnang"][2]["count"]
    del raw["links"][4]["crossing"]
    text = json.dumps(raw, ensure_ascii=False, indent=1)
    with pytest.raises(PackError) as refused:
        GAME.packs.summary(text, "broken.json")
    told = str(refused.value)
    jinnang, link = raw["jinnang"][2]["id"], raw["links"][4]
    assert f"锦囊 {jinnang}: missing field(s) count" in told
    assert f"link {link['a']}-{link['b']}: missing field(s) crossing" in told
    assert "malformed" not in told


def test_t0_a_pack_that_is_not_json_is_refused_naming_the_line():
    with pytest.raises(PackError, match="(?s)broken.json: 1 problem.*line 2: not JSON"):
        GAME.packs.summary('{\n  "cities": ,\n}', "broken.json")

"""`/game pack upload|list|show|remove` and `/game new pack:`, served by the house for every
game that declares data packs (issue 31, item 5): the command tree, each refusal, and a Tang
and a wargame table opened on an uploaded pack that then play on its values."""

from __future__ import annotations

import json
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContext, locale_str
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import LOCALES, t
from cogs.packs import MAX_PACK_BYTES
from games.core import all_games, get_game
from games.tang.data import DATA_FILE as TANG_FILE
from games.tang.model import data_of
from games.wargame.data import DATA_FILE as WARGAME_FILE
from games.wargame.data import data_for
from tests.cogs.fake_discord import GUILD_ID
from tests.cogs.harness import ALICE, BOB, CARA, OWNER, Harness, Reply, Upload, User, served

PACK_GAMES = sorted(g.name for g in all_games() if g.packs is not None)
MOVES = 12  # enough for each table to act on its pack after the start


def tang_pack() -> str:
    """A group's Tang pack: the designed data, its own title, 郭子仪 worth 4."""
    raw = json.loads(TANG_FILE.read_text(encoding="utf-8"))
    raw["title"] = "Our prototype"
    next(c for c in raw["characters"] if c["id"] == "guo_ziyi")["value"] = 4
    return json.dumps(raw, ensure_ascii=False, indent=1)


def wargame_pack() -> str:
    """A group's wargame pack: the designed data, its own title, 趙雲's printed valour."""
    raw = json.loads(WARGAME_FILE.read_text(encoding="utf-8"))
    raw["title"] = "Our printed box"
    zhao = next(g for g in raw["generals"] if g["id"] == "zhao_yun")
    zhao["valour"] = printed_valour()
    return json.dumps(raw, ensure_ascii=False)


def printed_valour() -> int:
    return 5 if data_for({}).generals["zhao_yun"]["valour"] != 5 else 4


async def upload(harness: Harness, cdn: dict[str, bytes], game: str, text: str, *,
                 by: User = OWNER, name: str = "ours") -> Reply:
    return await harness.invoke(by, "game pack upload", game=game, name=name,
                                file=served(cdn, f"{name}.json", text))


def command(harness: Harness, path: str) -> app_commands.Command[Any, ..., Any]:
    names = path.split()
    found: Any = harness.bot.tree.get_command(names[0])
    for name in names[1:]:
        found = found.get_command(name)
    assert isinstance(found, app_commands.Command), path
    return found


# -- the command tree ------------------------------------------------------------------------
async def test_game_holds_council_and_a_pack_group_within_discords_limits(harness):
    tree = harness.bot.tree
    game = tree.get_command("game")
    assert isinstance(game, app_commands.Group)
    assert len(game.commands) <= 25 and len(tree.get_commands()) <= 100
    pack = game.get_command("pack")
    assert isinstance(pack, app_commands.Group)
    assert sorted(c.name for c in pack.commands) == ["list", "remove", "show", "upload"]
    assert command(harness, "game council").parameters == []
    shapes = {"upload": ["game", "file", "name"], "list": ["game"], "show": ["game", "name"],
              "remove": ["game", "name"]}
    for name, params in shapes.items():
        found = command(harness, f"game pack {name}")
        assert [p.name for p in found.parameters] == params
        assert sorted(c.value for c in found.parameters[0].choices) == PACK_GAMES
        assert all(p.autocomplete == (p.name == "name" and name != "upload")
                   for p in found.parameters)
    new = {p.name: p for p in command(harness, "game new").parameters}
    assert new["pack"].autocomplete and not new["pack"].required


async def test_the_per_game_copies_are_gone(harness):
    tree = harness.bot.tree
    assert tree.get_command("tang") is None
    redux = tree.get_command("redux")
    assert isinstance(redux, app_commands.Group)
    assert sorted(c.name for c in redux.commands) == ["generals", "hand", "new", "share"]


async def test_the_game_choices_are_named_in_the_readers_language(harness):
    translator = harness.bot.tree.translator
    assert translator is not None
    for choice in command(harness, "game pack list").parameters[0].choices:
        for locale in LOCALES[1:]:
            context = TranslationContext(Where.choice_name, choice)
            named = await translator.translate(locale_str(choice.name), discord.Locale(locale),
                                               context)
            assert named == t(f"choice.game.{choice.value}", locale), (choice.value, locale)


# -- refusals --------------------------------------------------------------------------------
async def test_only_a_moderator_uploads_or_removes(harness, cdn):
    refused = await upload(harness, cdn, "tang", tang_pack(), by=ALICE)
    assert refused.ephemeral and "Only a moderator" in refused.text
    assert await harness.gm.pack_names(GUILD_ID, "tang") == []
    await upload(harness, cdn, "tang", tang_pack())
    removal = await harness.invoke(ALICE, "game pack remove", game="tang", name="ours")
    assert "Only a moderator" in removal.text
    assert await harness.gm.pack_names(GUILD_ID, "tang") == ["ours"]


async def test_a_file_too_big_or_not_utf8_is_refused_before_it_is_read(harness, cdn):
    big = served(cdn, "big.json", wargame_pack(), size=MAX_PACK_BYTES + 1)
    reply = await harness.invoke(OWNER, "game pack upload", game="wargame", file=big)
    assert reply.ephemeral and f"at most {MAX_PACK_BYTES:,}" in reply.text
    binary = Upload("map.json", b"\xff\xfe\x00")
    cdn[binary.url] = binary.data
    reply = await harness.invoke(OWNER, "game pack upload", game="wargame", file=binary)
    assert "`map.json` is not UTF-8" in reply.text
    assert await harness.gm.pack_names(GUILD_ID, "wargame") == []


async def test_a_pack_of_another_game_is_refused_by_this_games_schema(harness, cdn):
    reply = await upload(harness, cdn, "wargame", tang_pack())
    assert reply.ephemeral and "ours.json" in reply.text and "ready" not in reply.text
    assert await harness.gm.pack_names(GUILD_ID, "wargame") == []


async def test_an_unknown_pack_is_named_with_where_to_find_the_packs(harness, cdn):
    await upload(harness, cdn, "tang", tang_pack())
    for game, name in (("tang", "nope"), ("wargame", "ours")):  # ours is Tang's only
        shown = await harness.invoke(ALICE, "game pack show", game=game, name=name)
        assert f"no data pack named `{name}`" in shown.text
        assert f"/game pack list game:{game}" in shown.text
        opened = await harness.invoke(ALICE, "game new", game=game, pack=name)
        assert f"no data pack named `{name}`" in opened.text
    assert not harness.threads()


async def test_a_game_without_packs_says_so(harness):
    """`/game pack` offers only the games with packs; `/game new` offers every game."""
    opened = await harness.invoke(ALICE, "game new", game="record", pack="designed")
    assert "has no data packs" in opened.text and not harness.threads()


async def test_packs_are_offered_per_game(harness, cdn):
    await upload(harness, cdn, "tang", tang_pack())
    await upload(harness, cdn, "wargame", wargame_pack(), name="box")

    async def offered(path: str, game: str) -> list[str]:
        reply = await harness.autocomplete(ALICE, path, "pack" if "new" in path else "name",
                                           "", game=game)
        return [c["value"] for c in reply.choices]

    assert await offered("game new", "tang") == ["designed", "ours"]
    assert await offered("game new", "wargame") == ["designed", "box"]
    assert await offered("game new", "record") == []
    assert await offered("game pack show", "tang") == ["ours"]
    assert await offered("game pack remove", "wargame") == ["box"]
    listed = await harness.invoke(ALICE, "game pack list", game="wargame")
    assert "`designed`" in listed.text and "`box`" in listed.text and "`ours`" not in listed.text


# -- tables on an uploaded pack --------------------------------------------------------------
async def play_on(harness: Harness, game: str, pack: str, users: tuple[User, ...]) -> int:
    """`/game new game:<game> pack:<pack>`, the others join, the start, then typed moves of
    whoever is awaited (each their first legal action): the game id."""
    reply = await harness.invoke(users[0], "game new", game=game, pack=pack)
    assert "table is ready" in reply.text, reply.text
    thread = harness.threads()[-1]
    for user in users[1:]:
        await harness.invoke(user, "game join", where=thread)
    await harness.invoke(users[0], "game start", where=thread)
    game_id = await harness.gm.game_id_for_channel(thread)
    engine = get_game(game)
    for _ in range(MOVES):
        state = await harness.state(game_id)
        seat = min(engine.to_act(state))
        action = engine.legal_actions(state, seat)[0].text
        moved = await harness.invoke(users[seat], "move", where=thread, action=action)
        assert "You played" in moved.text, moved.text
    assert await harness.gm.verify(game_id)
    return game_id


async def test_a_tang_table_plays_on_the_uploaded_pack(harness, cdn):
    ready = await upload(harness, cdn, "tang", tang_pack())
    assert "`/game new game:tang pack:ours`" in ready.text and "characters: 1" in ready.text
    game_id = await play_on(harness, "tang", "ours", (ALICE, BOB, CARA))
    state = await harness.state(game_id)
    assert state["options"]["pack"] == tang_pack()  # frozen into the table's options
    assert data_of(state).value("guo_ziyi") == 4
    info = await harness.gm.pack(GUILD_ID, "tang", "ours")
    assert (await harness.gm.table(game_id)).options["pack"] == f"Our prototype ({info.hash})"


async def test_a_wargame_table_plays_on_the_uploaded_pack(harness, cdn):
    ready = await upload(harness, cdn, "wargame", wargame_pack(), name="box")
    assert "generals: 1" in ready.text
    game_id = await play_on(harness, "wargame", "box", (ALICE, BOB))
    await harness.invoke(OWNER, "game pack remove", game="wargame", name="box")
    state = await harness.state(game_id)
    assert data_for(state["options"]).generals["zhao_yun"]["valour"] == printed_valour()
    assert state["options"]["pack"] == wargame_pack()  # a removed pack stays in its games

"""One language per reader (issue 27, item 4): what the service words for one player (their
prompt, its choices, their secret lines, their private view) follows that player's language,
their `/me language`, else the client they act from, else the one their client last showed,
while the public lines follow the server's (unset here: English)."""

from __future__ import annotations

import re

from bot.service import GameMaster
from bot.service.base import started_state
from bot.service.models import Player, Update
from games.core import get_game, make_agent
from tests.languages import english_runs

GUILD = 5
KO = Player(21, "关羽", locale="ko")  # a name in Han: no Hangul in Chinese text
ZH = Player(22, "刘备", locale="zh-CN")
PLAYERS = {p.user_id: p for p in (KO, ZH)}
RECORD = get_game("record")
HANGUL = re.compile(r"[\uac00-\ud7a3]")
HAN = re.compile(r"[\u4e00-\u9fff]")


def reads_as(text: str, locale: str) -> bool:
    """Korean text has Hangul; Simplified Chinese has Han characters and no Hangul; neither
    holds a sentence of English."""
    if english_runs(text):
        return False
    return bool(HANGUL.search(text)) if locale == "ko" else bool(
        HAN.search(text)) and not HANGUL.search(text)


async def record_table(gm: GameMaster) -> int:
    """A started Record table of the Korean and the Chinese player; the server chose no
    language. The Chinese player's client was seen once (they opened the table)."""
    await gm.settings.seen_client(ZH.user_id, ZH.locale)
    table = await gm.new_game(game="record", guild_id=GUILD, channel_id=100, creator=ZH,
                              seed=3)
    await gm.join(table.game_id, KO)
    await gm.start(table.game_id, ZH)
    return table.game_id


async def next_move(gm: GameMaster, game_id: int, version: int) -> tuple[Player, str]:
    loaded = await gm.repo.load_game(game_id)
    state = started_state(loaded.record)
    seat = min(RECORD.to_act(state))
    user_id = loaded.seats[seat].user_id
    assert user_id is not None
    return PLAYERS[user_id], make_agent("heuristic", seed=version).choose(
        RECORD, state, seat).text


async def test_the_prompt_and_every_choice_speak_the_clients_language(gm):
    game_id = await record_table(gm)
    for player in (KO, ZH):
        prompt = await gm.turn_prompt(game_id, player)
        if prompt is None:
            continue
        assert reads_as(prompt.text, player.locale or "")
        assert all(reads_as(str(a.label), player.locale or "") for a in prompt.actions
                   if a.label)
        return
    raise AssertionError("nobody is awaited at the start")


async def test_secret_lines_speak_each_readers_client_the_thread_the_servers(gm):
    """The actor's lines follow the client they clicked in; another player's, read later in
    a DM or `/game log`, the client they were last seen with."""
    game_id = await record_table(gm)
    await gm.settings.seen_client(KO.user_id, KO.locale)
    told: dict[tuple[int, bool], list[str]] = {}
    public: list[str] = []
    for version in range(60):
        player, move = await next_move(gm, game_id, version)
        # the player acts from a client the service knows only through `Player.locale`
        update: Update = await gm.act(game_id, player, move)
        public += update.public
        for private in update.private:
            told.setdefault((private.user_id, private.user_id == player.user_id),
                            []).extend(private.lines)
    assert {(KO.user_id, True), (ZH.user_id, True)} <= told.keys()
    assert {(KO.user_id, False), (ZH.user_id, False)} & told.keys()
    for (user_id, _), lines in told.items():
        assert all(reads_as(line, PLAYERS[user_id].locale or "") for line in lines), lines
    assert public and not any(HANGUL.search(line) for line in public)
    assert any(english_runs(line) for line in public)


async def test_the_private_view_follows_the_client_unless_a_language_was_chosen(gm):
    game_id = await record_table(gm)
    assert reads_as(await gm.private_text(game_id, KO), "ko")
    await gm.settings.set_user(KO.user_id, language="zh-CN")
    assert reads_as(await gm.private_text(game_id, KO), "zh-CN")


async def test_menu_helps_say_what_each_kind_does_in_the_readers_words(gm):
    """Issue 27, item 7: a menu option's description is a help from the game's catalog
    (`<game>.help.<kind>`) in the reader's language, for the kinds offered, never the
    typed form of the move."""
    table = await gm.new_game(game="tang", guild_id=GUILD, channel_id=100, creator=ZH,
                              seed=3)
    await gm.join(table.game_id, KO)
    await gm.start(table.game_id, ZH)
    helped = 0
    for version in range(40):
        for player in (KO, ZH):
            prompt = await gm.turn_prompt(table.game_id, player)
            if prompt is None:
                continue
            assert set(prompt.helps) <= {a.kind for a in prompt.actions}
            for help_ in prompt.helps.values():
                assert reads_as(help_, player.locale or "")
                assert not any(a.text in help_ for a in prompt.actions)
            helped += bool(prompt.helps)
            record = await gm.repo.get_game(table.game_id)
            move = make_agent("heuristic", seed=version).choose(
                get_game("tang"), started_state(record), prompt.seat)
            await gm.act(table.game_id, player, move.text)
            break
    assert helped > 5

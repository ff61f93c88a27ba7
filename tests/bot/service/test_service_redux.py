"""The GameMaster's Redux additions: a server's data packs (upload, list, show, remove, frozen
into a game at creation) and the allies' council (who may hold it, when, and what may be
shared there)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.service import GameMaster
from bot.service.models import Player, ServiceError

ALICE, BOB, CARA = Player(11, "Alice"), Player(12, "Bob"), Player(13, "Cara")
MOD = Player(99, "Mod", is_moderator=True)
GUILD = 1
DESIGNED = (Path(__file__).parents[3] / "games" / "redux" / "data" / "designed.json")


def designed_text() -> str:
    return DESIGNED.read_text(encoding="utf-8")


def printed_text(jia_xu_admin: int = 4) -> str:
    """The designed pack with one printed correction: Jia Xu's Admin."""
    pack = json.loads(designed_text())
    jia_xu = next(g for g in pack["generals"] if g["id"] == "wei.jia_xu")
    jia_xu["admin"] = jia_xu_admin
    pack["name"] = "Our printed cards"
    return json.dumps(pack, ensure_ascii=False, indent=2)


def broken_text() -> tuple[str, int]:
    """A pack with an ability outside the vocabulary, and the line that holds it."""
    pack = json.loads(designed_text())
    pack["generals"][17]["abilities"][0]["kind"] = "charge"
    text = json.dumps(pack, ensure_ascii=False, indent=2)
    line = next(n for n, row in enumerate(text.splitlines(), start=1) if '"charge"' in row)
    return text, line


async def test_a_moderator_uploads_a_pack_and_reads_its_summary(gm):
    info = await gm.upload_pack(GUILD, MOD, "redux", "printed", printed_text(),
                                source="printed.json")
    assert (info.name, info.title) == ("printed", "Our printed cards")
    assert info.counts == {"generals": 69, "cards": 42, "regions": 15}
    assert info.changed == {"generals": 1, "cards": 0, "regions": 0}
    assert len(info.hash) == 12 and info.provenance and info.uploaded_by == MOD.user_id
    assert await gm.packs(GUILD, "redux") == [info]
    assert await gm.pack(GUILD, "redux", "printed") == info
    assert await gm.pack_names(GUILD, "redux") == ["printed"]
    assert await gm.packs(GUILD + 1, "redux") == []
    audit = await gm.repo.audit_log(guild_id=GUILD)
    assert (audit[0].what, audit[0].detail) == ("pack_upload",
                                                {"name": "printed", "hash": info.hash})


async def test_the_designed_pack_uploaded_as_is_changes_nothing(gm):
    info = await gm.upload_pack(GUILD, MOD, "redux", "copy", designed_text())
    assert info.changed == {"generals": 0, "cards": 0, "regions": 0}


async def test_a_player_who_is_not_a_moderator_cannot_upload_or_remove(gm):
    with pytest.raises(ServiceError, match="moderator"):
        await gm.upload_pack(GUILD, ALICE, "redux", "printed", printed_text())
    await gm.upload_pack(GUILD, MOD, "redux", "printed", printed_text())
    with pytest.raises(ServiceError, match="moderator"):
        await gm.remove_pack(GUILD, ALICE, "redux", "printed")
    assert await gm.pack_names(GUILD, "redux") == ["printed"]


async def test_a_bad_pack_is_refused_with_its_file_and_line_and_nothing_is_stored(gm):
    text, line = broken_text()
    with pytest.raises(ServiceError) as refused:
        await gm.upload_pack(GUILD, MOD, "redux", "broken", text, source="broken.json")
    assert f"broken.json line {line}" in str(refused.value)
    assert '"charge"' in str(refused.value)
    with pytest.raises(ServiceError, match="line 1"):
        await gm.upload_pack(GUILD, MOD, "redux", "broken", "{not json", source="broken.json")
    assert await gm.packs(GUILD, "redux") == []


@pytest.mark.parametrize("name", ["designed", "Designed", "two words", "yes", "7up", "", "x" * 41])
async def test_pack_names_must_be_typable_as_an_option(gm, name):
    with pytest.raises(ServiceError):
        await gm.upload_pack(GUILD, MOD, "redux", name, printed_text())
    assert await gm.packs(GUILD, "redux") == []


async def test_uploading_under_a_known_name_replaces_the_pack(gm):
    first = await gm.upload_pack(GUILD, MOD, "redux", "printed", printed_text(4))
    second = await gm.upload_pack(GUILD, MOD, "redux", "printed", printed_text(3))
    assert first.hash != second.hash
    assert [p.hash for p in await gm.packs(GUILD, "redux")] == [second.hash]


async def test_removing_a_pack(gm):
    await gm.upload_pack(GUILD, MOD, "redux", "printed", printed_text())
    await gm.remove_pack(GUILD, MOD, "redux", "printed")
    assert await gm.packs(GUILD, "redux") == []
    with pytest.raises(ServiceError, match="no data pack named `printed`"):
        await gm.remove_pack(GUILD, MOD, "redux", "printed")
    with pytest.raises(ServiceError, match="no data pack named `printed`"):
        await gm.pack(GUILD, "redux", "printed")
    assert (await gm.repo.audit_log(guild_id=GUILD))[0].what == "pack_remove"


async def test_a_new_table_freezes_the_packs_text_into_its_options(gm):
    await gm.upload_pack(GUILD, MOD, "redux", "printed", printed_text())
    table = await gm.new_game(game="redux", guild_id=GUILD, channel_id=100, creator=ALICE,
                              options={"pack": "printed"}, seed=3)
    record = await gm.repo.get_game(table.game_id)
    assert record.options["pack"] == printed_text()
    pack_hash = (await gm.pack(GUILD, "redux", "printed")).hash
    assert table.options["pack"] == f"Our printed cards ({pack_hash})"


async def test_the_designed_pack_is_the_default_and_unknown_packs_are_refused(gm):
    table = await gm.new_game(game="redux", guild_id=GUILD, channel_id=100, creator=ALICE,
                              options={"pack": "designed"}, seed=3)
    assert (await gm.repo.get_game(table.game_id)).options["pack"] is None
    assert table.options["pack"] == "designed"
    with pytest.raises(ServiceError, match="no data pack named `nope`"):
        await gm.new_game(game="redux", guild_id=GUILD, channel_id=100, creator=ALICE,
                          options={"pack": "nope"})
    await gm.upload_pack(GUILD, MOD, "redux", "printed", printed_text())
    with pytest.raises(ServiceError, match="no data pack named `printed`"):
        await gm.new_game(game="redux", guild_id=GUILD + 1, channel_id=100, creator=ALICE,
                          options={"pack": "printed"})


async def test_game_status_names_the_pack_the_game_runs_on(gm):
    info = await gm.upload_pack(GUILD, MOD, "redux", "printed", printed_text())
    game_id = await three_humans(gm, options={"pack": "printed"})
    await gm.start(game_id, ALICE)
    assert f"Data: the data pack “Our printed cards” ({info.hash})" in await gm.status_text(game_id)


# -- seat views and the allies' council ------------------------------------------------------
async def three_humans(gm: GameMaster, *, others: tuple[Player | None, ...] = (BOB, CARA),
                       **kwargs) -> int:
    """Alice's table with the others seated in order (None: an AI seat)."""
    table = await gm.new_game(game="redux", guild_id=GUILD, channel_id=100, creator=ALICE,
                              seed=5, **kwargs)
    for player in others:
        if player is None:
            await gm.add_ai(table.game_id, ALICE)
        else:
            await gm.join(table.game_id, player)
    return table.game_id


async def at_alliance_step(gm: GameMaster, others: tuple[Player | None, ...] = (BOB, CARA)
                           ) -> tuple[int, dict]:
    """Everyone picks; returns the game and its public view at the alliance choice."""
    game_id = await three_humans(gm, others=others)
    await gm.start(game_id, ALICE)
    for player in (ALICE, *others):
        view = (await gm.seat_view(game_id, None)).view
        if view["step"] == "alliance":
            return game_id, view
        if player is not None and await gm.turn_prompt(game_id, player) is not None:
            await gm.act(game_id, player, (await gm.legal_actions(game_id, player))[0].text)
    view = (await gm.seat_view(game_id, None)).view
    assert view["step"] == "alliance"
    return game_id, view


def seated(view: dict, seats: list[int]) -> list[Player]:
    return [(ALICE, BOB, CARA)[s] for s in seats]


async def test_a_seat_view_shows_the_hand_only_to_its_owner(gm):
    game_id = await three_humans(gm)
    await gm.start(game_id, ALICE)
    own = await gm.seat_view(game_id, BOB)
    public = await gm.seat_view(game_id, None)
    hand = own.view["players"][1]["hand"]
    assert own.seat == 1 and hand
    assert any(card["requires"] for card in hand)  # from the frozen pack, for choosing a build
    assert public.seat is None and "hand" not in public.view["players"][1]
    with pytest.raises(ServiceError, match="no seat"):
        await gm.seat_view(game_id, Player(77, "Stranger"))


async def test_only_the_allies_hold_a_council_and_only_while_the_alliance_is_chosen(gm):
    game_id = await three_humans(gm)
    await gm.start(game_id, ALICE)
    with pytest.raises(ServiceError, match="not now"):
        await gm.council(game_id, ALICE)
    game_id, view = await at_alliance_step(gm)
    allies = seated(view, view["alliance"]["allies"])
    outsider = next(p for p in (ALICE, BOB, CARA) if p not in allies)
    with pytest.raises(ServiceError, match="Only this round's allies"):
        await gm.council(game_id, outsider)
    council = await gm.council(game_id, allies[0])
    assert [s.user_id for s in council.allies] == [p.user_id for p in allies]
    assert council.chooser.seat == view["alliance"]["chooser"] and council.thread_id is None
    assert council.channel_id == 100 and council.purpose == f"council {view['round']}"
    opened = await gm.open_council(game_id, allies[0], thread_id=555)
    assert opened.thread_id == 555
    assert (await gm.council(game_id, allies[1])).thread_id == 555
    assert (await gm.repo.audit_log(game_id=game_id))[0].what == "council"


async def test_a_council_opened_twice_at_once_keeps_the_first_thread(gm):
    """Two processes may both open a thread for one council; the first recorded stands,
    and the second opener is told it, to point its own thread there."""
    game_id, view = await at_alliance_step(gm)
    allies = seated(view, view["alliance"]["allies"])
    first = await gm.open_council(game_id, allies[0], thread_id=555)
    second = await gm.open_council(game_id, allies[1], thread_id=556)
    assert first.thread_id == second.thread_id == 555
    assert (await gm.council(game_id, allies[1])).thread_id == 555


async def test_an_ally_shares_their_view_only_in_the_council_under_way(gm):
    game_id, view = await at_alliance_step(gm)
    allies = seated(view, view["alliance"]["allies"])
    outsider = next(p for p in (ALICE, BOB, CARA) if p not in allies)
    with pytest.raises(ServiceError, match="only in your allies' council"):
        await gm.shared_view(555, allies[0], "redux")
    await gm.open_council(game_id, allies[0], thread_id=555)
    shared = await gm.shared_view(555, allies[1])
    seat = view["alliance"]["allies"][1]
    assert shared.seat == seat and "hand" in shared.view["players"][seat]
    with pytest.raises(ServiceError, match="Only the two allies"):
        await gm.shared_view(555, outsider)
    chooser = (ALICE, BOB, CARA)[view["alliance"]["chooser"]]
    await gm.act(game_id, chooser, (await gm.legal_actions(game_id, chooser))[0].text)
    with pytest.raises(ServiceError, match="council is over"):
        await gm.shared_view(555, allies[1])


async def test_the_chooser_is_told_of_the_council_unless_the_ally_is_an_ai(gm):
    game_id, view = await at_alliance_step(gm)
    chooser = (ALICE, BOB, CARA)[view["alliance"]["chooser"]]
    assert "/game council" in (await gm.turn_prompt(game_id, chooser)).text
    game_id, view = await at_alliance_step(gm, others=(None, CARA))
    assert view["alliance"] == {**view["alliance"], "allies": [1, 2], "chooser": 2}
    assert "/game council" not in (await gm.turn_prompt(game_id, CARA)).text
    with pytest.raises(ServiceError, match="an AI does not consult"):
        await gm.council(game_id, CARA)

"""Private views by token: a seat's token opens that seat's view of that game and nothing
else; a forged, altered, expired or revoked one is refused; public ids are not guessable."""

from __future__ import annotations

import pytest

from bot.i18n import t
from bot.web.links import LINK_SECONDS, game_of, public_id, read_token, seat_token
from tests.web.conftest import ANN, BO, SECRET, Served, started_record


async def state_with(served: Served, token: str, public: str | None = None) -> tuple[int, dict]:
    answer = await served.client.get(f"/api/g/{public or served.public}/state?t={token}")
    return answer.status, (await answer.json() if answer.status == 200 else {})


async def test_a_token_opens_its_own_seats_view(served: Served):
    status, state = await state_with(served, await served.token(ANN))
    assert status == 200
    mine = state["private"]
    assert mine["seat"] == 0 and mine["name"] == "Ann"
    assert mine["text"] == (await served.gm.private_text(served.game_id, ANN, "en")).replace(
        "**", "")
    assert mine["view"] == (await served.gm.seat_view(served.game_id, ANN)).view
    assert state["view_note"] == t("web.private_view", "en", name="Ann")
    _, bo = await state_with(served, await served.token(BO))
    assert bo["private"]["seat"] == 1 and bo["private"]["view"] != mine["view"]


async def test_a_token_draws_the_parts_from_its_seats_view(served: Served):
    token = await served.token(ANN)
    answer = await served.client.get(served.api(f"board.png?part=hand&t={token}"))
    assert await answer.read() == await served.gm.board_png(served.game_id, "en", "hand", ANN)


async def test_a_token_never_opens_another_game(served: Served):
    other = await started_record(served.gm, channel=11)
    token = await served.token(ANN, other)  # Ann's own token, for her seat in another game
    status, _ = await state_with(served, token)
    assert status == 403
    assert (await state_with(served, token, public_id(SECRET, other)))[0] == 200


def altered(token: str, index: int, value: str) -> str:
    fields = token.split(".")
    fields[index] = value
    return ".".join(fields)


async def test_an_altered_or_forged_token_is_refused(served: Served):
    token = await served.token(ANN)
    claim = read_token(token)
    assert claim is not None
    forged = [
        altered(token, 1, "1"),  # Bo's seat, with Ann's MAC
        altered(token, 2, "2"),  # Bo's user id
        altered(token, 3, str(claim.expiry + 1)),  # a longer life
        altered(token, 4, "A" * 32),  # a made-up MAC
        seat_token(b"another secret entirely, 32 chars", served.game_id, 0, 1,
                   claim.expiry, 0),
        "nonsense", "1.2.3", "",
    ]
    for bad in forged[:-1]:
        status, _ = await state_with(served, bad)
        assert status == 403, bad
        page = await served.client.get(f"/g/{served.public}?t={bad}")
        assert page.status == 403 and t("web.refused_title", "en") in await page.text()
        image = await served.client.get(served.api(f"board.png?part=hand&t={bad}"))
        assert image.status == 403
    assert (await state_with(served, ""))[0] == 200  # no token: the public view


async def test_a_token_of_another_seat_holder_is_refused(served: Served):
    """Bo's token names Bo at seat 2; once the seat is given to an AI it opens nothing."""
    token = await served.token(BO)
    moderator = type(ANN)(9, "Mod", is_moderator=True)
    await served.gm.replace(served.game_id, moderator, 1, None)
    assert (await state_with(served, token))[0] == 403


async def test_revoking_a_members_links_refuses_the_older_ones(served: Served):
    before = await served.token(ANN)
    generation = await served.gm.revoke_links(ANN.user_id)
    assert generation == 1 == await served.gm.link_generation(ANN.user_id)
    assert (await state_with(served, before))[0] == 403
    assert (await state_with(served, await served.token(ANN)))[0] == 200
    assert (await state_with(served, await served.token(BO)))[0] == 200  # Bo's stand


async def test_an_expired_token_is_refused(served: Served):
    token = await served.token(ANN)
    now = served.table.now
    served.table.now = lambda: now() + LINK_SECONDS + 1
    assert (await state_with(served, token))[0] == 403


@pytest.mark.parametrize("game_id", [1, 2, 12345, 10**15])
def test_a_public_id_is_the_games_only_with_its_mac(game_id):
    public = public_id(SECRET, game_id)
    assert game_of(SECRET, public) == game_id
    assert game_of(b"another secret, at least 16", public) is None
    assert game_of(SECRET, str(game_id)) is None
    assert game_of(SECRET, public[:-1] + ("A" if public[-1] != "A" else "B")) is None
    assert game_of(SECRET, f"{game_id + 1}-{public.split('-')[1]}") is None

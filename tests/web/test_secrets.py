"""The web table leaks nothing, checked like the engines' views (bot/tools/simulate.py): a
whole game of each of the five games, its first seat played by the heuristic AI through the
service as a member would, the others AI seats; at sampled steps the public page's HTML and
JSON hold no seat's secret (`Game.secrets`), and the first seat's token JSON holds its own
secrets and no other seat's. The public board is drawn from `view(state, None)` by the
service (`board_png`), so the images follow from what the service is given."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.app import build_app
from bot.service import GameMaster, Player
from bot.web.links import public_id
from bot.web.server import make_web_app
from bot.web.table import TABLE, WebConfig
from games.core import Game, all_games, get_game, make_agent
from storage import SqliteRepository

SECRET = b"the secrets test's own secret, 32+"
HOST = Player(1, "Ann")
EVERY = 10  # the host's decisions between two checked steps
MAX_DECISIONS = 5_000


def seats_for(game: Game) -> int:
    return min(max(3, game.min_players), game.max_players)


def shown(secret: object, text: str) -> bool:
    """A secret is an id (a card, a general, an objective): found as a JSON string, or as a
    word of a text (not inside a longer id)."""
    word = re.escape(str(secret))
    return re.search(rf"(?<![\w.:#]){word}(?![\w.:#])", text) is not None


async def decide(gm: GameMaster, game_id: int, engine: Game, seed: int) -> bool:
    """The host's next decision, as the heuristic AI takes it; False once none is owed."""
    if (await gm.table(game_id)).status != "running":
        return False
    prompt = await gm.turn_prompt(game_id, HOST)
    if prompt is None:
        return False
    if not prompt.actions:  # a window it can only let pass
        await gm.close_window(game_id, prompt.seat, expected_version=prompt.version)
        return True
    state = (await gm.repo.get_game(game_id)).state
    assert state is not None
    action = make_agent("heuristic", seed=seed).choose(engine, state, prompt.seat)
    await gm.act(game_id, HOST, action.text)
    return True


@pytest.mark.slow
@pytest.mark.parametrize("name", [g.name for g in all_games()])
async def test_the_page_shows_no_secret_but_the_token_holders_own(name, tmp_path: Path):
    engine = get_game(name)
    repo = SqliteRepository(tmp_path / "gm.sqlite3")
    await repo.open()
    try:  # a failed check must still close the database, whose thread outlives a test
        checked, own_seen, over = await play_checked(repo, engine)
    finally:
        await repo.close()
    assert over == "finished", f"{name}: the game did not end ({over})"
    assert checked >= 3, f"{name}: only {checked} steps were checked"
    if engine.name != "wargame":  # the wargame hides nothing from anyone
        assert own_seen, f"{name}: the token's view never showed its own secrets"


async def play_checked(repo: SqliteRepository, engine: Game) -> tuple[int, int, str]:
    """A whole game, checked every EVERY decisions of the host and at its end: how many
    steps were checked, how many own secrets the token showed, how the game stands."""
    gm = build_app(repo, render=False).gm
    table = await gm.new_game(game=engine.name, guild_id=None, channel_id=1, creator=HOST,
                              seed=11)
    for _ in range(seats_for(engine) - 1):
        await gm.add_ai(table.game_id, HOST)
    await gm.start(table.game_id, HOST)
    app = make_web_app(gm, WebConfig(SECRET, "https://table.example", burst=10**6,
                                     rate=10**6))
    web = app[TABLE]
    public = public_id(SECRET, table.game_id)
    token = (await web.private_link(table.game_id, HOST)).partition("?t=")[2]
    checked = own_seen = 0
    async with TestClient(TestServer(app)) as client:
        for decision in range(MAX_DECISIONS):
            if decision % EVERY == 0:
                own_seen += await check_step(client, gm, table.game_id, engine, public, token,
                                             history=checked % 5 == 0)
                checked += 1
            if not await decide(gm, table.game_id, engine, decision):
                break
        own_seen += await check_step(client, gm, table.game_id, engine, public, token,
                                     history=True)
        over = (await gm.table(table.game_id)).status
    return checked, own_seen, over


async def check_step(client: TestClient, gm: GameMaster, game_id: int, engine: Game,
                     public: str, token: str, history: bool) -> int:
    """Asserts the page and JSON of this step; returns how many own secrets the token's
    JSON showed."""
    state = (await gm.repo.get_game(game_id)).state
    assert state is not None
    secrets = engine.secrets(state)
    page = await (await client.get(f"/g/{public}")).text()
    seen = await (await client.get(f"/api/g/{public}/state")).text()
    mine = await (await client.get(f"/api/g/{public}/state?t={token}")).text()
    past = ""
    if history:  # a history step replays the game: checked at every fifth sample only
        middle = await gm.step_count(game_id) // 2
        past = await (await client.get(f"/api/g/{public}/state?step={middle}")).text()
    for owner, hidden in secrets.items():
        for secret in hidden:
            for what, text in (("page", page), ("public JSON", seen), ("history", past)):
                assert not shown(secret, text), f"seat {owner + 1}'s {secret} in the {what}"
            if owner != 0:
                assert not shown(secret, mine), f"seat {owner + 1}'s {secret} in seat 1's"
    return sum(shown(secret, mine) for secret in secrets.get(0, ()))

"""The announcer posts a battle image for every battle a change finished, read through the
engine contract (`Game.finished_battle`), and a board only when the phase changed."""

from __future__ import annotations

from bot.service.announce import Announcer, board_due, overview_data, reader_of, worded
from games.core import get_game, make_agent
from games.core.messages import Seat, msg
from storage import SeatRecord
from tests.games.tang.test_tang_scoring import finished, tx21

PNG = b"\x89PNG\r\n\x1a\n"


def first_finished_battle():
    """Play Record with AI seats until an action finishes a battle: (before, after)."""
    game = get_game("record")
    state = game.setup(3, game.default_options(), 11)
    agents = [make_agent("random", seed=seat) for seat in range(3)]
    while game.result(state) is None:
        seat = min(game.to_act(state))
        before = state
        state, _ = game.apply(state, seat, agents[seat].choose(game, state, seat))
        if game.finished_battle(state) not in (None, game.finished_battle(before)):
            return game, before, state
    raise AssertionError("a whole game without a battle")


async def test_a_finished_battle_is_drawn_and_the_board_waits_for_a_new_phase():
    game, before, after = first_finished_battle()
    seats = [SeatRecord(s, None, f"AI {s + 1}", "heuristic") for s in range(3)]
    announcer = Announcer()
    due = board_due(game, "phase", before, after, force=False)
    overview = overview_data(game, after, None) if due else None
    images = announcer.images(game, [(before, [], after)], overview)
    assert images[0].kind == "battle" and images[0].data == game.finished_battle(after)
    drawn = await announcer.draw(game.name, images, [s.name for s in seats], "en")
    names = [name for name, _ in drawn]
    assert names[0] == "battle-1.png" and all(data.startswith(PNG) for _, data in drawn)
    assert ("board.png" in names) == (game.phase(before) != game.phase(after))


async def test_a_change_without_a_new_battle_draws_no_battle():
    game, _, after = first_finished_battle()
    assert Announcer().images(game, [(after, [], after)], None) == []


def test_games_without_battle_images_report_none():
    for name in ("redux", "scythe"):
        game = get_game(name)
        state = game.setup(game.min_players, game.default_options(), 1)
        assert game.finished_battle(state) is None


def test_the_messages_of_a_view_are_worded_for_the_board():
    """The drawing kit reads no catalog: a message in a view (a result's reason, a label the
    engine put there) reaches it in the thread's language, with the players' names."""
    seats = [SeatRecord(0, 1, "Alice", None), SeatRecord(1, 2, "Bob", None)]
    view = {"result": {"reason": msg("engine.has_chosen", who=Seat(1)).to_json()},
            "labels": [msg("engine.seat", number=2).to_json(), "plain", 3]}
    assert worded(view, reader_of(seats, "ko")) == {
        "result": {"reason": "Bob: 선택을 마쳤습니다."}, "labels": ["2번 자리", "plain", 3]}


def _phases_and_rounds():
    """Record states of an AI game: a pair whose phase changed within a round, and a pair
    where the round changed."""
    game = get_game("record")
    state = game.setup(3, game.default_options(), 5)
    agents = [make_agent("heuristic", seed=seat) for seat in range(3)]
    within = across = None
    while (within is None or across is None) and game.result(state) is None:
        seat = min(game.to_act(state))
        before = state
        state, _ = game.apply(state, seat, agents[seat].choose(game, state, seat))
        if game.round(before) and game.phase(before) != game.phase(state):
            if game.round(before) == game.round(state):
                within = within or (before, state)
            else:
                across = across or (before, state)
    assert within and across
    return game, within, across


def test_a_board_is_due_by_the_tables_setting():
    game, (b1, a1), (b2, a2) = _phases_and_rounds()
    assert board_due(game, "phase", b1, a1, force=False)
    assert not board_due(game, "round", b1, a1, force=False)
    assert board_due(game, "round", b2, a2, force=False)
    assert not board_due(game, "request", b2, a2, force=False)
    assert not board_due(game, "phase", a1, a1, force=False)  # no new phase


def test_a_start_an_undo_and_the_end_always_post_a_board():
    game, (before, after), _ = _phases_and_rounds()
    assert board_due(game, "request", None, after, force=False)  # the start
    assert board_due(game, "request", before, after, force=True)  # an undo


def test_an_overview_marks_changes_since_the_last_one_posted():
    game, (before, after), _ = _phases_and_rounds()
    data = overview_data(game, after, None)
    assert data == {"view": game.view(after, None), "before": None,
                    "awaiting": sorted(game.to_act(after))}


def test_tang_t4_4_the_text_result_reads_each_final_score_as_the_board_does():
    """Tang's final score is a camp average (T4.4): the text gives each seat the result's
    own one-decimal words for it (`shown`, "21.5"), in the result's order, never the whole
    part alone ("21")."""
    game = get_game("tang")
    result = game.result(finished(tx21()))
    assert result is not None
    seats = [SeatRecord(s, None, f"AI {s + 1}", "heuristic") for s in range(4)]
    text = Announcer(render=False).result_text("tang", result.to_json(), seats, "en")
    lines = text.splitlines()[1:5]
    assert [line.split(" (")[0] for line in lines] == [
        "AI 1: **21.5**", "AI 4: **21.0**", "AI 3: **22.0**", "AI 2: **21.5**"]
    assert "final score ×10 215" in lines[0]

"""The three games draw every shuffle and random pick through games.core.chance: each is a
`chance` event in the log, a shuffle never shows the order, a card taken at random from a hidden
hand is named only to the seats that may see it, and a test fixes a draw with `force`."""

from __future__ import annotations

import json
from collections.abc import Iterable

import pytest

from games.core import CHANCE, Event, RandomAgent, force, get_game
from games.core.messages import said_json
from games.record import GAME as RECORD
from games.record import setup as record_setup
from games.record.data import CARDS as RECORD_CARDS
from games.record.data import term as record_term
from games.redux import GAME as REDUX
from games.redux import setup as redux_setup
from games.scythe import GAME as SCYTHE
from games.scythe import setup as scythe_setup
from tests.games.record.scenario import one, play
from tests.games.record.scenario import table as record_table


def _said(events: Iterable[Event]) -> str:
    """What the events say: their English words and their messages' keys and parameters (a
    name given as a catalog term shows there)."""
    return " ".join(f"{e.text} {json.dumps(said_json(e.text), ensure_ascii=False)}"
                    for e in events)


def _names(hidden: str) -> list[str]:
    """The ways a message can name a hidden thing: its id, and for a Record card its term
    and its printed name (but for a stratagem, whose copies share one name: another copy
    may be played in the open)."""
    if hidden in RECORD_CARDS and not hidden.startswith("stratagem:"):
        return [hidden, f'"{record_term(hidden).key}"', RECORD_CARDS[hidden]["zh"]]
    return [hidden]


def _setups() -> list[tuple[str, object, dict, list[Event]]]:
    record, record_events = record_setup.new_state(4, RECORD.default_options(), 5)
    redux, redux_events = redux_setup.new_state(REDUX.resolve_options({"nations": "random"}), 5)
    scythe, scythe_events = scythe_setup.new_state(3, SCYTHE.default_options(), 5)
    return [("record", RECORD, record, record_events), ("redux", REDUX, redux, redux_events),
            ("scythe", SCYTHE, scythe, scythe_events)]


@pytest.mark.parametrize("name, game, state, events", _setups(),
                         ids=["record", "redux", "scythe"])
def test_setup_tells_every_shuffle_without_showing_an_order_or_a_secret(name, game, state,
                                                                        events):
    shuffles = [e for e in events if e.kind == CHANCE and "shuffle" in str(e.text)]
    assert len(shuffles) >= 3
    assert all(e.public for e in shuffles)
    public = _said(e for e in events if e.public)
    secret = set().union(set(), *game.secrets(state).values())
    assert not [s for s in secret if any(n in public for n in _names(s))]
    for deck in state["decks"].values():
        cards = [n for c in deck for n in _names(str(c))]
        assert not any(c in _said([e]) for e in shuffles for c in cards)


def test_record_borrowing_arrows_takes_the_forced_card_and_names_it_to_the_two_seats_only():
    state = record_table(advisors_={0: "zhuge_liang", 1: "tian_feng"},
                         hands={0: ["cao_chuan_jie_jian"], 1: ["xinye", "zhao_yun", "tianshui"]})
    force(state, one("tianshui"), one("xinye"))
    state, events = play(state, (0, "play cao_chuan_jie_jian"), (0, "target 2"))  # 1-based
    assert state["players"][0]["hand"] == [one("tianshui"), one("xinye")]
    picks = [e for e in events if e.kind == CHANCE]
    assert [e.seats for e in picks] == [None, (0, 1), None, (0, 1)]
    assert "天水" not in _said(e for e in picks if e.public)
    assert "天水" in str(picks[1].text)


def test_record_an_assassination_tells_both_battle_deck_shuffles():
    state = record_table(advisors_={0: "zhuge_liang", 1: "wang_yun"}, coins={0: 12},
                         hands={0: ["an_sha_ji", "gan_ning"]},
                         cities={1: [("changan", "zhang_fei")], 2: [("tianshui", "liu_shan")]})
    force(state, [9])
    _, events = play(state, (0, "play an_sha_ji"), (0, "target changan"), (0, "amount 10"))
    chance = [str(e.text) for e in events if e.kind == CHANCE]
    assert chance == ["The battle deck is shuffled.",
                      "The battle cards go back and the battle deck is shuffled."]


# Generator states after random games, recorded with the engines as they were before they drew
# through games.core.chance: moving onto it changed no draw and no order of draws.
PINNED = [("record", 4, 1, 306, 8008384199909430283), ("record", 4, 3, 265, 2104933914704271322),
          ("redux", 3, 1, 400, 5025431914591827033),
          ("scythe", 3, 1, 400, 18146777187011875079)]


@pytest.mark.parametrize("name, seats, seed, moves, rng", PINNED,
                         ids=[f"{p[0]}-{p[2]}" for p in PINNED])
def test_the_engines_draw_exactly_what_they_drew_before_chance_was_shared(name, seats, seed,
                                                                           moves, rng):
    game = get_game(name)
    state = game.setup(seats, {}, seed)
    agents = [RandomAgent(seed * 7 + s) for s in range(seats)]
    played = 0
    while played < moves and game.result(state) is None:
        acting = sorted(game.to_act(state))
        seat = acting[played % len(acting)]
        state, _ = game.apply(state, seat, agents[seat].choose(game, state, seat))
        played += 1
    assert (played, state["rng"]) == (moves, rng)


@pytest.mark.parametrize("name, seats", [("record", 3), ("redux", 3), ("scythe", 4)])
@pytest.mark.parametrize("seed", [4, 5])
def test_no_public_event_of_a_random_game_names_a_hidden_card(name, seats, seed):
    game = get_game(name)
    state = game.setup(seats, {}, seed)
    agents = [RandomAgent(seed + s) for s in range(seats)]
    for played in range(300):
        if game.result(state) is not None:
            break
        acting = sorted(game.to_act(state))
        seat = acting[played % len(acting)]
        before = set().union(set(), *game.secrets(state).values())
        state, events = game.apply(state, seat, agents[seat].choose(game, state, seat))
        after = set().union(set(), *game.secrets(state).values())
        public = _said(e for e in events if e.public)
        # Hidden all through the action: named in no way. Hidden before or after: never by
        # id (an action may reveal a card, as the end of Record's draft turns the lords face
        # up, or take a card shown on the table into a hand, and names it).
        assert not [h for h in before & after if any(n in public for n in _names(h))]
        words = " ".join(str(e.text) for e in events if e.public)
        assert not [h for h in before | after if h in words]

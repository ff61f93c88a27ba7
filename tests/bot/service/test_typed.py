"""A typed move (`/move`, the terminal) is read against the seat's legal actions
(bot/service/typed.py): its canonical text in any case, a thing by any name the reader's
language gives it, an unclear start refused naming the choices; and every move a refusal
suggests is one that is accepted when typed back."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import cast

import pytest

from bot.i18n import Reader, t, words
from bot.i18n.lookup import entries, thing_of
from bot.service import GameMaster
from bot.service.models import Player, ServiceError
from bot.service.typed import typed_action
from games.core import Action, Game, GameError, State, get_game
from games.core.messages import Msg, Term

SEATS = {"record": 3, "redux": 3, "scythe": 2, "wargame": 3, "tang": 3}
GAMES = sorted(SEATS)
NAMES = ("Ann", "Bo", "Cy")


def states(game: str, steps: int = 80, seed: int = 5) -> Iterator[tuple[Game, State, int]]:
    """The states of a game played by random legal moves, each with a seat that owes one."""
    engine = get_game(game)
    state = engine.setup(SEATS[game], {}, seed)
    pick = random.Random(seed)
    for _ in range(steps):
        due = sorted(engine.to_act(state))
        if not due or engine.result(state) is not None:
            return
        seat = due[0]
        legal = engine.legal_actions(state, seat)
        if not legal:
            return
        yield engine, state, seat
        state, _ = engine.apply(state, seat, pick.choice(legal))


def same(one: Action, other: Action) -> bool:
    """The same choice, whichever copy of a card it names."""
    return (one.kind, [thing_of(str(a)) for a in one.args]) == \
        (other.kind, [thing_of(str(a)) for a in other.args])


def name_of(game: str, arg: object, locale: str) -> str | None:
    """The name the reader's language gives a move's argument, None for a number or a thing
    without a name."""
    if isinstance(arg, int):
        return str(arg)
    found = [e for e in entries(game) if e.kind != "rule" and e.ref in (arg, thing_of(str(arg)))]
    return found[0].name(locale) if found else None


def named(engine: Game, state: State, seat: int, locale: str) -> tuple[Action, str] | None:
    """A legal action with a named argument, typed by its kind and its arguments' names."""
    for action in engine.legal_actions(state, seat):
        names = [name_of(engine.name, a, locale) for a in action.args]
        if names and None not in names and any(not isinstance(a, int) for a in action.args):
            return action, " ".join([action.kind, *(n for n in names if n)])
    return None


@pytest.mark.parametrize("game", GAMES)
def test_a_canonical_move_typed_in_other_case_is_accepted(game: str) -> None:
    checked = 0
    for engine, state, seat in states(game, steps=30):
        for action in engine.legal_actions(state, seat)[:5]:
            typed = action.text.upper() if checked % 2 else action.text.title()
            assert typed_action(engine, state, seat, typed, Reader("en", NAMES, seat)) == action
            checked += 1
    assert checked >= 10


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("locale", ["en", "zh-CN", "ko"])
def test_a_move_typed_by_its_names_in_the_reader_s_language_is_accepted(game: str,
                                                                       locale: str) -> None:
    checked = 0
    for engine, state, seat in states(game):
        found = named(engine, state, seat, locale)
        if found is None:
            continue
        action, typed = found
        reader = Reader(locale, NAMES, seat)
        try:
            chosen = typed_action(engine, state, seat, typed, reader)
        except ServiceError as refusal:  # two things of one name: both are named
            assert action.text in refusal.render(locale)
            continue
        assert same(chosen, action), typed
        checked += 1
    assert checked >= 1


@pytest.mark.parametrize("game", GAMES)
def test_a_move_that_could_be_several_is_refused_naming_them(game: str) -> None:
    checked = 0
    for engine, state, seat in states(game):
        legal = engine.legal_actions(state, seat)
        kinds = [a.kind for a in legal if a.args]
        kind = next((k for k in kinds if kinds.count(k) > 1 and Action(k) not in legal), None)
        distinct = {tuple(thing_of(str(x)) for x in a.args) for a in legal if a.kind == kind}
        if kind is None or len(distinct) < 2:
            continue
        with pytest.raises(ServiceError) as refused:
            typed_action(engine, state, seat, kind.upper(), Reader("en", NAMES, seat))
        told = refused.value.render("en")
        assert "could be several moves" in told
        assert sum(f"`{a.text}`" in told for a in legal if a.kind == kind) >= 2
        checked += 1
    assert checked >= 1


def suggestions(said: object) -> Iterator[object]:
    """What a refusal offers to type, wherever it sits: each of its choices (a choice shown
    with the move that plays it offers that move) and each move it suggests (a `form`, unless
    it is a pattern to fill in, `alliance <action>`)."""
    if isinstance(said, tuple):
        for value in said:
            yield from suggestions(value)
    if not isinstance(said, Msg):
        return
    for name, value in said.params.items():
        if name == "choices" and isinstance(value, tuple):
            yield from (_offered(choice) for choice in value)
        elif name == "form" and isinstance(value, str) and "<" not in value:
            yield value
        else:
            yield from suggestions(value)


def named_things(said: object) -> Iterator[Term]:
    """The things a refusal lists by name for the move refused ("Keep one of the cards you
    drew: A; B"): each is offered as that move naming it."""
    if isinstance(said, Msg):
        for value in said.params.values():
            if isinstance(value, tuple) and value and all(isinstance(v, Term) for v in value):
                yield from value
            else:
                yield from named_things(value)


def _offered(choice: object) -> object:
    if isinstance(choice, Msg) and isinstance(choice.params.get("form"), str):
        return choice.params["form"]
    return choice


def wrong_moves(legal: list[Action]) -> list[Action]:
    """Moves a player gets wrong: each kind with a word no thing is called, and with its
    first legal move's arguments shifted by one word."""
    kinds = list(dict.fromkeys(a.kind for a in legal))
    wrong = [Action(k, ("nowhere_at_all",)) for k in kinds]
    wrong += [Action(a.kind, (*a.args, "extra")) for a in legal[:3]]
    return wrong + [Action("nonsense")]


@pytest.mark.parametrize("game", GAMES)
def test_every_move_a_refusal_suggests_is_accepted_when_typed_back(game: str) -> None:
    """Over many states: the refusal of a wrong move offers only moves that are legal, in
    the words it offers them (a label or a move's text), read back as a typed move."""
    offered = 0
    for engine, state, seat in states(game, steps=120, seed=11):
        legal = engine.legal_actions(state, seat)
        for wrong in wrong_moves(legal):
            try:
                engine.apply(state, seat, wrong)
            except GameError as refusal:
                hints = list(suggestions(refusal.message))
                of_kind = [a for a in legal if a.kind == wrong.kind]
                one_thing = bool(of_kind) and all(len(a.args) == 1 for a in of_kind)
                things = list(named_things(refusal.message)) if one_thing else []
            else:
                continue
            for locale in ("en", "zh-CN"):
                reader = Reader(locale, NAMES, seat)
                typings = [hint if isinstance(hint, str) else words(cast(Msg, hint), reader)
                           for hint in hints]
                typings += [f"{wrong.kind} {t(thing.key, locale)}" for thing in things]
                for typed in typings:
                    try:
                        back = typed_action(engine, state, seat, typed, reader)
                    except ServiceError as unclear:
                        pytest.fail(f"{game}: {wrong.text} suggests {typed!r}: {unclear}")
                    assert back in legal, f"{game}: {wrong.text} suggests {typed!r}"
                    offered += 1
    assert offered >= 20


ALICE, BOB, CARA = Player(11, "Alice"), Player(12, "Bob"), Player(13, "Cara")


async def tang_at_capitals(gm: GameMaster) -> tuple[int, Player]:
    """A Tang table whose awaited player chooses a capital."""
    table = await gm.new_game(game="tang", guild_id=1, channel_id=100, creator=ALICE, seed=1)
    await gm.join(table.game_id, BOB)
    await gm.join(table.game_id, CARA)
    await gm.start(table.game_id, ALICE)
    for _ in range(40):
        for player in (ALICE, BOB, CARA):
            prompt = await gm.turn_prompt(table.game_id, player)
            if prompt is None:
                continue
            if any(a.kind == "capital" for a in prompt.actions):
                return table.game_id, player
            await gm.act(table.game_id, player, prompt.actions[0].text)
            break
    raise AssertionError("no capital to choose")


async def test_tang_takes_a_capital_in_any_case_and_by_its_chinese_name(gm):
    game_id, player = await tang_at_capitals(gm)
    before = await gm.table(game_id)
    with pytest.raises(ServiceError) as refused:
        await gm.act(game_id, player, "capital l")
    assert "`capital luoyang`" in refused.value.render("en")
    assert (await gm.table(game_id)).version == before.version  # nothing changed
    with pytest.raises(ServiceError) as unknown:
        await gm.act(game_id, player, "capital nowhere")
    assert "(and 45 more)" in unknown.value.render("en")  # 6 of 51 shown, the rest counted
    assert (await gm.table(game_id)).version == before.version
    await gm.act(game_id, player, "capital Luoyang")
    assert (await gm.table(game_id)).version > before.version


async def test_a_zh_cn_reader_types_a_capital_by_its_name(gm):
    game_id, player = await tang_at_capitals(gm)
    await gm.settings.set_user(player.user_id, language="zh-CN")
    before = await gm.table(game_id)
    await gm.act(game_id, player, "capital 洛阳")
    assert (await gm.table(game_id)).version > before.version

"""Issue 27, item 7: every kind of action a game offers in a select menu (more choices than
`MAX_BUTTONS`) has a help in the game's catalog (`<game>.help.<kind>`) in every locale: one
short sentence (Discord cuts an option's description at 100 characters), never the typed form
of the move. Seeded heuristic games find the kinds that reach a menu."""

from __future__ import annotations

from collections import defaultdict

import pytest

from bot.i18n import LOCALES, catalog, t
from cogs.turns import MAX_BUTTONS
from games.core.actions import Action
from games.core.agents import make_agent
from games.core.registry import all_games

DESCRIPTION_LIMIT = 100  # Discord's cut for a select option's description
STEPS = 1500
SEEDS = (1, 2)
GAMES = {game.name: game for game in all_games()}


def menu_actions(name: str) -> dict[str, set[Action]]:
    """The actions offered in menus over seeded heuristic games, by kind."""
    game = GAMES[name]
    seats = 3 if name == "redux" else 4
    offered: dict[str, set[Action]] = defaultdict(set)
    for seed in SEEDS:
        state = game.setup(seats, {}, seed)
        agents = [make_agent("heuristic", seed * 31 + i) for i in range(seats)]
        for _ in range(STEPS):
            if game.result(state) is not None:
                break
            seat = min(game.to_act(state))
            legal = game.legal_actions(state, seat)
            if len(legal) > MAX_BUTTONS:
                for action in legal:
                    offered[action.kind].add(action)
            state, _ = game.apply(state, seat, agents[seat].choose(game, state, seat))
    return offered


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_kind_in_a_menu_has_a_short_help_in_every_locale(name: str) -> None:
    offered = menu_actions(name)
    assert offered, f"{name}: the seeded games reached no menu"
    texts = catalog()
    missing = sorted(kind for kind in offered if f"{name}.help.{kind}" not in texts)
    assert not missing, f"{name}: kinds in menus without a help: {missing}"
    for kind, actions in offered.items():
        key = f"{name}.help.{kind}"
        assert set(texts[key]) >= set(LOCALES), f"{key} lacks a locale"
        for locale in LOCALES:
            help_ = t(key, locale)
            assert help_.strip(), f"{key} [{locale}] is empty"
            assert len(help_) <= DESCRIPTION_LIMIT, f"{key} [{locale}] is too long"
            typed = [a.text for a in actions if a.args and a.text in help_]
            assert not typed, f"{key} [{locale}] holds the typed move {typed}"
            assert "/move" not in help_


def test_no_help_of_any_game_is_longer_than_a_menu_shows() -> None:
    helps = [(key, locale, text) for key, table in catalog().items()
             if any(key.startswith(f"{name}.help.") for name in GAMES)
             for locale, text in table.items()]
    assert helps
    too_long = [(key, locale) for key, locale, _ in helps
                if len(t(key, locale)) > DESCRIPTION_LIMIT]
    assert not too_long

"""`ModularGame` (games/core/modular.py): a game's hooks served by the modules it names, and
a game that neither writes a hook nor names its module refused when its class is made."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import get_game
from games.core.messages import Said
from games.core.modular import ModularGame
from games.scythe import ai, checks, flow, references, scoring


def test_a_game_missing_a_hooks_module_is_refused_with_the_hook_named():
    with pytest.raises(TypeError, match=r"invariants \(from `checks`\)"):
        type("Unwired", (ModularGame,), {"begin": None})


def test_a_hook_the_game_writes_needs_no_module():
    class Written(ModularGame):  # made without a `views` module: it words its own summary
        turns, checks, scoring, heuristic, lookups = flow, checks, scoring, ai, references

        def summary(self, view: dict[str, Any]) -> list[Said]:
            return ["its own words"]

    assert not hasattr(Written, "views")


def test_the_hooks_are_the_named_modules_functions():
    """Scythe names its modules: each hook answers what its module's function does."""
    game = get_game("scythe")
    state = game.setup(3, {}, seed=1)
    assert game.to_act(state) == flow.to_act(state)
    assert game.legal_actions(state, 0) == flow.legal_actions(state, 0)
    assert game.invariants(state) == checks.invariants(state) == []
    assert game.secrets(state) == checks.secrets(state)
    assert game.result(state) is None
    assert game.references()

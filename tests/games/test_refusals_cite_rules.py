"""A refusal names the rule that makes it (issue 30 item 6, "Why can't I?"): a player who asks
for a move that is not possible reads the rule of the rulebook that stops it, by the id the
game's spec gives it and its title in the reader's language ("R7.4: one attack per action").

Two checks per game: every `IllegalAction` an engine raises names a rule (read from the
source, so no refusal is forgotten), and, at steps of a whole seeded game, refusing a move of
a kind not offered and of each offered kind with arguments that are not possible cites a
rule whose title the catalog has in every language and whose id the spec holds.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from bot.i18n import LOCALES, catalog
from games.core import Action, GameError, all_games, get_game, make_agent
from games.core.errors import rule_id

GAMES = Path(__file__).resolve().parents[2] / "games"
RULES = Path(__file__).resolve().parents[3] / "shared" / "rules"
SPECS = {"record": "record-of-the-three-kingdoms.spec.md", "redux": "three-kingdoms-redux.spec.md",
         "scythe": "scythe.spec.md", "tang": "tang-strategy.spec.md",
         "wargame": "sangokushi-engi-wargame.spec.md"}
EVERY = 23  # a whole game's actions between two probes
SEATS = 3
NAMES = sorted(g.name for g in all_games())


def uncited(path: Path) -> list[str]:
    """`IllegalAction(...)` calls without `rule=`, and flow `Rule(...)`s without `cites=`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    missing = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        wanted = {"IllegalAction": "rule", "Rule": "cites"}.get(node.func.id)
        if wanted and wanted not in {k.arg for k in node.keywords}:
            missing.append(f"{path.relative_to(GAMES.parent)}:{node.lineno} {node.func.id}")
    return missing


@pytest.mark.parametrize("game", NAMES)
def test_every_refusal_an_engine_raises_names_its_rule(game: str) -> None:
    assert [m for path in sorted((GAMES / game).rglob("*.py")) for m in uncited(path)] == []


def probes(game_name: str, seed: int = 2) -> list[tuple[str, GameError]]:
    """At every EVERY-th action of a whole heuristic game: the refusals of a move of no
    offered kind and, for each offered kind, of that kind with arguments nobody offers."""
    game = get_game(game_name)
    state = game.setup(SEATS, {}, seed)
    agents = [make_agent("heuristic", seed * 31 + s) for s in range(SEATS)]
    found: list[tuple[str, GameError]] = []
    for count in range(4000):
        if game.result(state) is not None:
            break
        seat = min(game.to_act(state))
        if count % EVERY == 0:
            legal = game.legal_actions(state, seat)
            tried = ["zzz", *sorted({f"{a.kind} nowhere" for a in legal})]
            for typed in tried:
                action = Action.parse(typed)
                if action in legal:
                    continue
                try:
                    game.apply(state, seat, action)
                except GameError as error:
                    found.append((f"{game.phase(state)}: {typed}", error))
        state, _ = game.apply(state, seat, agents[seat].choose(game, state, seat))
    return found


@pytest.mark.parametrize("game", NAMES)
def test_a_move_that_is_not_possible_is_refused_with_its_rule(game: str) -> None:
    refusals = probes(game)
    assert len(refusals) > 20
    uncited_refusals = [where for where, error in refusals if error.rule is None]
    assert uncited_refusals == []
    spec = RULES / SPECS[game]
    text = spec.read_text(encoding="utf-8") if spec.exists() else None
    for where, error in refusals:
        assert error.rule is not None
        key = error.rule.key
        assert key.startswith(f"{game}.rule."), where
        assert all(locale in catalog().get(key, {}) for locale in LOCALES), (where, key)
        if text is not None:
            assert re.search(rf"(?<![\w.]){re.escape(rule_id(error.rule))}(?![\w]|\.\d)", text), \
                (where, rule_id(error.rule))

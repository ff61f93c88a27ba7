"""The rules engines import one way: no module of games/ imports, directly or through others,
a module that imports it back (a cycle hides which module owns a rule and breaks on a
reordered import). The graph is read from the source, so nothing is imported to check it."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _graph() -> dict[str, set[str]]:
    paths = {_module(p): p for p in (ROOT / "games").rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                targets = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            found |= {t for t in targets if t in paths and t != name}
        # a package importing its own modules (to register the game) is no cycle of rules
        graph[name] = {t for t in found if not t.startswith(name + ".")}
    return graph


def test_games_has_no_import_cycle():
    try:
        tuple(TopologicalSorter(_graph()).static_order())
    except CycleError as error:
        raise AssertionError(f"import cycle in games/: {' -> '.join(error.args[1])}") from None

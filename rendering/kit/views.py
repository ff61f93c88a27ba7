"""Reading a game's view the same way in every renderer: a seat's display name, the
face-down marker that must stop a renderer from looking any further, and the categories of a
final score (a `Result.to_json()`)."""

from __future__ import annotations

from rendering.kit.canvas import Canvas


def is_hidden(obj: object) -> bool:
    """True for a face-down thing; such a dict is never read any further."""
    return isinstance(obj, dict) and bool(obj.get("hidden"))


def player_name(names: list[str], seat: int, canvas: Canvas) -> str:
    """The seat's display name, cleaned of undrawable glyphs, 'Seat n' when empty."""
    raw = names[seat] if 0 <= seat < len(names) else ""
    return canvas.clean(raw) or f"Seat {seat + 1}"


def score_categories(result: dict) -> list[str]:
    """Every category key any seat's score reports, in the engine's order."""
    keys: list[str] = []
    for score in result.get("scores", []):
        keys += [k for k in score.get("categories", {}) if k not in keys]
    return keys

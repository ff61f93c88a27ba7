"""Reading a game's view the same way in every renderer: a seat's display name, and the
face-down marker that must stop a renderer from looking any further."""

from __future__ import annotations

from rendering.kit.canvas import Canvas


def is_hidden(obj: object) -> bool:
    """True for a face-down thing; such a dict is never read any further."""
    return isinstance(obj, dict) and bool(obj.get("hidden"))


def player_name(names: list[str], seat: int, canvas: Canvas) -> str:
    """The seat's display name, cleaned of undrawable glyphs, 'Seat n' when empty."""
    raw = names[seat] if 0 <= seat < len(names) else ""
    return canvas.clean(raw) or f"Seat {seat + 1}"

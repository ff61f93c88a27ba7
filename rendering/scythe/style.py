"""What every part of the Scythe image shares: sizes, faction, terrain and resource colours,
how seats are named, and the board data the map and the mats are drawn from.

A faction keeps the colour of its pieces in the box (Nordic blue, Rusviet red, Crimea yellow,
Saxony black, Polania white, from the board data's `colour`) on the map, the mats and the
score. Black and white pieces are drawn with a contrasting outline so they stand out on the
dark background and on every terrain.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import games.scythe
from rendering.kit.canvas import Canvas
from rendering.kit.theme import DARK_TEXT, PANEL, TEXT
from rendering.kit.views import player_name

# Piece colours by the data's colour name: fill, text on it, outline. The accent is the
# colour for names, stripes and rings on the dark background (Saxony's black pieces would
# vanish there, so their accent is the grey of their outline).
PIECE_COLORS = {
    "blue": ("#3d86e0", TEXT, "#0d1b2e"),
    "red": ("#d8453c", TEXT, "#2e0d0b"),
    "yellow": ("#f3c623", DARK_TEXT, "#3a2e00"),
    "black": ("#2b2d33", TEXT, "#e8e8e8"),
    "white": ("#f5f5f0", DARK_TEXT, "#15171c"),
}
ACCENTS = {"blue": "#5c9ff2", "red": "#f0675d", "yellow": "#f3c623", "black": "#b9bec8",
           "white": "#f5f5f0"}
UNPICKED = ("#aab1bd", DARK_TEXT, "#15171c")
PANEL_TINTS = {"blue": "#1f3350", "red": "#4a2423", "yellow": "#3f3517", "black": "#2a2b30",
               "white": "#3b3d44"}

TERRAIN_COLORS = {  # fill, text on it
    "mountain": ("#8e8a85", DARK_TEXT),
    "forest": ("#3e7b3c", TEXT),
    "tundra": ("#86aaa3", DARK_TEXT),
    "farm": ("#d8b44c", DARK_TEXT),
    "village": ("#b77a4c", DARK_TEXT),
    "lake": ("#2f6fb0", TEXT),
    "factory": ("#7a5fa3", TEXT),
}
RESOURCE_COLORS = {  # fill, text on it, letter
    "wood": ("#7b4a22", TEXT, "w"),
    "oil": ("#141414", TEXT, "o"),
    "food": ("#f6e27a", DARK_TEXT, "f"),
    "metal": ("#c9d1da", DARK_TEXT, "m"),
}
RIVER = "#5cc4ff"
ENCOUNTER = "#ff8c1a"
COMBAT = "#ff3b30"
STRUCTURE_LETTERS = {"mill": "M", "mine": "Mi", "monument": "Mo", "armory": "A"}
APOSTROPHES = {"peoples": "People's"}
BONUS_NAMES = {"power": "power", "coins": "coin", "popularity": "popularity",
               "combat_cards": "card"}

BOARD_FILE = Path(games.scythe.__file__).parent / "data" / "board.json"


@cache
def board_data() -> dict[str, Any]:
    """The board data as shipped (read once per process; drawing only reads it)."""
    return json.loads(BOARD_FILE.read_text(encoding="utf-8"))


def scoring_tier(popularity: int) -> dict | None:
    """The popularity tier's coin rates (S19.1) the player would score at."""
    for tier in board_data()["popularity_scoring_tiers"]:
        if tier["popularity_min"] <= popularity <= tier["popularity_max"]:
            return tier
    return None


def words(key: str) -> str:
    """An id as words: `adjacent_tunnels` -> `Adjacent tunnels`."""
    return key.replace("_", " ").capitalize()


def title(key: str) -> str:
    """An ability's id as its printed name: `peoples_army` -> `People's Army`."""
    return " ".join(APOSTROPHES.get(w, w.capitalize()) for w in key.split("_"))


@dataclass(frozen=True)
class Table:
    """The view being drawn and the player names, with the seat lookups every part needs."""

    view: dict
    names: list[str]

    def player(self, seat: int) -> dict:
        players = self.view.get("players", [])
        return players[seat] if 0 <= seat < len(players) else {"seat": seat}

    def faction(self, seat: int) -> str:
        return str(self.player(seat).get("faction") or "")

    def colour_name(self, seat: int) -> str:
        faction = board_data()["factions"].get(self.faction(seat))
        return faction["colour"] if faction else ""

    def piece(self, seat: int) -> tuple[str, str, str]:
        """(fill, text, outline) of the seat's pieces; grey before the seat has a faction,
        so no colour suggests a faction it has not picked."""
        return PIECE_COLORS.get(self.colour_name(seat), UNPICKED)

    def color(self, seat: int) -> str:
        """The seat's colour for names, stripes and rings on the dark background."""
        return ACCENTS.get(self.colour_name(seat), self.piece(seat)[0])

    def tint(self, seat: int) -> str:
        return PANEL_TINTS.get(self.colour_name(seat), PANEL)

    def faction_name(self, seat: int) -> str:
        faction = self.faction(seat)
        names = self.view.get("faction_names") or {}
        return str(names.get(faction) or faction.capitalize() or "No faction yet")

    def mat_name(self, seat: int) -> str:
        mat = str(self.player(seat).get("mat") or "")
        return str((self.view.get("mat_names") or {}).get(mat) or mat.capitalize())

    def initial(self, seat: int) -> str:
        return self.faction_name(seat)[:1].upper() or str(seat)

    def who(self, c: Canvas, seat: int) -> str:
        """'Alice (Nordic)': the player first, the faction to tell whose colour it is."""
        return f"{player_name(self.names, seat, c)} ({self.faction_name(seat)})"

    def own(self, seat: int) -> bool:
        """Own-only fields are drawn for the viewer's own entry and nowhere else, so a stray
        hand in a public view still never reaches the image."""
        viewer = self.view.get("viewer")
        return viewer is not None and viewer == seat

    def named(self, c: Canvas, text: str) -> str:
        """Engine text names seats `Seat N (Faction)`; the image names the players."""
        for seat in range(len(self.view.get("players", []))):
            text = text.replace(f"Seat {seat} ({self.faction_name(seat)})", self.who(c, seat))
            text = text.replace(f"Seat {seat}", player_name(self.names, seat, c))
        return c.clean(text)


def ink_on(fill: str) -> str:
    """Text colour for a fill: dark on light fills, light on dark ones."""
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return DARK_TEXT if 0.299 * r + 0.587 * g + 0.114 * b > 150 else TEXT


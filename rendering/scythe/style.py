"""What every Scythe image shares: faction, terrain and resource colours, the board data the
map and the mats are drawn from, and `Table`, the scene being drawn with the lookups (and the
words) every part needs.

A faction keeps the colour of its pieces in the box (Nordic blue, Rusviet red, Crimea yellow,
Saxony black, Polania white, from the board data's `colour`) on the map, the mats and the
score. Black and white pieces are drawn with a contrasting outline so they stand out on the
dark background and on every terrain.

No caption is English here: a name is the engine's Term (`scythe.faction.nordic`...) and a
caption a key of `games/scythe/locales/board.toml`, both worded by the scene's reader.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import games.scythe
from games.core.messages import Msg, Param, Term, msg
from rendering.kit.canvas import Canvas
from rendering.kit.scene import Scene
from rendering.kit.theme import DARK_TEXT, PANEL, TEXT
from rendering.kit.theme import ink_on as ink_on  # the kit's, by contrast
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
ACCENTS = {"blue": "#5c9ff2", "red": "#f0675d", "yellow": "#f3c623", "black": "#969ba6",
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
RESOURCE_COLORS = {  # fill, text on it
    "wood": ("#7b4a22", TEXT),
    "oil": ("#141414", TEXT),
    "food": ("#f6e27a", DARK_TEXT),
    "metal": ("#c9d1da", DARK_TEXT),
}
RIVER = "#5cc4ff"
ENCOUNTER = "#ff8c1a"
COMBAT = "#ff3b30"
STRUCTURES = ("mill", "mine", "monument", "armory")

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


def stars_of(player: dict) -> int:
    return sum(int(n) for n in (player.get("stars") or {}).values())


@dataclass(frozen=True)
class Table:
    """The scene being drawn, with the seat lookups and the wording every part needs."""

    scene: Scene
    # Captions worded for this scene (an overview asks for a resource's initial on every
    # hex, a faction's short name for every chip): worded once each.
    _said: dict[tuple[str, tuple[tuple[str, Any], ...]], str] = field(
        default_factory=dict, compare=False, repr=False)

    @property
    def view(self) -> dict:
        return self.scene.view

    @property
    def names(self) -> list[str]:
        return self.scene.names

    # -- words -------------------------------------------------------------------------------
    def say(self, key: str, /, **params: Param) -> str:
        """A caption of board.toml (`scythe.board.<key>`) in the reader's language."""
        memo = (key, tuple(sorted(params.items())))
        try:
            return self._said[memo]
        except KeyError:
            pass
        except TypeError:  # a parameter that is not hashable: worded each time
            return self.scene.say(msg(f"scythe.board.{key}", **params))
        said = self._said[memo] = self.scene.say(msg(f"scythe.board.{key}", **params))
        return said

    def said(self, message: Msg) -> str:
        return self.scene.say(message)

    def term(self, key: str) -> str:
        """A name of the engine's catalog (`scythe.faction.nordic`) on its own."""
        return self.say("name", name=Term(key))

    # -- seats -------------------------------------------------------------------------------
    def seats(self) -> list[int]:
        """The seats in turn order (seat order before the order is drawn)."""
        return list(self.view.get("order") or range(len(self.view.get("players", []))))

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
        """The faction's short name (`Nordic`), or 'no faction yet' during the draft."""
        faction = self.faction(seat)
        return self.short(faction) if faction else self.say("no_faction")

    def short(self, faction: str) -> str:
        return self.say(f"short.{faction}")

    def mat_name(self, seat: int) -> str:
        mat = str(self.player(seat).get("mat") or "")
        return self.term(f"scythe.mat.{mat}") if mat else ""

    def initial(self, seat: int) -> str:
        """The letter on the character's diamond: the short faction name's first."""
        return self.faction_name(seat)[:1].upper() if self.faction(seat) else str(seat + 1)

    def name(self, c: Canvas, seat: int) -> str:
        return player_name(self.names, seat, c)

    def who(self, c: Canvas, seat: int) -> str:
        """'Alice (Nordic)': the player first, the faction to tell whose colour it is."""
        return self.say("who", who=self.name(c, seat), faction=self.faction_name(seat))

    def own(self, seat: int) -> bool:
        """Own-only fields are drawn for the viewer's own entry and nowhere else, so a stray
        hand in a public view still never reaches the image."""
        viewer = self.view.get("viewer")
        return viewer is not None and viewer == seat



"""What every wargame image shares: the nations' colours (the data's `colour`, made readable on
the dark board), the map data the board is drawn from, and `Table`, the scene being drawn with
the lookups and the words every image needs.

No caption is English here: a name is the engine's Term (`wargame.area.luoyang`) and a caption
a key of `games/wargame/locales/board.toml`, both worded by the scene's reader.
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from typing import Any, cast

from games.core.messages import Term, msg
from games.wargame.data import WargameData, designed
from rendering.kit.scene import Speech
from rendering.kit.table import SceneTable
from rendering.kit.theme import ink_on as ink_on  # the kit's, by contrast
from rendering.kit.theme import seat_color, seat_sign

GOZOKU = "gozoku"
GOZOKU_COLOUR = "#9c8a64"  # the gentry (豪族): a tan no nation of the data uses
LAND = "#2a2f38"  # an area nobody controls
EDGE = "#0d0f13"
TEXT_SIZE = 24  # the phone floor of every body text
ACCENT_LIGHTNESS = 150  # a nation's colour lifted to this brightness to read on the dark board
BRACKET = re.compile(r"\s*[(（].*$")


@cache
def board_data() -> WargameData:
    """The designed data (the view does not say which pack a table plays; a pack keeps the
    same schema, and its areas are drawn where the designed map has them)."""
    return designed()


def brightness(colour: str) -> float:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b




@lru_cache(maxsize=256)
def mix(colour: str, ground: str, share: float) -> str:
    """`share` of `colour` over `ground`."""
    a = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(ground[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x * share + y * (1 - share)):02x}" for x, y in zip(a, b,
                                                                                     strict=True))


def lifted(colour: str) -> str:
    """The colour mixed towards white until it reads on the dark background."""
    share = 1.0
    out = colour
    while brightness(out) < ACCENT_LIGHTNESS and share > 0.3:
        share -= 0.1
        out = mix(colour, "#ffffff", share)
    return out


def short(name: str) -> str:
    """A name without its bracket (洛陽（らくよう） -> 洛陽, 낙양(洛陽) -> 낙양): the map's
    labels; the parts and lines keep the whole name."""
    return BRACKET.sub("", name).strip() or name


@dataclass(frozen=True)
class Table(SceneTable):
    """The scene being drawn, with the lookups and the wording every image needs."""

    PREFIX = "wargame.board."

    # -- words -------------------------------------------------------------------------------
    def term(self, key: str) -> str:
        """A name of the engine's catalog on its own (remembered per reader: every board
        names the same 59 areas)."""
        try:
            return _named(cast(Hashable, self.scene.say), key)
        except TypeError:  # a speech that cannot be hashed is asked every time
            return self.say("name", name=Term(key))

    def area(self, aid: str) -> str:
        return self.term(f"wargame.area.{aid}")

    def general(self, gid: str) -> str:
        return self.term(f"wargame.general.{gid}")

    def power(self, pid: str) -> str:
        """A nation's name, or the gentry's."""
        return self.term(power_key(pid))

    # -- nations -----------------------------------------------------------------------------
    def nations(self) -> dict[str, dict[str, Any]]:
        return self.view.get("nations") or {}

    def areas(self) -> dict[str, dict[str, Any]]:
        return self.view.get("areas") or {}

    def colour(self, pid: str | None) -> str:
        """The fill of a power's pieces: a player's nation in its seat's colour (the kit's
        palette, apart for every eye), a minor nation in the data's colour, the gentry's tan.
        Twelve data colours cannot all stay apart for a colour-blind eye; the five seats'
        can, and the seat's number on every sign does beyond them."""
        if pid is None:
            return LAND
        if pid == GOZOKU:
            return GOZOKU_COLOUR
        seat = self.seat_of(pid)
        if seat is not None:
            return seat_color(seat)
        found = board_data().nations.get(pid)
        return str(found["colour"]) if found else LAND

    def accent(self, pid: str | None) -> str:
        """The power's colour for names and rings on the dark background (a seat's colour is
        light enough already)."""
        return self.colour(pid) if self.is_player_nation(pid) else lifted(self.colour(pid))

    def sign(self, pid: str | None) -> str | None:
        """The second sign of a player's nation beside its colour: its seat's number; None
        for a minor nation, the gentry and nobody."""
        seat = self.seat_of(pid)
        return None if seat is None else seat_sign(seat)

    def seat_of(self, pid: str | None) -> int | None:
        found = self.nations().get(pid or "")
        return None if not found or found.get("seat") is None else int(found["seat"])

    def is_player_nation(self, pid: str | None) -> bool:
        return self.seat_of(pid) is not None

    def generals_in(self, aid: str) -> list[str]:
        """The generals serving a nation in `aid`, in data order."""
        return self._standing[0].get(aid, [])

    def free_in(self, aid: str) -> int:
        """The free (在野) generals in `aid`: by name, or counted when the option hides them."""
        counts = self.view.get("zaiya")
        if counts is not None:
            return int(counts.get(aid, 0))
        return len(self._standing[1].get(aid, []))

    def free_named(self, aid: str) -> list[str]:
        """The free generals in `aid` by id (none when the option hides them)."""
        return self._standing[1].get(aid, [])

    @cached_property
    def _standing(self) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
        """Area -> the generals serving there, and area -> the free generals named there, in
        data order (read once per image: every area asks)."""
        gens = self.view.get("generals") or {}
        serving: dict[str, list[str]] = {}
        free: dict[str, list[str]] = {}
        for gid in board_data().generals:
            spot = gens.get(gid)
            if spot and spot.get("state") in ("nation", "zaiya"):
                into = serving if spot["state"] == "nation" else free
                into.setdefault(str(spot.get("area")), []).append(gid)
        return serving, free

    # -- seats -------------------------------------------------------------------------------
    def seats(self) -> list[int]:
        return list(range(len(self.players())))

    def nation_of(self, seat: int) -> str | None:
        players = self.players()
        if not 0 <= seat < len(players):
            return None
        return players[seat].get("nation")

    def seat_colour(self, seat: int) -> str:
        """A seat is shown in the kit's colour of its seat, before and after it picks a
        nation: the map draws its nation in the same colour."""
        return seat_color(seat)

    def colors(self) -> tuple[str, ...]:
        return tuple(self.seat_colour(seat) for seat in self.seats())

    def own(self) -> int | None:
        """The seat whose own view this is (its draft, queue and plan are drawn), else None:
        a stray private field in a public view is never drawn."""
        seat = self.scene.seat
        return seat if seat is not None and 0 <= seat < len(self.players()) else None

    def over(self) -> bool:
        return self.view.get("over") is not None


@lru_cache(maxsize=4096)
def _named(say: Hashable, key: str) -> str:
    return cast(Speech, say)(msg("wargame.board.name", name=Term(key)))


def power_key(pid: str) -> str:
    return "wargame.marker.gozoku" if pid == GOZOKU else f"wargame.nation.{pid}"

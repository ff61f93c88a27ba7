"""What every part of the Three Kingdoms Redux images shares: nation colours, how seats and
names are written, and the Table the parts draw from.

A nation keeps one colour on every image (Wei blue, Wu red, Shu green, the colours players
know from the box), so a glance at a bid, a region or a track tells whose it is.

Every word on an image is the reader's: captions are keys of `games/redux/locales/board.toml`
worded by the scene's `say`, and the names the view gives in English (actions, generals,
cards, regions, nations, offices) are worded from their catalog Terms when the table runs on
the designed data, whose every name the catalogs hold; an uploaded pack's names are its own.
"""

from __future__ import annotations

from dataclasses import dataclass, is_dataclass
from functools import cache

from games.core.messages import Msg, Param, Seat, Term, msg
from games.redux.data import designed
from games.redux.rules import OFFICES
from rendering.kit.canvas import Canvas
from rendering.kit.scene import Speech
from rendering.kit.theme import PANEL, PHONE_FLOOR, seat_color
from rendering.kit.views import player_name

# The overview's body (bids, orders, the nations' table): a px above the phone floor, so it
# reads at 9 px on a phone 400 px wide, in chips and table lines sized for it.
OVERVIEW_TEXT = PHONE_FLOOR + 1
OVERVIEW_CHIP = 46
OVERVIEW_LINE = OVERVIEW_TEXT + 6  # one line of a table cell that wraps
NATION_COLORS = {"wei": "#4f97ea", "wu": "#e8665d", "shu": "#4fc07a"}
NATION_DIM = {"wei": "#243a57", "wu": "#552a29", "shu": "#234a32"}  # panel tints per nation
ALLIANCE_COLOR = "#c58af0"
STEPS = ("pick", "alliance", "bid", "resolve", "reward", "benefits", "over")  # view["step"]


@cache
def designed_hash() -> str:
    return designed().hash


@dataclass(frozen=True)
class Table:
    """The view being drawn, the player names and the reader's words, with the seat and
    name lookups every part needs."""

    view: dict
    names: list[str]
    speech: Speech

    # -- words ---------------------------------------------------------------------------
    def say(self, c: Canvas, key: str, **params: Param) -> str:
        """A caption of the board catalog, cleaned of what the canvas's fonts cannot draw."""
        return c.clean(worded(self.speech, msg(key, **params)))

    def term(self, c: Canvas, param: Param) -> str:
        """A name (a Term or a plain string) on its own, in the reader's words."""
        return self.say(c, "redux.board.name", name=param)

    @property
    def designed(self) -> bool:
        """Whether the table runs on the designed data, whose names the catalogs hold."""
        return (self.view.get("pack") or {}).get("hash") == designed_hash()

    def named(self, kind: str, entry: dict, key: str = "id", name: str = "name") -> Param:
        """A general's, card's or region's name as a parameter: the catalog's Term for the
        designed data, else the name the view gives."""
        ident = entry.get(key)
        if self.designed and ident:
            return Term(f"redux.{kind}.{ident}")
        return str(entry.get(name) or ident or "?")

    def general(self, c: Canvas, entry: dict, key: str = "id", name: str = "name") -> str:
        return self.term(c, self.named("general", entry, key, name))

    def card(self, c: Canvas, entry: dict) -> str:
        return self.term(c, self.named("card", entry))

    def region(self, c: Canvas, entry: dict) -> str:
        return self.term(c, self.named("region", entry))

    def action(self, c: Canvas, action_id: str) -> str:
        return self.term(c, Term(f"redux.action.{action_id}"))

    def office_param(self, rank: int) -> Term:
        return Term(f"redux.office.{OFFICES[min(max(rank, 0), len(OFFICES) - 1)][0]}")

    def office(self, c: Canvas, rank: int) -> str:
        return self.term(c, self.office_param(rank))

    def status(self, c: Canvas) -> str:
        """'Round 3 · Bidding': the round and the step, atop the overview and every part."""
        step = str(self.view.get("step") or "")
        return self.say(c, "redux.board.title", round=int(self.view.get("round") or 0),
                        step=msg(f"redux.board.step_{step}") if step in STEPS else step)

    # -- seats ---------------------------------------------------------------------------
    def player(self, seat: int) -> dict:
        for p in self.view.get("players", []):
            if p.get("seat") == seat:
                return p
        return {"seat": seat}

    def nation(self, seat: int) -> str:
        return str(self.player(seat).get("nation", ""))

    def color(self, seat: int) -> str:
        """The nation's colour; a seat colour only if the view names no nation."""
        return NATION_COLORS.get(self.nation(seat), seat_color(seat))

    def dim(self, seat: int) -> str:
        return NATION_DIM.get(self.nation(seat), PANEL)

    def nation_param(self, seat: int) -> Param:
        nation = self.nation(seat)
        return Term(f"redux.nation.{nation}") if nation in NATION_COLORS else "?"

    def nation_name(self, c: Canvas, seat: int) -> str:
        return self.term(c, self.nation_param(seat))

    def who(self, c: Canvas, seat: int) -> str:
        """'Alice (Wei)': the player's name first, the nation to tell the colour's owner."""
        return self.say(c, "redux.who_nation", who=player_name(self.names, seat, c),
                        nation=self.nation_param(seat))

    def who_param(self, seat: int) -> Param:
        """The same as a message parameter, for a line that names a seat."""
        return msg("redux.who_nation", who=Seat(seat), nation=self.nation_param(seat))

    def short(self, c: Canvas, seat: int) -> str:
        """The nation alone, where the colour already says whose it is and room is short."""
        return self.nation_name(c, seat)

    def own(self, seat: int) -> bool:
        """Own-only fields are drawn for the viewer's own entry and nowhere else, so a stray
        hand in a public view still never reaches the image."""
        viewer = self.view.get("viewer")
        return viewer is not None and viewer == seat


WORDED_MAX = 8192
_worded: dict[tuple[str, str], str] = {}


def worded(speech: Speech, said: Msg) -> str:
    """The reader's words for a message, kept for the next board when the reader is plain
    data (the service's Reader: its repr names its language, players and seat); a message's
    repr is its key, its parameters being a dict. Bounded: the cache starts over when full."""
    if not is_dataclass(speech):  # a reader we cannot name: worded each time
        return speech(said)
    key = (repr(speech), repr(said))
    hit = _worded.get(key)
    if hit is None:
        if len(_worded) >= WORDED_MAX:
            _worded.clear()
        hit = _worded[key] = speech(said)
    return hit

"""What the service hands to its callers (cogs, the terminal): plain data, no Discord types."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.i18n import Reader, words
from games.core import Action, GameError
from games.core.messages import Said, Term


class ServiceError(Exception):
    """A refusal shown to the user in their language. Nothing was changed.

    The message is a catalog message (bot/i18n), worded in the reader's language; `names`
    are the table's players by seat, for a message that names one. A plain string is the
    English-only form older code still raises, shown as it is in every language."""

    def __init__(self, message: Said, names: tuple[str, ...] = ()) -> None:
        super().__init__(str(message))
        self.message, self.names = message, names

    @classmethod
    def of(cls, error: GameError, names: tuple[str, ...] = ()) -> ServiceError:
        """An engine's refusal, as the service passes it on, with the rule that makes it."""
        return cls(error.cited, names)

    def render(self, locale: str | None = None) -> str:
        return words(self.message, Reader(locale or "en", self.names))

    def __str__(self) -> str:
        return self.render()


@dataclass(frozen=True)
class Player:
    """Someone acting through Discord or the terminal. `locale` is the language of the
    client they act from (a Discord locale code; None: unknown), which what the service
    words for them follows unless they chose one (`ServerSettings.reader_locale`)."""

    user_id: int
    name: str
    is_moderator: bool = False
    locale: str | None = None
    bot: bool = False  # a bot account (Discord says so): it never holds a seat


@dataclass(frozen=True)
class Seat:
    seat: int
    user_id: int | None
    name: str
    ai: str | None  # agent kind for an AI seat, None for a human

    @property
    def label(self) -> str:
        return f"{self.name} (AI)" if self.ai else self.name


@dataclass(frozen=True)
class Table:
    game_id: int
    game: str
    title: Term  # the game's title, worded for each reader (bot.i18n.game_title)
    status: str  # open | running | paused | finished | abandoned
    seats: list[Seat]
    version: int
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    options: dict[str, Any]
    min_players: int
    max_players: int

    def seat_of(self, user_id: int) -> Seat | None:
        return next((s for s in self.seats if s.user_id == user_id and not s.ai), None)


@dataclass(frozen=True)
class Private:
    """Secret lines for one human player: ephemeral replies or DMs only."""

    user_id: int
    lines: list[str]


@dataclass(frozen=True)
class Update:
    """What to announce after an accepted change."""

    table: Table
    public: list[str] = field(default_factory=list)
    private: list[Private] = field(default_factory=list)
    boards: list[tuple[str, bytes]] = field(default_factory=list)  # (filename, PNG)
    # the images still to draw (announce.Image.to_json), drawn by `GameMaster.drawn` once the
    # change is stored and its game free again, so the next prompt never waits for pixels
    images: list[dict[str, Any]] = field(default_factory=list)
    awaiting: list[Seat] = field(default_factory=list)  # human seats to mention now
    # human seats a response window awaits (Game.window): never named in public; among
    # them `passes`, the seat numbers whose only answer is the pass the game master gives
    # when the window's time is up (GameMaster.close_window), the others asked privately
    window: list[Seat] = field(default_factory=list)
    passes: list[int] = field(default_factory=list)
    result: str | None = None
    # (user, locale) of the mentioned players who asked for a DM on their turn as well
    notify_dm: list[tuple[int, str]] = field(default_factory=list)
    # lines for the channel the table was opened in: a campaign round that just ended
    news: list[str] = field(default_factory=list)
    # the outbox entry that holds this announcement (storage/outbox.py), by the version its
    # change stored: the poster records its progress there and marks it done; None for news
    # the outbox does not keep
    post: int | None = None
    # the acting player's next decision, worded from the state the change stored (None:
    # nothing to decide), so their answer needs no second read of the game; `prompted` is
    # that player's user id, None when the change did not compute it (the cog then asks
    # `turn_prompt`)
    next_prompt: TurnPrompt | None = None
    prompted: int | None = None


@dataclass(frozen=True)
class TurnPrompt:
    game_id: int
    version: int
    seat: int
    text: str
    actions: list[Action]
    orders: str | None = None  # the orders form's start (Game.orders_draft); None: no form
    # what a kind of action does, in the reader's words, for the kinds of these actions whose
    # game's catalog says (`<game>.help.<kind>`): a menu option's description
    helps: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class PackInfo:
    """A server's data pack as players read it: its name in the server, the pack's own title
    and provenance, how many entries it holds and how many differ from the designed pack."""

    name: str
    title: str
    hash: str
    provenance: str
    counts: dict[str, int]  # generals, cards, regions
    changed: dict[str, int]  # of those, entries that differ from the designed values
    uploaded_by: int | None
    uploaded_at: float


@dataclass(frozen=True)
class SeatView:
    """The engine's view for one seat (None: the public view) with the table that names the
    seats, for commands that show one game's own data (hands, generals)."""

    table: Table
    seat: int | None
    view: dict[str, Any]


@dataclass(frozen=True)
class Council:
    """A private group of seats (`Game.private_groups`: Redux's allies before the alliance
    action), who may consult in a private thread; `thread_id` is None until it is opened."""

    game_id: int
    game: str  # the game's name, for its own words (`<game>.groups.*`, bot/service/groups.py)
    purpose: str
    allies: list[Seat]  # the group's members
    chooser: Seat | None  # whose decision they talk over, if any
    channel_id: int | None  # the table's text channel, where the private thread is opened
    thread_id: int | None

"""Events: what happened, for the table's log, as a message the bot words for each reader
(games.core.messages). A player is a `Seat` parameter; the bot names them."""

from __future__ import annotations

from dataclasses import dataclass

from games.core.messages import Said, said_json, said_of


@dataclass(frozen=True)
class Event:
    """`text` is what it says (a message, or a plain sentence in code not yet moved to
    keys); `seats` is None for a public event, or the seats allowed to read it (a drawn card).
    """

    text: Said
    seats: tuple[int, ...] | None = None
    kind: str = "log"

    @property
    def public(self) -> bool:
        return self.seats is None

    def visible_to(self, seat: int | None) -> bool:
        return self.seats is None or (seat is not None and seat in self.seats)

    def to_json(self) -> dict:
        return {"text": said_json(self.text),
                "seats": None if self.seats is None else list(self.seats), "kind": self.kind}

    @classmethod
    def from_json(cls, data: dict) -> Event:
        seats = data.get("seats")
        return cls(said_of(data["text"]), None if seats is None else tuple(seats),
                   data.get("kind", "log"))

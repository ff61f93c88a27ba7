"""Events: what happened, in words a player understands, for the channel log.

Engines name players as `Seat N`, N being the 0-based seat index; the service replaces that
with the player's name (also in action labels), so engines never need to know names."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    """`seats` is None for a public event, or the seats allowed to read it (a drawn card)."""

    text: str
    seats: tuple[int, ...] | None = None
    kind: str = "log"

    @property
    def public(self) -> bool:
        return self.seats is None

    def visible_to(self, seat: int | None) -> bool:
        return self.seats is None or (seat is not None and seat in self.seats)

    def to_json(self) -> dict:
        return {"text": self.text, "seats": None if self.seats is None else list(self.seats),
                "kind": self.kind}

    @classmethod
    def from_json(cls, data: dict) -> Event:
        seats = data.get("seats")
        return cls(data["text"], None if seats is None else tuple(seats), data.get("kind", "log"))

"""A player's quiet hours (`/me quiet`): a daily span of their own local time in which the
bot neither mentions nor DMs them and their turn deadlines do not expire.

Stored as a member's setting (`UserConfig.quiet`: start and end in minutes after local
midnight, and the time zone as typed: an IANA name or a fixed UTC offset). The span may wrap
midnight (23:00 to 08:00); start and end never coincide. Local times are computed in the
zone, so a span follows daylight saving time where the zone has it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.i18n import text
from bot.service.models import ServiceError

_TIME = re.compile(r"^\s*(\d{1,2})(?:[:h.](\d{2}))?\s*$")
_OFFSET = re.compile(r"^\s*(?:utc|gmt)?\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class QuietHours:
    start: int  # minutes after local midnight
    end: int
    zone: str  # as stored: an IANA name ("Asia/Seoul") or an offset ("+09:00")

    @classmethod
    def stored(cls, value: tuple[int, int, str] | list | None) -> QuietHours | None:
        if not value:
            return None
        start, end, zone = value
        return cls(int(start), int(end), str(zone))

    def as_stored(self) -> list[int | str]:
        return [self.start, self.end, self.zone]

    def until(self, now: float) -> float | None:
        """The end of the quiet span `now` falls in (epoch seconds), or None when `now` is
        outside the quiet hours."""
        local = datetime.fromtimestamp(now, _zone(self.zone))
        minute = local.hour * 60 + local.minute
        inside = (self.start <= minute < self.end if self.start < self.end
                  else minute >= self.start or minute < self.end)
        if not inside:
            return None
        end = local.replace(hour=self.end // 60, minute=self.end % 60, second=0,
                            microsecond=0)
        if end <= local:
            end += timedelta(days=1)
        return end.timestamp()

    def moved(self, due: float) -> float:
        """A deadline never expires inside quiet hours: one that would falls at their end."""
        end = self.until(due)
        return due if end is None else end

    def span(self) -> str:
        """"23:00–08:00 (Asia/Seoul)", as `/me settings` shows it."""
        return f"{_clock(self.start)}–{_clock(self.end)} ({self.zone})"


def parse_quiet(start: str, end: str, zone: str) -> QuietHours:
    """What `/me quiet` typed: hours such as `23` or `22:30`, and a time zone as an IANA name
    (`Europe/Paris`) or a UTC offset (`+9`, `UTC-05:30`)."""
    first, last = _minutes(start), _minutes(end)
    if first is None or last is None or first == last:
        raise ServiceError(text("clock.bad_quiet_hours"))
    return QuietHours(first, last, _zone_name(zone))


def _minutes(typed: str) -> int | None:
    found = _TIME.match(typed)
    if found is None:
        return None
    hours, minutes = int(found.group(1)), int(found.group(2) or 0)
    if hours == 24 and minutes == 0:
        return 0
    if hours > 23 or minutes > 59:
        return None
    return hours * 60 + minutes


def _zone_name(typed: str) -> str:
    """The stored form of a time zone, or a refusal that says what is accepted."""
    typed = typed.strip()
    if typed.upper() in ("UTC", "GMT", "Z"):
        return "+00:00"
    offset = _OFFSET.match(typed)
    if offset is not None:
        sign, hours, minutes = offset.group(1), int(offset.group(2)), int(offset.group(3) or 0)
        if hours > 14 or minutes > 59:
            raise ServiceError(text("clock.bad_zone", zone=typed))
        return f"{sign}{hours:02d}:{minutes:02d}"
    try:
        ZoneInfo(typed)
    except (ZoneInfoNotFoundError, ValueError):
        raise ServiceError(text("clock.bad_zone", zone=typed)) from None
    return typed


def _zone(stored: str) -> tzinfo:
    if stored.startswith(("+", "-")):
        sign = -1 if stored[0] == "-" else 1
        hours, minutes = stored[1:].split(":")
        return timezone(sign * timedelta(hours=int(hours), minutes=int(minutes)))
    return ZoneInfo(stored)


def _clock(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"

"""A small token bucket per client address: every route of the web table takes one token a
request, so one address can neither scrape history step by step nor flood the renderers.

Behind a reverse proxy on the same machine every request comes from the loopback address:
then the last address of X-Forwarded-For (the one the proxy itself added) is the client's.
A header from any other peer is ignored, since a client could write it itself.
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections.abc import Callable
from dataclasses import dataclass

MAX_CLIENTS = 10_000  # buckets kept; the fullest (idle) ones are forgotten first


@dataclass
class _Bucket:
    tokens: float
    at: float


class RateLimit:
    """`burst` requests at once, then `rate` a second; `now` is a monotonic clock."""

    def __init__(self, burst: float = 60, rate: float = 5,
                 now: Callable[[], float] = time.monotonic) -> None:
        self.burst, self.rate, self.now = burst, rate, now
        self._buckets: dict[str, _Bucket] = {}

    def take(self, client: str) -> float:
        """0 when the request may go on, else the seconds to wait (for Retry-After)."""
        now = self.now()
        bucket = self._buckets.get(client) or _Bucket(self.burst, now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.at) * self.rate)
        bucket.at = now
        self._buckets[client] = bucket
        if len(self._buckets) > MAX_CLIENTS:
            self._forget()
        if bucket.tokens >= 1:
            bucket.tokens -= 1
            return 0.0
        return (1 - bucket.tokens) / self.rate

    def _forget(self) -> None:
        for client in sorted(self._buckets, key=lambda c: -self._buckets[c].tokens)[
                :len(self._buckets) // 2]:
            del self._buckets[client]


def client_address(peer: str | None, forwarded_for: str | None) -> str:
    if peer and forwarded_for and _loopback(peer):
        return forwarded_for.split(",")[-1].strip() or peer
    return peer or "unknown"


def retry_after(seconds: float) -> str:
    return str(max(1, math.ceil(seconds)))


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False

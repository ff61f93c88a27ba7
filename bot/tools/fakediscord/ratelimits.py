"""Per-route rate limit buckets with Discord's headers and 429 answers.

A bucket is keyed by the route template and its major parameter (channel, guild or
webhook), like Discord's. Routes without a rule are unlimited and send no headers. A 429
carries `retry_after` in the body, `Retry-After`, the scope, and a `Via` header (discord.py
treats a 429 without `Via` as a Cloudflare ban and gives up).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class Bucket:
    limit: int
    per: float
    remaining: int
    reset_at: float


@dataclass(frozen=True)
class Verdict:
    headers: dict[str, str]
    retry_after: float | None  # None: go ahead

    def body(self) -> dict[str, object]:
        return {"message": "You are being rate limited.", "retry_after": self.retry_after,
                "global": False, "code": 0}


class RateLimiter:
    def __init__(self, clock: Callable[[], float], wall: Callable[[], float]) -> None:
        self.clock, self.wall = clock, wall
        self.rules: dict[str, tuple[int, float]] = {}
        self.buckets: dict[tuple[str, str], Bucket] = {}
        self.forced: dict[str, list[float]] = {}  # route -> retry_after of the next 429s
        self.limited: list[str] = []  # the route of every 429 sent

    def limit(self, route: str, limit: int, per: float) -> None:
        """At most `limit` calls of `route` (e.g. "POST /channels/{channel_id}/messages") per
        `per` seconds for each major parameter."""
        self.rules[route] = (limit, per)

    def force_429(self, route: str, retry_after: float, times: int = 1) -> None:
        """Answer the next `times` calls of `route` with a 429, whatever the bucket says (a
        limit shared with other bots' traffic, as Discord has)."""
        self.forced.setdefault(route, []).extend([retry_after] * times)

    def check(self, route: str, major: str) -> Verdict:
        forced = self.forced.get(route)
        if forced:
            retry = forced.pop(0)
            self.limited.append(route)
            return Verdict(self._limited_headers(retry), retry)
        rule = self.rules.get(route)
        if rule is None:
            return Verdict({}, None)
        now = self.clock()
        bucket = self.buckets.get((route, major))
        if bucket is None or now >= bucket.reset_at:
            bucket = Bucket(rule[0], rule[1], rule[0], now + rule[1])
            self.buckets[(route, major)] = bucket
        reset_after = max(bucket.reset_at - now, 0.0)
        if bucket.remaining == 0:
            self.limited.append(route)
            return Verdict({**self._headers(route, bucket, reset_after),
                            **self._limited_headers(reset_after)}, round(reset_after, 3))
        bucket.remaining -= 1
        return Verdict(self._headers(route, bucket, reset_after), None)

    def _headers(self, route: str, bucket: Bucket, reset_after: float) -> dict[str, str]:
        return {
            "X-RateLimit-Limit": str(bucket.limit),
            "X-RateLimit-Remaining": str(bucket.remaining),
            "X-RateLimit-Reset": f"{self.wall() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": hashlib.sha1(route.encode()).hexdigest()[:16],
        }

    @staticmethod
    def _limited_headers(retry_after: float) -> dict[str, str]:
        return {"Retry-After": str(max(1, math.ceil(retry_after))),
                "X-RateLimit-Scope": "user", "Via": "1.1 google"}

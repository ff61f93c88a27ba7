"""The web table's addresses: a game's public id and a seat's private token, both signed
with HMAC-SHA256 under the operator's secret (GM_WEB_SECRET), so neither can be guessed.

A public id is `<game id>-<16 characters of the MAC of "game:<id>">`: the number alone
opens nothing, so games cannot be listed by counting. A token is
`<game>.<seat>.<user>.<expiry>.<MAC>`, the MAC over those four and the user's link
generation (bot/service/watch.py): bumping the generation revokes every token signed
before, and a token names one seat of one game, so it opens nothing else. Every MAC is
compared with `hmac.compare_digest` (constant time).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import dataclass

PUBLIC_MAC_CHARS = 16
TOKEN_MAC_CHARS = 32
LINK_SECONDS = 30 * 86_400  # a private link lasts a month, unless revoked sooner


def _mac(secret: bytes, message: str, chars: int) -> str:
    digest = hmac.new(secret, message.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")[:chars]


def public_id(secret: bytes, game_id: int) -> str:
    return f"{game_id}-{_mac(secret, f'game:{game_id}', PUBLIC_MAC_CHARS)}"


def game_of(secret: bytes, public: str) -> int | None:
    """The game a public id names, or None for one this secret did not sign."""
    number, _, mac = public.partition("-")
    if not number.isdigit() or len(number) > 18:
        return None
    game_id = int(number)
    wanted = _mac(secret, f"game:{game_id}", PUBLIC_MAC_CHARS)
    return game_id if hmac.compare_digest(mac.encode(), wanted.encode()) else None


@dataclass(frozen=True)
class Claim:
    """What a token says about itself; believed only once `signed_by` says so."""

    game_id: int
    seat: int
    user_id: int
    expiry: int  # epoch seconds
    mac: str

    def message(self, generation: int) -> str:
        return f"seat:{self.game_id}:{self.seat}:{self.user_id}:{self.expiry}:{generation}"

    def signed_by(self, secret: bytes, generation: int, now: float) -> bool:
        """Signed with this secret for the holder's current generation, and not expired."""
        wanted = _mac(secret, self.message(generation), TOKEN_MAC_CHARS)
        signed = hmac.compare_digest(self.mac.encode(), wanted.encode())
        return signed and now < self.expiry


def seat_token(secret: bytes, game_id: int, seat: int, user_id: int, expiry: int,
               generation: int) -> str:
    claim = Claim(game_id, seat, user_id, expiry, "")
    mac = _mac(secret, claim.message(generation), TOKEN_MAC_CHARS)
    return f"{game_id}.{seat}.{user_id}.{expiry}.{mac}"


def read_token(token: str) -> Claim | None:
    """The token's claim, or None when it is not shaped like one."""
    fields = token.split(".")
    if len(fields) != 5 or not all(f.isdigit() and len(f) <= 20 for f in fields[:4]):
        return None
    game_id, seat, user_id, expiry = (int(f) for f in fields[:4])
    return Claim(game_id, seat, user_id, expiry, fields[4])

"""The wargame's catalog names (Terms) of areas, generals, nations and markers. Messages are
`games.core.messages.msg`, as in every game; until the game is registered the house test that
checks every `msg("…")` key loads only registered games' catalogs, so this game's keys are
also checked by tests/games/wargame/test_wargame_texts.py against
`games/wargame/locales/*.toml` (docs/progress/wargame.md, unclear place 3)."""

from __future__ import annotations

from games.core.messages import Msg, Term, msg


def area(aid: str) -> Term:
    return Term(f"wargame.area.{aid}")


def general(gid: str) -> Term:
    return Term(f"wargame.general.{gid}")


def nation(nid: str) -> Term:
    return Term(f"wargame.nation.{nid}")


def power(pid: str) -> Term:
    """A nation, or the 豪族 (`gozoku`)."""
    return Term("wargame.marker.gozoku") if pid == "gozoku" else nation(pid)


def marker(mid: str) -> Term:
    """A marker of the cup: a nation's, the 豪族's or the relaxation marker."""
    if mid in ("gozoku", "relax"):
        return Term(f"wargame.marker.{mid}")
    return nation(mid)


def generals(gids: list[str]) -> tuple[Term, ...]:
    return tuple(general(g) for g in gids)


def units(gids: list[str], count: int, *, led: bool = False) -> Msg:
    """What moves, in words (a redeploy, a retreat, an invasion's contingent): its generals,
    its troops, or both; never an empty list of generals, never "0 troops". `led`: the
    generals lead the troops ("with", an invasion's contingent among others)."""
    if gids and count:
        return msg("wargame.units.led" if led else "wargame.units.both",
                   generals=generals(gids), count=count)
    if gids:
        return msg("wargame.units.generals", generals=generals(gids))
    return msg("wargame.units.troops", count=count)

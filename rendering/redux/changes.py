"""The overview's headline for Redux: the round and step, each nation's victory points as they
would stand now with their change, and what changed since the previous overview, found by
comparing the two public views (docs/redux-engine.md, "The view").

The lines come in the order a player cares about them: the alliance chosen, bids won, regions
changing hands, cards built and generals recruited, the Han Emperor token, then the tracks
(office, military, tribal friendship, farm and market) and the troops and deficits. The
headline shows the first few and counts the rest; the log has them all.
"""

from __future__ import annotations

from collections.abc import Iterator

from games.core.messages import Msg, Param, Term, msg
from rendering.kit.canvas import Canvas
from rendering.kit.headline import Headline, Standing, delta
from rendering.redux.standing import vp_now
from rendering.redux.style import Table

TRACKS = (("office", "redux.board.change_office"), ("military", "redux.board.change_military"),
          ("tribal", "redux.board.change_tribal"))
LEVELS = (("farm", "redux.board.change_farm"), ("market", "redux.board.change_market"))


def headline(c: Canvas, t: Table, before: dict | None) -> Headline:
    now = vp_now(t.view)
    then = vp_now(before) if before else {}
    seats = [int(p["seat"]) for p in t.view.get("players", [])]
    standings = tuple(Standing(seat, t.say(c, "redux.board.vp", vp=now.get(seat, 0)),
                               delta(then.get(seat), now.get(seat, 0)) if before else None)
                      for seat in _ranked(seats, now))
    lines = tuple(t.term(c, line)
                  for line in changes(t, before)) if before else ()
    colors = tuple(t.color(seat) for seat in range(max(seats, default=-1) + 1))
    return Headline(t.status(c), standings, lines, colors)


def _ranked(seats: list[int], vp: dict[int, int]) -> list[int]:
    """Best first, so the headline reads as a ranking; seat order breaks ties."""
    return sorted(seats, key=lambda seat: (-vp.get(seat, 0), seat))


def changes(t: Table, before: dict) -> list[Msg]:
    """Every change between `before` and the table's view, most telling first."""
    return [*_alliance(t, before), *_won(t, before), *_regions(t, before),
            *_pieces(t, before), *_emperor(t, before), *_tracks(t, before),
            *_troops(t, before)]


def _players(view: dict) -> dict[int, dict]:
    return {int(p["seat"]): p for p in view.get("players", [])}


def _pairs(t: Table, before: dict) -> Iterator[tuple[int, dict, dict]]:
    """(seat, then, now) for every seat in both views."""
    then = _players(before)
    for seat, now in _players(t.view).items():
        if seat in then:
            yield seat, then[seat], now


def _alliance(t: Table, before: dict) -> list[Msg]:
    chosen = (t.view.get("alliance") or {}).get("action")
    if not chosen or chosen == (before.get("alliance") or {}).get("action"):
        return []
    allies = [t.who_param(s) for s in (t.view.get("alliance") or {}).get("allies") or []]
    return [msg("redux.board.change_alliance", action=Term(f"redux.action.{chosen}"),
                allies=allies)]


def _won(t: Table, before: dict) -> list[Msg]:
    """Bids won since the previous overview (R8.1), one line per action."""
    had = {a.get("id"): a.get("winners") for a in before.get("actions", [])}
    return [msg("redux.board.change_won", who=[t.who_param(s) for s in a["winners"]],
                action=Term(f"redux.action.{a['id']}"))
            for a in t.view.get("actions", []) if a.get("winners") and not had.get(a.get("id"))]


def _regions(t: Table, before: dict) -> list[Msg]:
    """A region occupied, taken from another nation, or left."""
    had = {r.get("id"): r.get("occupant") for r in before.get("regions", [])}
    lines = []
    for region in t.view.get("regions", []):
        now, then = region.get("occupant"), had.get(region.get("id"))
        seat_now = None if now is None else int(now["seat"])
        seat_then = None if then is None else int(then["seat"])
        if seat_now == seat_then:
            continue
        name = t.named("region", region)
        if seat_now is None:
            lines.append(msg("redux.board.change_left", who=t.who_param(seat_then or 0),
                             region=name))
        elif seat_then is None:
            lines.append(msg("redux.board.change_occupied", who=t.who_param(seat_now),
                             region=name))
        else:
            lines.append(msg("redux.board.change_took", who=t.who_param(seat_now), region=name,
                             loser=t.who_param(seat_then)))
    return lines


def _pieces(t: Table, before: dict) -> list[Msg]:
    """Cards built and generals revealed since the previous overview."""
    lines = []
    for seat, then, now in _pairs(t, before):
        built = _new(then.get("built"), now.get("built"))
        if built:
            lines.append(msg("redux.board.change_built", who=t.who_param(seat),
                             cards=[t.named("card", card) for card in built]))
        recruited = _new(then.get("generals"), now.get("generals"))
        if recruited:
            lines.append(msg("redux.board.change_recruited", who=t.who_param(seat),
                             generals=[t.named("general", g) for g in recruited]))
    return lines


def _new(then: list[dict] | None, now: list[dict] | None) -> list[dict]:
    known = {entry.get("id") for entry in then or []}
    return [entry for entry in now or [] if entry.get("id") not in known]


def _emperor(t: Table, before: dict) -> list[Msg]:
    holder = t.view.get("emperor_holder")
    if holder is None or holder == before.get("emperor_holder"):
        return []
    return [msg("redux.board.change_emperor", who=t.who_param(int(holder)))]


def _tracks(t: Table, before: dict) -> list[Msg]:
    """Office, military score, tribal friendship, then farm and market levels."""
    lines = []
    for seat, then, now in _pairs(t, before):
        for field, key in TRACKS:
            old, new = int(then.get(field, 0)), int(now.get(field, 0))
            if old != new:
                shown: dict[str, Param] = {"old": old, "new": new}
                if field == "office":
                    shown = {"office": t.office_param(new)}
                lines.append(msg(key, who=t.who_param(seat), **shown))
        for area, key in LEVELS:
            old, new = _level(then, area), _level(now, area)
            if old != new:
                lines.append(msg(key, who=t.who_param(seat), old=old, new=new))
    return lines


def _level(player: dict, area: str) -> int:
    return int((player.get(area) or {}).get("level", 0))


def _troops(t: Table, before: dict) -> list[Msg]:
    """Armies gained or lost (untrained and trained together), then new deficit tokens."""
    lines = []
    for seat, then, now in _pairs(t, before):
        change = _armies(t.view, now) - _armies(before, then)
        if change:
            lines.append(msg("redux.board.change_armies_gained" if change > 0 else
                             "redux.board.change_armies_lost", who=t.who_param(seat),
                             count=abs(change)))
    for seat, then, now in _pairs(t, before):
        added = int(now.get("deficits", 0)) - int(then.get("deficits", 0))
        if added > 0:
            lines.append(msg("redux.board.change_deficits", who=t.who_param(seat),
                             count=added))
    return lines


def _armies(view: dict, player: dict) -> int:
    """Every army the nation has: in its supply, in its bids (units go with a placement,
    A32, and come back) and standing on regions."""
    armies = player.get("armies") or {}
    on_regions = sum(int(o.get("count", 0)) for o in player.get("occupations") or [])
    on_bids = sum(int((b.get("units") or {}).get("count", 0)) for a in view.get("actions", [])
                  for b in a.get("bids", []) if b.get("seat") == player.get("seat"))
    return (int(armies.get("untrained", 0)) + int(armies.get("trained", 0)) + on_regions
            + on_bids)

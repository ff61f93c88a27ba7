"""The overview's headline for Record: the round and phase, each seat's points and cities
against the target, and what changed since the previous overview, found by comparing the
two public views (cities built, taken or lost, defenders revealed or replaced, the target
reached, the end triggered, the winner).

Only public views are compared, so a change line can never tell more than the board did.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.messages import Term
from rendering.kit.headline import Headline, Standing, delta
from rendering.record.words import Words, face_up


@dataclass(frozen=True)
class Holding:
    """Where a city lay in a view: its owner, its card and its defender as shown."""

    seat: int
    card: dict
    defender: dict
    face_up: bool


def headline(view: dict, before: dict | None, w: Words) -> Headline:
    return Headline(title(view, w), standings(view, before, w), changes(view, before, w))


def title(view: dict, w: Words) -> str:
    phase = Term(f"record.phase.{view.get('phase', 'lords')}")
    text = w("title", round=view["round"], phase=phase) if view.get("round") else \
        w("title_start", phase=phase)
    if view.get("end_triggered") and view.get("phase") != "over":
        text = w("last_round", title=text)
    return text


def standings(view: dict, before: dict | None, w: Words) -> tuple[Standing, ...]:
    """Points decide the game (R20), cities against the target end it: both on each chip,
    the change in points beside it."""
    old = {p["seat"]: p.get("points", 0) for p in (before or {}).get("players", [])}
    return tuple(Standing(p["seat"], w("standing", points=p.get("points", 0),
                                       cities=len(p.get("cities", [])),
                                       target=view.get("target", 0)),
                          delta(old.get(p["seat"]) if before else None, p.get("points", 0)))
                 for p in view.get("players", []))


def changes(view: dict, before: dict | None, w: Words) -> tuple[str, ...]:
    """Worded lines, the weightiest first; nothing when there is no previous overview."""
    if before is None:
        return ()
    return (*_result(view, before, w), *_cities(view, before, w), *_milestones(view, before, w))


def holdings(view: dict) -> dict[str, Holding]:
    """Every city in play by its card id."""
    return {h["card"]["id"]: Holding(p["seat"], h["card"], h.get("defender", {}),
                                     bool(h.get("face_up")))
            for p in view.get("players", []) for h in p.get("cities", [])}


def _cities(view: dict, before: dict, w: Words) -> list[str]:
    """Cities taken, built, discarded, then defenders turned face up or replaced."""
    now, then = holdings(view), holdings(before)
    kinds: dict[str, list[str]] = {"taken": [], "built": [], "discarded": [], "revealed": [],
                                   "stationed": []}
    for city_id, held in now.items():
        was = then.get(city_id)
        city = w.card(held.card)
        if was is None:
            kinds["built"].append(w("change.built", who=w.seat(held.seat), city=city))
        elif was.seat != held.seat:
            kinds["taken"].append(w("change.taken", who=w.seat(held.seat), city=city,
                                    **{"from": w.seat(was.seat)}))
        elif held.face_up and not was.face_up and face_up(held.defender):
            kinds["revealed"].append(w("change.revealed", city=city,
                                       general=w.card(held.defender)))
        elif _replaced(was, held):
            kinds["stationed"].append(w("change.stationed", who=w.seat(held.seat), city=city))
    kinds["discarded"] = [w("change.discarded", who=w.seat(was.seat), city=w.card(was.card))
                          for city_id, was in then.items() if city_id not in now]
    return [line for lines in kinds.values() for line in lines]


def _replaced(was: Holding, held: Holding) -> bool:
    """A face-up defender gone: another general stands there now (face down or up)."""
    return was.face_up and face_up(was.defender) and (
        not held.face_up or held.defender.get("id") != was.defender.get("id"))


def _milestones(view: dict, before: dict, w: Words) -> list[str]:
    lines = []
    first = view.get("first_to_target")
    if first is not None and before.get("first_to_target") is None:
        lines.append(w("change.first", who=w.seat(first), target=view.get("target", 0),
                       bonus=view.get("bonus_value", 0)))
    if view.get("end_triggered") and not before.get("end_triggered") \
            and view.get("phase") != "over":  # once over, the winner's line says it
        lines.append(w("change.end_target" if view.get("end_reason") == "target"
                       else "change.end_deck"))
    if _lords_shown(view) and not _lords_shown(before):
        lines.append(w("change.lords"))
    return lines


def _lords_shown(view: dict) -> bool:
    lords = [lord for p in view.get("players", []) for lord in p.get("lords", [])]
    return bool(lords) and all(face_up(lord) for lord in lords)


def _result(view: dict, before: dict, w: Words) -> list[str]:
    result = view.get("result")
    if not result or before.get("result"):
        return []
    totals = {s["seat"]: s["total"] for s in result.get("scores", [])}
    winners = result.get("winners", [])
    if not winners:
        return []
    return [w("change.won", who=tuple(w.seat(s) for s in winners), points=totals[winners[0]])]

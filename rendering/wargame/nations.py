"""The "nations" part: a panel for each nation, the players' nations in seat order first,
then the minor nations, then one line naming the fallen.

A panel tells who runs the nation (a player, or nobody: a minor nation), its ruler, its
areas, troops, value (W29.1) and big cities, and its generals area by area. The acting
nation's panel is lit and adds its DP and what its areas did this step. Drawn from a seat's
own view, that seat's panel adds what only it may see: the order it is building, the orders
a refusal left paused, its battle plan and the generals it has secretly chosen.
"""

from __future__ import annotations

from typing import Any

from games.core.messages import Param
from rendering.kit.canvas import Canvas
from rendering.kit.layout import GAP, MARGIN, PAD, STRIPE_W, boxed
from rendering.kit.theme import DARK_TEXT, GOLD, MUTED, NAME, PANEL, PANEL_HI, TEXT, TILE
from rendering.wargame.chips import Chips, chips
from rendering.wargame.style import TEXT_SIZE, Table, board_data, short

OWN = "#3b2f4a"  # the fill of what only the seat drawing its own part may see
DRAFT_RULES = ("levy", "invade", "move", "diplo", "block")


def draw_nations(c: Canvas, t: Table, y: float, width: float) -> float:
    nations = t.nations()
    alive = [n for n in nations if nations[n].get("alive")]
    played = sorted((n for n in alive if t.is_player_nation(n)),
                    key=lambda n: int(nations[n]["seat"]))
    for nid in played + [n for n in alive if n not in played]:
        y = _panel(c, t, nid, y, width) + GAP
    fallen = [n for n in nations if not nations[n].get("alive")]
    if fallen:
        y = chips(c, [(t.say("nations.fallen", nations=tuple(short(t.power(n))
                                                             for n in fallen)), PANEL, MUTED)],
                  MARGIN, y, width) + GAP
    return y - GAP


def _panel(c: Canvas, t: Table, nid: str, y: float, width: float) -> float:
    acting = t.view.get("acting") == nid and bool(t.view.get("step"))
    x, w = MARGIN + STRIPE_W + PAD, width - STRIPE_W - 2 * PAD
    return boxed(c, (MARGIN, MARGIN + width, y),
                 lambda cc, top: _body(cc, t, nid, acting, x, w, top),
                 fill=PANEL_HI if acting else PANEL, stripe=t.accent(nid),
                 outline=GOLD if acting else None)


def _body(c: Canvas, t: Table, nid: str, acting: bool, x: float, w: float, y: float) -> float:
    name_w = c.text(x, y, t.power(nid), NAME, t.accent(nid), bold=True, max_width=w * 0.6,
                    min_size=TEXT_SIZE)
    seat = t.seat_of(nid)
    who = t.say("nations.player", who=t.name(c, seat)) if seat is not None else \
        t.say("nations.minor")
    c.text(x + name_w + GAP, y + NAME - TEXT_SIZE, who, TEXT_SIZE, TEXT if seat is not None
           else MUTED, bold=True, max_width=w - name_w - GAP, min_size=TEXT_SIZE)
    y = chips(c, _facts(t, nid), x, y + NAME + 10, w)
    generals = _generals(t, nid)
    if generals:
        y = chips(c, generals, x, y + 8, w)
    if acting:
        y = chips(c, _step(t), x, y + 8, w)
    if seat is not None and seat == t.own():
        own = _own(t)
        if own:
            y = chips(c, own, x, y + 8, w)
    return y


def _facts(t: Table, nid: str) -> Chips:
    n = t.nations()[nid]
    areas = [a for a, s in t.areas().items() if s.get("control") == nid]
    out: Chips = []
    if n.get("ruler"):
        out.append((t.say("nations.ruler", ruler=t.general(str(n["ruler"]))), TILE, GOLD))
    out += [(t.say("nations.areas", count=len(areas)), TILE, TEXT),
            (t.say("nations.troops", count=int(n.get("troops") or 0)), TILE, TEXT),
            (t.say("nations.value", value=int(n.get("value") or 0)), TILE, GOLD),
            (t.say("nations.big_cities", count=int(n.get("big_cities") or 0)), TILE, TEXT)]
    if n.get("seat") is not None:
        out.append((t.say("nations.base", value=int(n.get("base") or 0)), TILE, MUTED))
    return out


def _generals(t: Table, nid: str) -> Chips:
    """One chip per area where the nation has generals: the area and their names."""
    gens = t.view.get("generals") or {}
    by_area: dict[str, list[str]] = {}
    for gid in board_data().generals:
        spot = gens.get(gid) or {}
        if spot.get("state") == "nation" and spot.get("nation") == nid:
            by_area.setdefault(str(spot["area"]), []).append(gid)
    return [(t.say("generals_at", area=short(t.area(aid)),
                   generals=tuple(short(t.general(g)) for g in gids)), TILE, TEXT)
            for aid, gids in by_area.items()]


def _step(t: Table) -> Chips:
    """The acting nation's step (W9, W11): DP, the areas by what they did, targets, allies."""
    step = t.view.get("step") or {}
    out: Chips = [(t.say("step.dp", dp=int(step.get("dp") or 0)), GOLD, DARK_TEXT)]
    status: dict[str, str] = step.get("status") or {}
    for kind in ("domestic", "invading"):
        done = [a for a, s in status.items() if s == kind]
        if done:
            out.append((t.say(f"step.{kind}", areas=_areas(t, done)), TILE, TEXT))
    idle = sum(1 for s in status.values() if s == "idle")
    out.append((t.say("step.idle", count=idle), TILE, MUTED))
    if step.get("invaded_areas"):
        out.append((t.say("step.invaded", areas=_areas(t, step["invaded_areas"])), TILE, TEXT))
    if step.get("allies"):
        out.append((t.say("step.allies", nations=tuple(short(t.power(n))
                                                       for n in step["allies"])), TILE, TEXT))
    return out


def _areas(t: Table, ids: list[str]) -> tuple[str, ...]:
    return tuple(short(t.area(a)) for a in ids)


def _own(t: Table) -> Chips:
    """What only the seat drawing its own part sees: its draft, paused orders, battle plan and
    secret picks (view fields the engine fills for that seat alone)."""
    out: Chips = []
    draft = t.view.get("draft") or {}
    if draft.get("rule") in DRAFT_RULES:
        out.append((_draft(t, draft), OWN, TEXT))
    queue = t.view.get("queue") or {}
    if queue.get("lines"):
        out.append((t.say("own.queue", orders=" / ".join(str(x) for x in queue["lines"])),
                    OWN, TEXT))
        if queue.get("error"):
            out.append((t.say("own.refused", order=str(queue["error"])), OWN, GOLD))
    plan = t.view.get("plan")
    if plan:
        out.append((_plan(t, plan), OWN, TEXT))
    if t.view.get("selection"):
        out.append((t.say("own.selection", generals=tuple(
            short(t.general(g)) for g in t.view["selection"])), OWN, GOLD))
    return out


def _draft(t: Table, draft: dict[str, Any]) -> str:
    """The order being built: its kind, its area, the generals and troops chosen so far."""
    where = draft.get("area") or draft.get("target") or draft.get("source") or draft.get("a")
    chosen = tuple(short(t.general(str(g))) for g in draft.get("chosen") or [])
    sent = draft.get("troops")
    count = sum(int(v) for v in sent.values()) if isinstance(sent, dict) else int(sent or 0)
    params: dict[str, Param] = {"area": short(t.area(str(where))) if where else "-",
                                "generals": chosen or "-", "troops": count}
    return t.say(f"own.draft.{draft['rule']}", **params)


def _plan(t: Table, plan: dict[str, Any]) -> str:
    """The battle plan (W33.4) worded: its generals, its retreat threshold and place, pursuit."""
    parts = []
    chosen = plan.get("select")
    if chosen == "best":
        parts.append(t.say("own.plan.best"))
    elif chosen:
        parts.append(t.say("own.plan.select", generals=tuple(short(t.general(str(g)))
                                                              for g in chosen)))
    if "retreat_below" in plan:
        parts.append(t.say("own.plan.retreat_below", count=int(plan["retreat_below"])))
    if plan.get("retreat_to"):
        parts.append(t.say("own.plan.retreat_to", area=short(t.area(str(plan["retreat_to"])))))
    if "pursue" in plan:
        parts.append(t.say("own.plan.pursue" if plan["pursue"] else "own.plan.no_pursue"))
    return t.say("own.plan", plan=tuple(parts))

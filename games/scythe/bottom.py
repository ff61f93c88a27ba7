"""Bottom-row actions (spec S7): Upgrade, Deploy, Build, Enlist, their section coins, the
recruits' bonuses (S11) and the stars they complete.

A bottom-row action resolves in the order of S7.5: pay -> primary effect -> section coins ->
recruit ongoing bonuses (active player, left, right) -> the active player's stars -> the
neighbours' deferred stars. The `bottom` frame takes the payment and pushes the effect frame
(`upgrade`, `deploy`, `build` or `enlist`) and the automatic `bottom_end` frame that does the
rest. The effect may be declined with `none` (A17): the cost still buys the coins and the
recruit bonuses (S5.6).

Encounters and Factory cards grant the same effects for free (`push_free_action`): no cost,
no coins, no recruit bonuses (S11.3, S14.4, S15.5); an encounter places on the character's
territory without the worker requirement, and a part that cannot be placed is lost (S14.3,
A14)."""

from __future__ import annotations

from games.core import Action, Event
from games.core.messages import Msg, Param, msg
from games.scythe import gains, rules, top
from games.scythe import words as w
from games.scythe.board import Section, board
from games.scythe.frames import Decision, offered
from games.scythe.payment import begin_payment, can_pay
from games.scythe.state import (
    MAT,
    Frame,
    State,
    is_mech,
    mechs_deployed,
    neighbours,
    player,
    pop,
    push,
    set_unit_place,
)

VIA_MAT = "bottom"  # the player's own mat, as opposed to "encounter" and "factory"
ACTION_STAR = {"upgrade": ("upgrades", len(rules.TOP_BOXES)), "deploy": ("mechs", rules.MECHS),
               "build": ("structures", len(rules.STRUCTURES)),
               "enlist": ("recruits", len(rules.RECRUIT_SPACES))}  # S17.1


def sections(state: State, seat: int) -> tuple[Section, ...]:
    return board().mats[player(state, seat)["mat"]].sections


def bottom_cost(state: State, seat: int, index: int) -> dict[str, int]:
    """S7, S7.1: the printed cost less the upgrade cubes covering its slots (a section has only
    as many slots as start minus minimum, so the cost never drops below its minimum, T10)."""
    section = sections(state, seat)[index]
    covered = player(state, seat)["upgrades"].get(str(index), 0)
    return {section.cost_resource: section.cost_start - covered}


def has_recruit(state: State, seat: int, action: str) -> bool:
    """Whether the seat enlisted the recruit of the section whose bottom action is `action`."""
    mat = sections(state, seat)
    return any(mat[int(i)].bottom == action for i in player(state, seat)["recruits"])


def push_free_action(state: State, seat: int, action: str, via: str,
                     territory: str | None = None) -> None:
    """A free Upgrade/Deploy/Build/Enlist from an encounter or a Factory card (S11.3, S14.4,
    S15.5, T18); `territory` fixes where a mech or structure goes (the character's, S14.3)."""
    push(state, {"kind": action, "seat": seat, "via": via, "territory": territory},
         {"kind": "bottom_end", "seat": seat, "action": action, "via": via})


# -- the bottom frame ---------------------------------------------------------------------------
def _bottom_legal(state: State, frame: Frame) -> list[Action]:
    """The section's action when its cost can be paid in full (S5.2), even with nothing left
    to upgrade, deploy, build or enlist (S5.6), and `skip`."""
    seat, index = frame["seat"], frame["section"]
    action, cost = sections(state, seat)[index].bottom, bottom_cost(state, seat, index)
    options = [Action(action, (), msg("scythe.label.pay_action", cost=w.cost(cost),
                                      action=w.action(action)))] \
        if can_pay(state, seat, cost) else []
    return [*options, Action("skip", (), msg("scythe.label.skip", action=w.action(action)))]


def _bottom_apply(state: State, frame: Frame, action: Action) -> list[Event]:
    seat, index = frame["seat"], frame["section"]
    pop(state)
    bottom = sections(state, seat)[index].bottom
    if action.kind == "skip":
        return [Event(msg("scythe.skips", who=w.who(seat), action=w.action(bottom)))]
    push(state, {"kind": bottom, "seat": seat, "via": VIA_MAT, "territory": None},
         {"kind": "bottom_end", "seat": seat, "action": bottom, "via": VIA_MAT,
          "section": index})
    return begin_payment(state, seat, bottom_cost(state, seat, index), bottom)


def _bottom_refuse(state: State, frame: Frame, action: Action) -> Msg | None:
    seat, index = frame["seat"], frame["section"]
    bottom, cost = sections(state, seat)[index].bottom, bottom_cost(state, seat, index)
    if action.kind == bottom:
        return msg("scythe.refuse.bottom_cost", action=w.action(bottom), cost=w.cost(cost))
    return None


# -- Upgrade (S7.1) -----------------------------------------------------------------------------
def _upgrade_legal(state: State, frame: Frame) -> list[Action]:
    """A cube from any top box still holding one to any bottom section with a free slot."""
    seat = frame["seat"]
    p, mat = player(state, seat), sections(state, seat)
    open_sections = [i for i, s in enumerate(mat) if p["upgrades"].get(str(i), 0)
                     < s.upgrade_slots]
    return [*(Action("upgrade", (box, i + 1), _upgrade_label(state, seat, box, i))
              for box in p["cubes"] for i in open_sections), _none("upgrade")]


def _upgrade_label(state: State, seat: int, box: str, index: int) -> Msg:
    base, upgraded = rules.TOP_BOX_VALUES[box]
    cost = bottom_cost(state, seat, index)
    section = sections(state, seat)[index]
    return msg("scythe.label.upgrade", box=w.box(box), base=base, upgraded=upgraded,
               action=w.action(section.bottom),
               cost=w.cost({section.cost_resource: cost[section.cost_resource] - 1}))


def _upgrade_apply(state: State, frame: Frame, action: Action) -> list[Event]:
    pop(state)
    if action.kind == "none":
        return _declined(state, frame)
    seat, box, index = frame["seat"], str(action.args[0]), int(action.args[1]) - 1
    label = _upgrade_label(state, seat, box, index)
    p = player(state, seat)
    p["cubes"].remove(box)
    p["upgrades"][str(index)] = p["upgrades"].get(str(index), 0) + 1
    return [Event(msg("scythe.upgrades", who=w.who(seat), what=label))]


# -- Deploy (S7.2) ------------------------------------------------------------------------------
def _places(state: State, frame: Frame) -> list[str]:
    """Where a mech or structure may go: the fixed territory of an encounter (no worker
    needed, S14.3), else the seat's controlled territories with one of its workers. Never a
    lake (T11, T12); home bases are never controlled, so never offered."""
    if frame["territory"] is not None:
        places = [frame["territory"]] if board().is_territory(frame["territory"]) else []
    else:
        places = top.worker_territories(state, frame["seat"])
    return [t for t in places if t not in board().lakes]


def _deploy_legal(state: State, frame: Frame) -> list[Action]:
    seat = frame["seat"]
    mechs = [u.split(":", 1)[1] for u, place in player(state, seat)["units"].items()
             if is_mech(u) and place == MAT]
    return [*(Action("deploy", (ability, t), msg("scythe.label.deploy",
                                                 mech=w.unit(f"mech:{ability}"), place=w.place(t)))
              for ability in mechs for t in _places(state, frame)), _none("deploy")]


def _deploy_apply(state: State, frame: Frame, action: Action) -> list[Event]:
    pop(state)
    if action.kind == "none":
        return _declined(state, frame)
    seat, ability, territory = frame["seat"], str(action.args[0]), str(action.args[1])
    set_unit_place(state, seat, f"mech:{ability}", territory)
    return [Event(msg("scythe.deploys", who=w.who(seat), mech=w.unit(f"mech:{ability}"),
                      place=w.place(territory), ability=w.ability(ability)))]


# -- Build (S7.3) -------------------------------------------------------------------------------
def _build_legal(state: State, frame: Frame) -> list[Action]:
    seat = frame["seat"]
    left = [k for k in rules.STRUCTURES if k not in player(state, seat)["structures_built"]]
    places = [t for t in _places(state, frame) if t not in state["structures"]]
    return [*(Action("build", (kind, t), msg("scythe.label.build", structure=w.structure(kind),
                                             place=w.place(t)))
              for kind in left for t in places), _none("build")]


def _build_apply(state: State, frame: Frame, action: Action) -> list[Event]:
    pop(state)
    if action.kind == "none":
        return _declined(state, frame)
    seat, kind, territory = frame["seat"], str(action.args[0]), str(action.args[1])
    state["structures"][territory] = {"seat": seat, "kind": kind}
    player(state, seat)["structures_built"].append(kind)
    return [Event(msg("scythe.builds", who=w.who(seat), structure=w.structure(kind),
                      place=w.place(territory)))]


# -- Enlist (S7.4, S11.1) -----------------------------------------------------------------------
def _enlist_legal(state: State, frame: Frame) -> list[Action]:
    """The recruit of any section not yet enlisted onto any unused one-time space (T13)."""
    seat = frame["seat"]
    recruits = player(state, seat)["recruits"]
    mat = sections(state, seat)
    return [*(Action("enlist", (i + 1, space), _enlist_label(mat[i], space))
              for i in range(len(mat)) if str(i) not in recruits
              for space in rules.RECRUIT_SPACES if space not in recruits.values()),
            _none("enlist")]


def _enlist_label(section: Section, space: str) -> Msg:
    key, n = section.recruit_bonus
    return msg("scythe.label.enlist", action=w.action(section.bottom), ongoing=w.amount(key, n),
               now=w.amount(space, rules.RECRUIT_SPACE_GAIN[space]))


def _enlist_apply(state: State, frame: Frame, action: Action) -> list[Event]:
    pop(state)
    if action.kind == "none":
        return _declined(state, frame)
    seat, index, space = frame["seat"], int(action.args[0]) - 1, str(action.args[1])
    player(state, seat)["recruits"][str(index)] = space
    section = sections(state, seat)[index]
    events = [Event(msg("scythe.enlists", who=w.who(seat), action=w.action(section.bottom),
                        space=w.space(space)))]
    # A star from this gain waits for the coins and the recruit bonuses (S18.2).
    return events + gains.gain(state, seat, {space: rules.RECRUIT_SPACE_GAIN[space]},
                               defer_stars=frame["via"] == VIA_MAT)


# -- shared pieces of the effect frames ---------------------------------------------------------
def _none(action: str) -> Action:
    return Action("none", (), msg("scythe.label.none", action=w.action(action)))


def _declined(state: State, frame: Frame) -> list[Event]:
    """`none`: declined by choice, or a free action with nothing it could do (A14)."""
    seat, action = frame["seat"], frame["kind"]
    if frame["via"] != VIA_MAT and len(DECISIONS[action].legal(state, frame)) == 1:
        return [Event(msg("scythe.free_action_lost", who=w.who(seat), action=w.action(action)))]
    return [Event(msg("scythe.takes_no", who=w.who(seat), action=w.action(action)))]


def _effect_refuse(state: State, frame: Frame, action: Action) -> Msg:
    """What the effect needs, and a few of the choices there are."""
    legal: list[Action] = DECISIONS[frame["kind"]].legal(state, frame)
    what: Param = msg(f"scythe.refuse.effect.{frame['kind']}")
    return msg("scythe.refuse.effect", what=what, choices=offered(legal))


# -- after the effect (S7.5) --------------------------------------------------------------------
def _bottom_end(state: State, frame: Frame) -> list[Event]:
    """Section coins, recruit bonuses, the active player's star, the deferred stars: each only
    if the game has not ended in between (S18.1, S18.2). Free actions give only the star."""
    pop(state)
    seat, action = frame["seat"], frame["action"]
    events: list[Event] = []
    if frame["via"] == VIA_MAT:
        coins = sections(state, seat)[frame["section"]].coins
        if coins:
            events += gains.gain(state, seat, {"coins": coins}, defer_stars=True)
        events += _recruit_bonuses(state, seat, action)
    events += _action_star(state, seat, action)
    if frame["via"] == VIA_MAT:
        events += gains.place_deferred(state)
    return events


def _recruit_bonuses(state: State, seat: int, action: str) -> list[Event]:
    """S11.2, S11.4, T14-T17: the active player, then the left and right neighbours (once with
    two players) who enlisted this action's recruit gain its ongoing bonus. Their stars wait
    until the action has resolved (S17.6)."""
    events = []
    for beneficiary in [seat, *neighbours(state, seat)]:
        if has_recruit(state, beneficiary, action):
            section = next(s for s in sections(state, beneficiary) if s.bottom == action)
            key, n = section.recruit_bonus
            events.append(Event(msg("scythe.recruit_pays", who=w.who(beneficiary),
                                    action=w.action(action))))
            events += gains.gain(state, beneficiary, {key: n}, defer_stars=True)
    return events


def _action_star(state: State, seat: int, action: str) -> list[Event]:
    """The star of the 6th upgrade, 4th mech, 4th structure or 4th recruit (S17.1)."""
    star, needed = ACTION_STAR[action]
    p = player(state, seat)
    done = {"upgrade": len(rules.TOP_BOXES) - len(p["cubes"]),
            "deploy": len(mechs_deployed(state, seat)),
            "build": len(p["structures_built"]), "enlist": len(p["recruits"])}[action]
    if done < needed or p["stars"].get(star):
        return []
    return gains.award_star(state, seat, star)


DECISIONS = {
    "bottom": Decision(_bottom_legal, _bottom_apply, _bottom_refuse),
    "upgrade": Decision(_upgrade_legal, _upgrade_apply, _effect_refuse),
    "deploy": Decision(_deploy_legal, _deploy_apply, _effect_refuse),
    "build": Decision(_build_legal, _build_apply, _effect_refuse),
    "enlist": Decision(_enlist_legal, _enlist_apply, _effect_refuse),
}
AUTOMATIC = {"bottom_end": _bottom_end}

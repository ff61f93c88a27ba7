"""R8.4.1-R8.4.12: the effects of the twelve general actions and their choices.

Each action has a `*_choices(state, seat, action)` listing its first decisions (empty when it
cannot be performed, so only declining remains) and a handler applying one of them. A handler
validates everything before its first change. Actions with later decisions (trade, the
instructor, a build paying weapons, weapons of the player's choice) leave `state["doing"]` set
to the next stage; resolution.py calls the stage's `*_choices` and handler until it is None."""

from __future__ import annotations

from games.core import Action, Event, IllegalAction, MalformedAction
from games.core.messages import Msg, Term, msg
from games.redux.citations import action_rule, cite, stage_rule
from games.redux.rules import (
    DEVELOPMENT_MAX,
    EMPEROR_OFFICE,
    HARVEST_RICE,
    HIRE_COST_RICE,
    MANIPULATE_GOLD,
    OFFICES,
    RECRUIT_ARMIES,
    RICE_LOT,
    RICE_LOTS_MAX,
    TAX_GOLD,
    TRADE_RATES,
    TRAIN_MAX,
    TRIBUTE_CHOICES,
    WEAPON_LOT,
    WEAPON_LOTS_MAX,
    WEAPONS,
)
from games.redux.say import amount, amounts, choices_hint, typed_match
from games.redux.state import (
    State,
    card_term,
    gain,
    general_term,
    holding,
    limits_on,
    pack,
    pay,
    player,
    who,
)

PRODUCE = {"spear_horse": ("spear", "horse"), "crossbow_ship": ("crossbow", "ship")}
DEVELOPMENT = {"farm": ("harvest", "granary", "farms", "rice", HARVEST_RICE),
               "market": ("tax", "treasury", "markets", "gold", TAX_GOLD)}
DEVELOPMENT_RULES = {"farm": "R8.4.1.2", "market": "R8.4.2.2"}  # develop, or collect and store


# -- small helpers ---------------------------------------------------------------------------
def arg(action: Action, index: int, form: str, rule: Term) -> str:
    """The `index`-th argument of `action` as a word, or a message showing the form (and
    `rule`, the rule of the decision that asks for it)."""
    value = action.args[index] if len(action.args) > index else None
    if not isinstance(value, str):
        raise MalformedAction(msg("redux.refuse.typed_form", typed=action.text, form=form),
                              rule=rule)
    return value


def int_arg(action: Action, index: int, form: str, rule: Term) -> int:
    """The `index`-th argument of `action` as a number, or a message showing the form (and
    `rule`, the rule of the decision that asks for it)."""
    value = action.args[index] if len(action.args) > index else None
    if not isinstance(value, int):
        raise MalformedAction(msg("redux.refuse.typed_form", typed=action.text, form=form),
                              rule=rule)
    return value


def refuse_unless_listed(action: Action, choices: list[Action], why: Msg, rule: Term) -> None:
    """Refuse an action outside `choices`, explaining the rule (`why`, and `rule` by its id)
    and naming what is possible."""
    if action in choices:
        return
    raise IllegalAction(msg("redux.refuse.not_possible", typed=action.text, why=why,
                            hint=choices_hint(choices)), rule=rule)


def supply_left(state: State, part: str) -> int | None:
    """What the general supply still holds of a limited part, or None when limits are off."""
    return supply_held(state, part) if limits_on(state) else None


def supply_held(state: State, part: str) -> int:
    """What the general supply holds of a part, for rules that apply only with limits on."""
    return max(state["supply"][part], 0)


# -- R8.4.1, R8.4.2: develop, harvest, collect tax ------------------------------------------
def development_choices(state: State, seat: int, action: str) -> list[Action]:
    """A19: develop while below level 5; harvest or tax needs a developed token waiting, and
    may put any number of them (0 to all) into storage."""
    area = player(state, seat)[action]
    collect, store, _, resource, rate = DEVELOPMENT[action]
    level, ready = area["level"], area["developed"]
    choices = []
    if level < DEVELOPMENT_MAX:
        choices.append(Action(action, ("develop",), label=msg(
            f"redux.label.develop_{action}", level=level, next=level + 1)))
    choices += [Action(action, (collect, k), label=msg(
        f"redux.label.{collect}", kept=amount(action, k), store=Term(f"redux.store.{store}"),
        sold=ready - k, got=amount(resource, (ready - k) * rate)))
                for k in range(ready + 1) if ready]
    return choices


def develop_or_collect(state: State, seat: int, action: str, move: Action) -> list[Event]:
    collect, store, key, resource, rate = DEVELOPMENT[action]
    form = f"{action} develop | {action} {collect} <k>"
    rule = cite(DEVELOPMENT_RULES[action])
    mode = arg(move, 0, form, rule=rule)
    p = player(state, seat)
    area = p[action]
    if mode == "develop":
        if area["level"] >= DEVELOPMENT_MAX:
            raise IllegalAction(msg(f"redux.refuse.{action}_full", level=DEVELOPMENT_MAX,
                                    hint=choices_hint(development_choices(state, seat,
                                                                          action))), rule=rule)
        area["level"] += 1
        area["developed"] += 1
        return [Event(msg(f"redux.log.develops_{action}", who=who(state, seat),
                          level=area["level"]))]
    if mode != collect:
        raise MalformedAction(msg("redux.refuse.typed_form", typed=move.text, form=form), rule=rule)
    kept = int_arg(move, 1, form, rule=rule)
    if not area["developed"]:
        raise IllegalAction(msg(f"redux.refuse.{action}_none_developed", hint=choices_hint(
            development_choices(state, seat, action))), rule=rule)
    if not 0 <= kept <= area["developed"]:
        raise IllegalAction(msg("redux.refuse.store_range", most=area["developed"],
                                store=Term(f"redux.store.{store}")), rule=rule)
    sold = area["developed"] - kept
    area["developed"] = 0
    p[store][key] += kept
    p[resource] += sold * rate
    return [Event(msg(f"redux.log.{collect}", who=who(state, seat), kept=amount(action, kept),
                      store=Term(f"redux.store.{store}"), sold=sold,
                      got=amount(resource, sold * rate)))]


# -- R8.4.3: trade (A2 rates, A3 lots) ---------------------------------------------------------
def rates(state: State) -> dict[str, int]:
    return TRADE_RATES[state["options"]["trade_rates"]]


def _rice_lots(state: State, seat: int) -> list[Action]:
    r, p = rates(state), player(state, seat)
    buy = [Action("rice", ("buy", n), label=msg("redux.label.buy", what=amount(
        "rice", n * RICE_LOT), gold=amount("gold", n * r["rice_buy"])))
           for n in range(1, RICE_LOTS_MAX + 1) if p["gold"] >= n * r["rice_buy"]]
    sell = [Action("rice", ("sell", n), label=msg("redux.label.sell", what=amount(
        "rice", n * RICE_LOT), gold=amount("gold", n * r["rice_sell"])))
            for n in range(1, RICE_LOTS_MAX + 1) if p["rice"] >= n * RICE_LOT]
    return buy + sell


def _weapon_lots(state: State, seat: int) -> list[Action]:
    r, p = rates(state), player(state, seat)
    stock = sum(supply_left(state, w) or 0 for w in WEAPONS) if limits_on(state) else None
    buy = [Action("weapons", ("buy", n), label=msg("redux.label.buy", what=amount(
        "weapon", n * WEAPON_LOT), gold=amount("gold", n * r["weapon_buy"])))
           for n in range(1, WEAPON_LOTS_MAX + 1)
           if p["gold"] >= n * r["weapon_buy"] and (stock is None or stock >= n * WEAPON_LOT)]
    sell = [Action("weapons", ("sell", n), label=msg("redux.label.sell", what=amount(
        "weapon", n * WEAPON_LOT), gold=amount("gold", n * r["weapon_sell"])))
            for n in range(1, WEAPON_LOTS_MAX + 1)
            if holding(state, seat, "weapon") >= n * WEAPON_LOT]
    return buy + sell


def trade_choices(state: State, seat: int, action: str) -> list[Action]:
    """R8.4.3.1: one or both trades; `rice none` is offered only when a weapon trade can
    follow, so the action always trades something."""
    choices = _rice_lots(state, seat)
    if _weapon_lots(state, seat):
        choices.append(Action("rice", ("none",), label=msg("redux.label.no_rice_trade")))
    return choices


def trade_rice(state: State, seat: int, action: str, move: Action) -> list[Event]:
    form = "rice buy|sell <lots> | rice none"
    direction = arg(move, 0, form, rule=cite("R8.4.3.2"))
    events = []
    if direction != "none":
        lots = int_arg(move, 1, form, rule=cite("R8.4.3.2"))
        refuse_unless_listed(move, trade_choices(state, seat, action),
                             msg("redux.why.rice_lots", lot=RICE_LOT, most=RICE_LOTS_MAX),
                             rule=cite("R8.4.3.2"))
        events.append(_rice_trade(state, seat, direction, lots))
    else:
        refuse_unless_listed(move, trade_choices(state, seat, action),
                             msg("redux.why.no_weapon_trade"), rule=cite("R8.4.3.2"))
    state["doing"] = {"action": action, "stage": "weapons", "rice": direction != "none"}
    return events


def _rice_trade(state: State, seat: int, direction: str, lots: int) -> Event:
    r, p = rates(state), player(state, seat)
    rice, gold = lots * RICE_LOT, lots * r[f"rice_{direction}"]
    if direction == "buy":
        p["gold"] -= gold
        p["rice"] += rice
        return Event(msg("redux.log.buys", who=who(state, seat), what=amount("rice", rice),
                         gold=amount("gold", gold)))
    p["rice"] -= rice
    p["gold"] += gold
    return Event(msg("redux.log.sells", who=who(state, seat), what=amount("rice", rice),
                     gold=amount("gold", gold)))


def weapons_choices(state: State, seat: int, doing: dict) -> list[Action]:
    none = [Action("weapons", ("none",), label=msg("redux.label.no_weapon_trade"))] \
        if doing["rice"] else []
    return _weapon_lots(state, seat) + none


def trade_weapons(state: State, seat: int, doing: dict, move: Action) -> list[Event]:
    form = "weapons buy|sell <lots> | weapons none"
    direction = arg(move, 0, form, rule=cite("R8.4.3.3"))
    if direction != "none":
        int_arg(move, 1, form, rule=cite("R8.4.3.3"))
    refuse_unless_listed(move, weapons_choices(state, seat, doing),
                         msg("redux.why.weapon_lots", lot=WEAPON_LOT, most=WEAPON_LOTS_MAX),
                         rule=cite("R8.4.3.3"))
    state["doing"] = None
    if direction == "none":
        return []
    lots = move.number(1)
    p, count, gold = player(state, seat), lots * WEAPON_LOT, lots * rates(state)[
        f"weapon_{direction}"]
    if direction == "buy":
        p["gold"] -= gold
        event = Event(msg("redux.log.buys", who=who(state, seat), what=amount("weapon", count),
                          gold=amount("gold", gold)))
        return [event, *ask_take(state, seat, doing["action"], count, "complete")]
    p["gold"] += gold
    ask_give(state, doing["action"], count)
    return [Event(msg("redux.log.sells", who=who(state, seat), what=amount("weapon", count),
                      gold=amount("gold", gold)))]


# -- weapons of the player's choice: taking from and giving to the general supply ------------
def ask_take(state: State, seat: int, action: str | None, count: int, after: str
             ) -> list[Event]:
    """Start a `take <weapon> <n>` stage for `count` weapons; with limits on (A17) the gain is
    cut to what the supply holds, and nothing is asked when it holds none."""
    stock = sum(supply_held(state, w) for w in WEAPONS) if limits_on(state) else count
    owed = min(count, stock)
    if owed < count:
        note = [Event(msg("redux.log.supply_short", who=who(state, seat),
                          got=amount("weapon", owed), wanted=amount("weapon", count)))]
    else:
        note = []
    if owed:
        state["doing"] = {"action": action, "stage": "take", "left": owed, "after": after}
    return note


def ask_give(state: State, action: str, count: int) -> None:
    """Start a `give <weapon> <n>` stage that completes `action`; callers checked the player
    holds `count` weapons."""
    state["doing"] = {"action": action, "stage": "give", "left": count, "after": "complete"}


def _spread(left: int, have: dict[str, int], verb: str) -> list[Action]:
    """Every `verb <weapon> <n>` that still lets the rest be filled from the other types, so
    a player holding a single possible type gets exactly one (automatic) choice."""
    total = sum(have.values())
    choices = []
    for weapon in WEAPONS:
        low, high = max(1, left - (total - have[weapon])), min(left, have[weapon])
        choices += [Action(verb, (weapon, n), label=msg(f"redux.label.{verb}", what=amount(
            weapon, n))) for n in range(low, high + 1)]
    return choices


def take_choices(state: State, seat: int, doing: dict) -> list[Action]:
    left = doing["left"]
    have = {w: supply_held(state, w) if limits_on(state) else left for w in WEAPONS}
    return _spread(left, have, "take")


def give_choices(state: State, seat: int, doing: dict) -> list[Action]:
    return _spread(doing["left"], dict(player(state, seat)["weapons"]), "give")


def take_weapons(state: State, seat: int, doing: dict, move: Action) -> list[Event]:
    return _move_weapons(state, seat, doing, move, take_choices(state, seat, doing))


def give_weapons(state: State, seat: int, doing: dict, move: Action) -> list[Event]:
    return _move_weapons(state, seat, doing, move, give_choices(state, seat, doing))


def _move_weapons(state: State, seat: int, doing: dict, move: Action,
                  choices: list[Action]) -> list[Event]:
    verb = doing["stage"]
    form, rule = f"{verb} <weapon> <n>", stage_rule(doing)
    weapon, n = arg(move, 0, form, rule=rule), int_arg(move, 1, form, rule=rule)
    refuse_unless_listed(move, choices, msg(f"redux.why.{verb}_left",
                                            left=amount("weapon", doing["left"])), rule=rule)
    if verb == "take":
        gain(state, seat, weapon, n)
        text = msg("redux.log.takes", who=who(state, seat), what=amount(weapon, n))
    else:
        pay(state, seat, weapon, n)
        text = msg("redux.log.pays", who=who(state, seat), what=amount(weapon, n))
    left = doing["left"] - n
    state["doing"] = {**doing, "left": left} if left else None
    return [Event(text)]


# -- R8.4.4: hire instructor and/or import technology (A42, A43) -----------------------------
def _decks_open(state: State) -> list[str]:
    return [d for d in ("union", "separation") if state["decks"][d]]


def instructor_choices(state: State, seat: int, action: str) -> list[Action]:
    p = player(state, seat)
    hires = []
    if p["rice"] >= HIRE_COST_RICE:
        hires = [Action("hire", (n,), label=msg("redux.label.hire", armies=amount("army", n),
                                                 rice=amount("rice", HIRE_COST_RICE)))
                 for n in range(1, min(TRAIN_MAX, p["armies"]["untrained"]) + 1)]
    if _decks_open(state):
        hires.insert(0, Action("hire", (0,), label=msg("redux.label.no_instructor")))
    return hires


def hire(state: State, seat: int, action: str, move: Action) -> list[Event]:
    n = int_arg(move, 0, "hire <0-2>", rule=cite("R8.4.4.2"))
    refuse_unless_listed(move, instructor_choices(state, seat, action),
                         msg("redux.why.hire", rice=amount("rice", HIRE_COST_RICE),
                             most=TRAIN_MAX), rule=cite("R8.4.4.2"))
    events = []
    if n:
        p = player(state, seat)
        pay(state, seat, "rice", HIRE_COST_RICE)
        p["armies"]["untrained"] -= n
        p["armies"]["trained"] += n
        events.append(Event(msg("redux.log.hires", who=who(state, seat),
                                rice=amount("rice", HIRE_COST_RICE), armies=amount("army", n))))
    state["doing"] = {"action": action, "stage": "import", "hired": n}
    return events


def import_choices(state: State, seat: int, doing: dict) -> list[Action]:
    none = [Action("import", ("none",), label=msg("redux.label.import_nothing"))] \
        if doing["hired"] else []
    return [Action("import", (d,), label=msg("redux.label.import", deck=Term(f"redux.deck.{d}")))
            for d in _decks_open(state)] + none


def import_card(state: State, seat: int, doing: dict, move: Action) -> list[Event]:
    deck = arg(move, 0, "import union|separation|none", rule=cite("R8.4.4.3"))
    refuse_unless_listed(move, import_choices(state, seat, doing), msg("redux.why.import"),
                         rule=cite("R8.4.4.3"))
    state["doing"] = None
    if deck == "none":
        return []
    card = state["decks"][deck].pop()
    player(state, seat)["hand"].append(card)
    return [Event(msg("redux.log.imports", who=who(state, seat), deck=Term(f"redux.deck.{deck}"))),
            Event(msg("redux.log.you_draw_card", card=card_term(state, card),
                      deck=Term(f"redux.deck.{deck}")), seats=(seat,))]


# -- R8.4.5: build a state development (G17 typed army costs) -------------------------------
def _requirement_met(state: State, seat: int, need: dict) -> bool:
    p = player(state, seat)
    have = {"farm_level": p["farm"]["level"], "market_level": p["market"]["level"],
            "tribal": p["tribal"], "office": p["office"], "military": p["military"],
            "occupations": len(p["occupations"]), "built": len(p["built"]),
            "support": p["support"], "generals": len(p["generals"])}
    return have[need["kind"]] >= need["min"]


def _affordable(state: State, seat: int, cost: dict) -> bool:
    p, armies = player(state, seat), player(state, seat)["armies"]
    spare = armies["untrained"] - cost["untrained"] + armies["trained"] - cost["trained"]
    return (p["gold"] >= cost["gold"] and p["rice"] >= cost["rice"]
            and p["support"] >= cost["support"]
            and holding(state, seat, "weapon") >= cost["weapons"]
            and armies["untrained"] >= cost["untrained"] and armies["trained"] >= cost["trained"]
            and spare >= cost["armies"])


def build_choices(state: State, seat: int, action: str) -> list[Action]:
    cards = pack(state).cards
    return [Action("build", (c,), label=msg("redux.label.build", card=card_term(state, c),
                                            cost=cost_text(cards[c]["cost"]), vp=cards[c]["vp"]))
            for c in player(state, seat)["hand"]
            if all(_requirement_met(state, seat, r) for r in cards[c]["requires"])
            and _affordable(state, seat, cards[c]["cost"])]


def build(state: State, seat: int, action: str, move: Action) -> list[Event]:
    card_id = arg(move, 0, "build <card>", rule=cite("R8.4.5.1"))
    cards, p = pack(state).cards, player(state, seat)
    if card_id not in p["hand"]:
        meant = typed_card(state, move.args, p["hand"])
        if meant:
            raise IllegalAction(msg("redux.refuse.did_you_mean", form=f"build {meant}"),
                                rule=cite("R8.4.5.1"))
        raise IllegalAction(msg("redux.refuse.not_in_hand", typed=card_id, hint=choices_hint(
            build_choices(state, seat, action))), rule=cite("R8.4.5.1"))
    card = cards[card_id]
    name = card_term(state, card_id)
    for need in card["requires"]:
        if not _requirement_met(state, seat, need):
            raise IllegalAction(msg("redux.refuse.card_needs", card=name, need=requirement(need)),
                                rule=cite("R8.4.5.2"))
    if not _affordable(state, seat, card["cost"]):
        raise IllegalAction(msg("redux.refuse.cannot_pay", card=name, cost=cost_text(
            card["cost"])), rule=cite("R8.4.5.3"))
    paid = _pay_cost(state, seat, card["cost"])
    p["hand"].remove(card_id)
    p["built"].append(card_id)
    events = [Event(msg("redux.log.builds", who=who(state, seat), card=name, paid=paid))]
    if card["cost"]["weapons"]:
        ask_give(state, action, card["cost"]["weapons"])
    return events


def requirement(need: dict) -> Msg:
    """A card's prerequisite: `farm level 3 or more`."""
    return msg("redux.log.requirement", what=Term(f"redux.requirement.{need['kind']}"),
               least=need["min"])


def typed_card(state: State, typed: tuple, hand: list[str]) -> str | None:
    """The card of the hand a player named by its name or the end of its id."""
    cards = pack(state).cards
    return typed_match(typed, {c: list(cards[c]["name"].values()) for c in hand})


def _pay_cost(state: State, seat: int, cost: dict) -> Msg:
    """Pay everything but the weapons (their types are the player's choice, asked next). An
    `armies` cost (either side, G17) takes untrained armies first: they are worth less."""
    for resource in ("gold", "rice", "support", "untrained", "trained"):
        if cost[resource]:
            pay(state, seat, resource, cost[resource])
    paid = list(amounts((r, cost[r]) for r in ("gold", "rice", "support", "untrained",
                                               "trained")))
    if cost["armies"]:
        untrained = min(cost["armies"], player(state, seat)["armies"]["untrained"])
        trained = cost["armies"] - untrained
        if untrained:
            pay(state, seat, "untrained", untrained)
        if trained:
            pay(state, seat, "trained", trained)
        paid += amounts((("untrained", untrained), ("trained", trained)))
    if cost["weapons"]:
        paid.append(msg("redux.log.weapons_of_choice", what=amount("weapon", cost["weapons"])))
    return msg("redux.log.paid_list", paid=tuple(paid)) if paid else msg("redux.log.nothing")


# -- R8.4.6, R8.4.7: produce weapons ------------------------------------------------------------
def _produced(state: State, pair: tuple[str, str]) -> dict[str, int]:
    """What a pair of weapons yields now; with limits on (A17) only what the supply holds."""
    wanted = {w: pair.count(w) for w in dict.fromkeys(pair)}
    if not limits_on(state):
        return wanted
    return {w: min(n, supply_held(state, w)) for w, n in wanted.items()}


def produce_choices(state: State, seat: int, action: str) -> list[Action]:
    a, b = PRODUCE[action]
    seen: list[dict[str, int]] = []
    choices = []
    for pair in ((a, a), (a, b), (b, b)):
        got = {w: n for w, n in _produced(state, pair).items() if n}
        if got and got not in seen:
            seen.append(got)
            choices.append(Action("produce", pair, label=msg("redux.label.take", what=amounts(
                got.items()))))
    return choices


def produce(state: State, seat: int, action: str, move: Action) -> list[Event]:
    form = "produce <weapon> <weapon>"
    rule = action_rule(action)
    first, second = arg(move, 0, form, rule=rule), arg(move, 1, form, rule=rule)
    low, high = sorted((first, second), key=lambda w: WEAPONS.index(w) if w in WEAPONS else 9)
    pair = (low, high)
    choices = produce_choices(state, seat, action)
    refuse_unless_listed(Action("produce", pair), choices, msg(
        "redux.why.produce", weapons=tuple(Term(f"redux.weapon.{w}") for w in PRODUCE[action])),
                         rule=rule)
    got = _produced(state, pair)
    for weapon, n in got.items():
        gain(state, seat, weapon, n)
    key = "redux.log.produces_short" if sum(got.values()) < 2 else "redux.log.produces"
    return [Event(msg(key, who=who(state, seat), what=amounts(got.items())))]


# -- R8.4.8-R8.4.11: recruit, train, tribute, support --------------------------------------------
def recruit_choices(state: State, seat: int, action: str) -> list[Action]:
    if supply_left(state, "armies") == 0:
        return []
    return [Action("perform", ("recruit",), label=msg("redux.label.recruit_armies",
                                                      armies=amount("army", RECRUIT_ARMIES)))]


def recruit(state: State, seat: int, action: str, move: Action) -> list[Event]:
    refuse_unless_listed(move, recruit_choices(state, seat, action),
                         msg("redux.why.no_army_tokens"), rule=cite("R8.4.8"))
    got = gain(state, seat, "untrained", RECRUIT_ARMIES)
    key = "redux.log.recruits_armies" if got == RECRUIT_ARMIES else \
        "redux.log.recruits_armies_short"
    return [Event(msg(key, who=who(state, seat), armies=amount("untrained", got)))]


def train_choices(state: State, seat: int, action: str) -> list[Action]:
    untrained = player(state, seat)["armies"]["untrained"]
    return [Action("train", (n,), label=msg("redux.label.train", armies=amount("army", n)))
            for n in range(1, min(TRAIN_MAX, untrained) + 1)]


def train(state: State, seat: int, action: str, move: Action) -> list[Event]:
    n = int_arg(move, 0, "train <1-2>", rule=cite("R8.4.9"))
    untrained = player(state, seat)["armies"]["untrained"]
    refuse_unless_listed(move, train_choices(state, seat, action),
                         msg("redux.why.train", most=TRAIN_MAX,
                             held=amount("untrained", untrained)), rule=cite("R8.4.9"))
    armies = player(state, seat)["armies"]
    armies["untrained"] -= n
    armies["trained"] += n
    return [Event(msg("redux.log.trains", who=who(state, seat), armies=amount("army", n)))]


def tribute_choices(state: State, seat: int, action: str) -> list[Action]:
    return [Action("tribute", (key,), label=msg("redux.label.take", what=amounts(
        TRIBUTE_CHOICES[key].items())))
            for key in TRIBUTE_CHOICES
            if "untrained" not in TRIBUTE_CHOICES[key] or supply_left(state, "armies") != 0]


def tribute(state: State, seat: int, action: str, move: Action) -> list[Event]:
    arg(move, 0, "tribute gold_gold|rice_rice|gold_rice|army", rule=cite("R8.4.10"))
    refuse_unless_listed(move, tribute_choices(state, seat, action), msg("redux.why.tribute"),
                         rule=cite("R8.4.10"))
    taken = TRIBUTE_CHOICES[move.word()]
    for resource, n in taken.items():
        gain(state, seat, resource, n)
    return [Event(msg("redux.log.tribute", who=who(state, seat), what=amounts(taken.items())))]


def cost_text(cost: dict[str, int]) -> Msg:
    """`2 gold, 1 rice and 1 trained army`, or `free`: a card's cost as a label shows it."""
    parts = amounts(cost.items())
    return msg("redux.log.paid_list", paid=parts) if parts else msg("redux.log.free")


def support_choices(state: State, seat: int, action: str) -> list[Action]:
    if supply_left(state, "support") == 0:
        return []
    return [Action("perform", ("support",), label=msg("redux.label.take", what=(
        amount("support", 1),)))]


def gain_support(state: State, seat: int, action: str, move: Action) -> list[Event]:
    refuse_unless_listed(move, support_choices(state, seat, action),
                         msg("redux.why.no_support_tokens"), rule=cite("R8.4.11"))
    gain(state, seat, "support", 1)
    return [Event(msg("redux.log.gains_support", who=who(state, seat),
                      now=player(state, seat)["support"]))]


# -- R8.4.12: manipulate the Han Emperor (A4, A5, A25) ---------------------------------------
def manipulate_choices(state: State, seat: int, action: str) -> list[Action]:
    if player(state, seat)["gold"] < MANIPULATE_GOLD:
        return []
    return [Action("manipulate", (b["general"],), label=msg(
        "redux.label.manipulate", gold=amount("gold", MANIPULATE_GOLD),
        general=general_term(state, b["general"])))
            for b in state["bids"] if b["seat"] == seat and b["action"] == action]


def manipulate(state: State, seat: int, action: str, move: Action) -> list[Event]:
    gid = arg(move, 0, "manipulate <general>", rule=cite("R8.4.12.1"))
    p = player(state, seat)
    if p["gold"] < MANIPULATE_GOLD:
        raise IllegalAction(msg("redux.refuse.manipulate_gold",
                                gold=amount("gold", MANIPULATE_GOLD)), rule=cite("R8.4.12.1"))
    refuse_unless_listed(move, manipulate_choices(state, seat, action),
                         msg("redux.why.manipulate"), rule=cite("R8.4.12.1"))
    p["gold"] -= MANIPULATE_GOLD
    p["office"] = min(p["office"] + 1, EMPEROR_OFFICE)
    state["flipped"] = {"seat": seat, "general": gid}
    office = Term(f"redux.office.{OFFICES[p['office']][0]}")
    events = [Event(msg("redux.log.manipulates", who=who(state, seat),
                        gold=amount("gold", MANIPULATE_GOLD), office=office,
                        general=general_term(state, gid)))]
    if p["office"] == EMPEROR_OFFICE:
        events.append(Event(msg("redux.log.deposes", who=who(state, seat)), kind="phase"))
    return events


# -- why a won action cannot be performed (it is declined for the player, A24) ------------------
def why_impossible(state: State, seat: int, action: str) -> Msg:
    p = player(state, seat)
    if action in ("farm", "market"):
        return msg("redux.why.development_stuck", level=DEVELOPMENT_MAX)
    if action == "trade":
        return msg("redux.why.nothing_to_trade")
    if action == "instructor":
        return msg("redux.why.no_instructor", who=who(state, seat),
                   rice=amount("rice", HIRE_COST_RICE),
                   untrained=amount("untrained", p["armies"]["untrained"]))
    if action == "build":
        return msg("redux.why.nothing_to_build", who=who(state, seat), cards=len(p["hand"]))
    if action in PRODUCE:
        return msg("redux.why.no_weapons_left", weapons=tuple(
            Term(f"redux.weapon.{w}") for w in PRODUCE[action]))
    if action == "recruit":
        return msg("redux.why.no_army_tokens")
    if action == "train":
        return msg("redux.why.no_untrained", who=who(state, seat))
    if action == "support":
        return msg("redux.why.no_support_tokens")
    if action == "emperor":
        return msg("redux.why.no_gold", who=who(state, seat), gold=amount("gold", MANIPULATE_GOLD))
    return msg("redux.why.not_now")

"""R8.4.1-R8.4.12: the effects of the twelve general actions and their choices.

Each action has a `*_choices(state, seat, action)` listing its first decisions (empty when it
cannot be performed, so only declining remains) and a handler applying one of them. A handler
validates everything before its first change. Actions with later decisions (trade, the
instructor, a build paying weapons, weapons of the player's choice) leave `state["doing"]` set
to the next stage; resolution.py calls the stage's `*_choices` and handler until it is None."""

from __future__ import annotations

from games.core import Action, Event, IllegalAction, MalformedAction
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
from games.redux.state import (
    State,
    gain,
    general_name,
    holding,
    limits_on,
    pack,
    pay,
    player,
    who,
)

MASS_NOUNS = ("gold", "rice", "support", "military", "tribal")
PRODUCE = {"spear_horse": ("spear", "horse"), "crossbow_ship": ("crossbow", "ship")}
NOUNS = {"support": "support token", "weapons": "weapon", "untrained": "untrained army",
         "trained": "trained army", "armies": "army"}
DEVELOPMENT = {"farm": ("harvest", "granary", "farms", "rice", HARVEST_RICE),
               "market": ("tax", "treasury", "markets", "gold", TAX_GOLD)}


# -- small helpers ---------------------------------------------------------------------------
def count_of(n: int, thing: str) -> str:
    """`1 spear`, `2 spears`, `2 armies`, `2 rice`."""
    if n == 1 or thing in MASS_NOUNS:
        return f"{n} {thing}"
    return f"{n} {thing[:-1]}ies" if thing.endswith("y") else f"{n} {thing}s"


def arg(action: Action, index: int, form: str) -> str:
    """The `index`-th argument of `action` as a word, or a message showing the form."""
    value = action.args[index] if len(action.args) > index else None
    if not isinstance(value, str):
        raise MalformedAction(f"`{action.text}`: the form is `{form}`.")
    return value


def int_arg(action: Action, index: int, form: str) -> int:
    """The `index`-th argument of `action` as a number, or a message showing the form."""
    value = action.args[index] if len(action.args) > index else None
    if not isinstance(value, int):
        raise MalformedAction(f"`{action.text}`: the form is `{form}`.")
    return value


def refuse_unless_listed(action: Action, choices: list[Action], why: str) -> None:
    """Refuse an action outside `choices`, explaining the rule and listing what is possible."""
    if action in choices:
        return
    options = ", ".join(f"`{c.text}`" for c in choices[:8]) or "nothing"
    raise IllegalAction(f"`{action.text}` is not possible: {why} You can: {options}.")


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
        choices.append(Action(action, ("develop",),
                              label=f"Develop a {action} (level {level} → {level + 1})"))
    choices += [Action(action, (collect, k), label=f"{collect.capitalize()}: {k} to the {store}, "
                       f"{ready - k} sold for {(ready - k) * rate} {resource}")
                for k in range(ready + 1) if ready]
    return choices


def develop_or_collect(state: State, seat: int, action: str, move: Action) -> list[Event]:
    collect, store, key, resource, rate = DEVELOPMENT[action]
    form = f"{action} develop | {action} {collect} <k>"
    mode = arg(move, 0, form)
    p = player(state, seat)
    area = p[action]
    if mode == "develop":
        if area["level"] >= DEVELOPMENT_MAX:
            raise IllegalAction(f"Your {action} is already at level {DEVELOPMENT_MAX}; "
                                f"{collect} instead or decline.")
        area["level"] += 1
        area["developed"] += 1
        return [Event(f"{who(state, seat)} develops a {action}: {action} level {area['level']}.")]
    if mode != collect:
        raise MalformedAction(f"`{move.text}`: the form is `{form}`.")
    kept = int_arg(move, 1, form)
    if not area["developed"]:
        raise IllegalAction(f"You have no developed {action} token to {collect}; "
                            f"develop instead.")
    if not 0 <= kept <= area["developed"]:
        raise IllegalAction(f"You have {area['developed']} developed {action} tokens: put 0 to "
                            f"{area['developed']} of them in your {store}.")
    sold = area["developed"] - kept
    area["developed"] = 0
    p[store][key] += kept
    p[resource] += sold * rate
    verb = "harvests" if action == "farm" else "collects tax"
    return [Event(f"{who(state, seat)} {verb}: {count_of(kept, action + ' token')} to the "
                  f"{store}, {sold} sold for {sold * rate} {resource}.")]


# -- R8.4.3: trade (A2 rates, A3 lots) ---------------------------------------------------------
def rates(state: State) -> dict[str, int]:
    return TRADE_RATES[state["options"]["trade_rates"]]


def _rice_lots(state: State, seat: int) -> list[Action]:
    r, p = rates(state), player(state, seat)
    buy = [Action("rice", ("buy", n), label=f"Buy {n * RICE_LOT} rice for {n * r['rice_buy']} "
                  "gold") for n in range(1, RICE_LOTS_MAX + 1) if p["gold"] >= n * r["rice_buy"]]
    sell = [Action("rice", ("sell", n), label=f"Sell {n * RICE_LOT} rice for "
                   f"{n * r['rice_sell']} gold")
            for n in range(1, RICE_LOTS_MAX + 1) if p["rice"] >= n * RICE_LOT]
    return buy + sell


def _weapon_lots(state: State, seat: int) -> list[Action]:
    r, p = rates(state), player(state, seat)
    stock = sum(supply_left(state, w) or 0 for w in WEAPONS) if limits_on(state) else None
    buy = [Action("weapons", ("buy", n), label=f"Buy {n * WEAPON_LOT} weapons for "
                  f"{n * r['weapon_buy']} gold")
           for n in range(1, WEAPON_LOTS_MAX + 1)
           if p["gold"] >= n * r["weapon_buy"] and (stock is None or stock >= n * WEAPON_LOT)]
    sell = [Action("weapons", ("sell", n), label=f"Sell {n * WEAPON_LOT} weapons for "
                   f"{n * r['weapon_sell']} gold")
            for n in range(1, WEAPON_LOTS_MAX + 1)
            if holding(state, seat, "weapon") >= n * WEAPON_LOT]
    return buy + sell


def trade_choices(state: State, seat: int, action: str) -> list[Action]:
    """R8.4.3.1: one or both trades; `rice none` is offered only when a weapon trade can
    follow, so the action always trades something."""
    choices = _rice_lots(state, seat)
    if _weapon_lots(state, seat):
        choices.append(Action("rice", ("none",), label="No rice trade"))
    return choices


def trade_rice(state: State, seat: int, action: str, move: Action) -> list[Event]:
    form = "rice buy|sell <lots> | rice none"
    direction = arg(move, 0, form)
    events = []
    if direction != "none":
        lots = int_arg(move, 1, form)
        refuse_unless_listed(move, trade_choices(state, seat, action),
                             f"rice is traded in lots of {RICE_LOT}, at most {RICE_LOTS_MAX} "
                             "lots, and you must hold what you pay.")
        events.append(_rice_trade(state, seat, direction, lots))
    else:
        refuse_unless_listed(move, trade_choices(state, seat, action),
                             "you cannot trade weapons either, so trade rice or decline.")
    state["doing"] = {"action": action, "stage": "weapons", "rice": direction != "none"}
    return events


def _rice_trade(state: State, seat: int, direction: str, lots: int) -> Event:
    r, p = rates(state), player(state, seat)
    rice, gold = lots * RICE_LOT, lots * r[f"rice_{direction}"]
    if direction == "buy":
        p["gold"] -= gold
        p["rice"] += rice
        return Event(f"{who(state, seat)} buys {rice} rice for {gold} gold.")
    p["rice"] -= rice
    p["gold"] += gold
    return Event(f"{who(state, seat)} sells {rice} rice for {gold} gold.")


def weapons_choices(state: State, seat: int, doing: dict) -> list[Action]:
    none = [Action("weapons", ("none",), label="No weapon trade")] if doing["rice"] else []
    return _weapon_lots(state, seat) + none


def trade_weapons(state: State, seat: int, doing: dict, move: Action) -> list[Event]:
    form = "weapons buy|sell <lots> | weapons none"
    direction = arg(move, 0, form)
    if direction != "none":
        int_arg(move, 1, form)
    refuse_unless_listed(move, weapons_choices(state, seat, doing),
                         f"weapons are traded in lots of {WEAPON_LOT}, at most "
                         f"{WEAPON_LOTS_MAX} lots, and you must hold what you pay.")
    state["doing"] = None
    if direction == "none":
        return []
    lots = move.number(1)
    p, count, gold = player(state, seat), lots * WEAPON_LOT, lots * rates(state)[
        f"weapon_{direction}"]
    if direction == "buy":
        p["gold"] -= gold
        event = Event(f"{who(state, seat)} buys {count} weapons for {gold} gold.")
        return [event, *ask_take(state, seat, doing["action"], count, "complete")]
    p["gold"] += gold
    ask_give(state, doing["action"], count)
    return [Event(f"{who(state, seat)} sells {count} weapons for {gold} gold.")]


# -- weapons of the player's choice: taking from and giving to the general supply ------------
def ask_take(state: State, seat: int, action: str | None, count: int, after: str
             ) -> list[Event]:
    """Start a `take <weapon> <n>` stage for `count` weapons; with limits on (A17) the gain is
    cut to what the supply holds, and nothing is asked when it holds none."""
    stock = sum(supply_held(state, w) for w in WEAPONS) if limits_on(state) else count
    owed = min(count, stock)
    if owed < count:
        note = [Event(f"The general supply holds only {owed} weapons: {who(state, seat)} "
                      f"takes {owed} instead of {count}.")]
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
        choices += [Action(verb, (weapon, n), label=f"{verb.capitalize()} "
                           f"{count_of(n, weapon)}") for n in range(low, high + 1)]
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
    weapon, n = arg(move, 0, f"{verb} <weapon> <n>"), int_arg(move, 1, f"{verb} <weapon> <n>")
    source = "the general supply" if verb == "take" else "you"
    refuse_unless_listed(move, choices, f"you still {verb} {count_of(doing['left'], 'weapon')}"
                         f", from what {source} can {'give' if verb == 'take' else 'pay'}.")
    if verb == "take":
        gain(state, seat, weapon, n)
        text = f"{who(state, seat)} takes {count_of(n, weapon)}."
    else:
        pay(state, seat, weapon, n)
        text = f"{who(state, seat)} pays {count_of(n, weapon)}."
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
        hires = [Action("hire", (n,), label=f"Hire: train {count_of(n, 'army')} for 1 rice")
                 for n in range(1, min(TRAIN_MAX, p["armies"]["untrained"]) + 1)]
    if _decks_open(state):
        hires.insert(0, Action("hire", (0,), label="No instructor"))
    return hires


def hire(state: State, seat: int, action: str, move: Action) -> list[Event]:
    n = int_arg(move, 0, "hire <0-2>")
    refuse_unless_listed(move, instructor_choices(state, seat, action),
                         f"an instructor costs {HIRE_COST_RICE} rice and trains up to "
                         f"{TRAIN_MAX} of your untrained armies; `hire 0` needs a card to "
                         "import.")
    events = []
    if n:
        p = player(state, seat)
        pay(state, seat, "rice", HIRE_COST_RICE)
        p["armies"]["untrained"] -= n
        p["armies"]["trained"] += n
        events.append(Event(f"{who(state, seat)} hires an instructor for {HIRE_COST_RICE} "
                            f"rice: {count_of(n, 'army')} trained."))
    state["doing"] = {"action": action, "stage": "import", "hired": n}
    return events


def import_choices(state: State, seat: int, doing: dict) -> list[Action]:
    none = [Action("import", ("none",), label="Import nothing")] if doing["hired"] else []
    return [Action("import", (d,), label=f"Draw a {d.capitalize()} card")
            for d in _decks_open(state)] + none


def import_card(state: State, seat: int, doing: dict, move: Action) -> list[Event]:
    deck = arg(move, 0, "import union|separation|none")
    refuse_unless_listed(move, import_choices(state, seat, doing),
                         "draw from a deck that still holds cards (A43).")
    state["doing"] = None
    if deck == "none":
        return []
    card = state["decks"][deck].pop()
    player(state, seat)["hand"].append(card)
    name = pack(state).cards[card]["name"]["en"]
    return [Event(f"{who(state, seat)} imports technology: draws a {deck.capitalize()} card."),
            Event(f"You draw {name} ({deck.capitalize()}).", seats=(seat,))]


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
    return [Action("build", (c,), label=f"Build {cards[c]['name']['en']} "
                   f"({cost_text(cards[c]['cost'])}, {cards[c]['vp']} VP)")
            for c in player(state, seat)["hand"]
            if all(_requirement_met(state, seat, r) for r in cards[c]["requires"])
            and _affordable(state, seat, cards[c]["cost"])]


def build(state: State, seat: int, action: str, move: Action) -> list[Event]:
    card_id = arg(move, 0, "build <card>")
    cards, p = pack(state).cards, player(state, seat)
    if card_id not in p["hand"]:
        raise IllegalAction(f"`{card_id}` is not in your hand; build one of your own cards.")
    card = cards[card_id]
    name = card["name"]["en"]
    for need in card["requires"]:
        if not _requirement_met(state, seat, need):
            raise IllegalAction(f"{name} needs {need['kind'].replace('_', ' ')} of at least "
                                f"{need['min']}.")
    if not _affordable(state, seat, card["cost"]):
        raise IllegalAction(f"You cannot pay for {name}: it costs {_cost_text(card['cost'])}.")
    paid = _pay_cost(state, seat, card["cost"])
    p["hand"].remove(card_id)
    p["built"].append(card_id)
    events = [Event(f"{who(state, seat)} builds {name}, paying {paid}.")]
    if card["cost"]["weapons"]:
        ask_give(state, action, card["cost"]["weapons"])
    return events


def _cost_text(cost: dict) -> str:
    parts = [f"{n} {kind}" for kind, n in cost.items() if n]
    return ", ".join(parts) or "nothing"


def _pay_cost(state: State, seat: int, cost: dict) -> str:
    """Pay everything but the weapons (their types are the player's choice, asked next). An
    `armies` cost (either side, G17) takes untrained armies first: they are worth less."""
    for resource in ("gold", "rice", "support", "untrained", "trained"):
        if cost[resource]:
            pay(state, seat, resource, cost[resource])
    paid = [f"{cost[r]} {r}" for r in ("gold", "rice", "support") if cost[r]]
    paid += [f"{count_of(cost[r], r + ' army')}" for r in ("untrained", "trained") if cost[r]]
    if cost["armies"]:
        untrained = min(cost["armies"], player(state, seat)["armies"]["untrained"])
        trained = cost["armies"] - untrained
        if untrained:
            pay(state, seat, "untrained", untrained)
        if trained:
            pay(state, seat, "trained", trained)
        paid.append(f"{count_of(cost['armies'], 'army')} ({untrained} untrained first, "
                    f"{trained} trained)")
    if cost["weapons"]:
        paid.append(f"{count_of(cost['weapons'], 'weapon')} of their choice")
    return ", ".join(paid) or "nothing"


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
            choices.append(Action("produce", pair, label="Take " + " and ".join(
                count_of(n, w) for w, n in got.items())))
    return choices


def produce(state: State, seat: int, action: str, move: Action) -> list[Event]:
    form = "produce <weapon> <weapon>"
    first, second = arg(move, 0, form), arg(move, 1, form)
    low, high = sorted((first, second), key=lambda w: WEAPONS.index(w) if w in WEAPONS else 9)
    pair = (low, high)
    choices = produce_choices(state, seat, action)
    refuse_unless_listed(Action("produce", pair), choices,
                         f"this action makes 2 weapons among {' and '.join(PRODUCE[action])}, "
                         "from what the general supply holds.")
    got = _produced(state, pair)
    for weapon, n in got.items():
        gain(state, seat, weapon, n)
    short = sum(got.values()) < 2
    note = " (all the general supply had)" if short else ""
    text = " and ".join(count_of(n, w) for w, n in got.items() if n)
    return [Event(f"{who(state, seat)} produces {text}{note}.")]


# -- R8.4.8-R8.4.11: recruit, train, tribute, support --------------------------------------------
def recruit_choices(state: State, seat: int, action: str) -> list[Action]:
    if supply_left(state, "armies") == 0:
        return []
    return [Action("perform", ("recruit",), label=f"Recruit {RECRUIT_ARMIES} armies")]


def recruit(state: State, seat: int, action: str, move: Action) -> list[Event]:
    refuse_unless_listed(move, recruit_choices(state, seat, action),
                         "the general supply has no army token left.")
    got = gain(state, seat, "untrained", RECRUIT_ARMIES)
    note = "" if got == RECRUIT_ARMIES else " (all the general supply had)"
    return [Event(f"{who(state, seat)} recruits {count_of(got, 'untrained army')}{note}.")]


def train_choices(state: State, seat: int, action: str) -> list[Action]:
    untrained = player(state, seat)["armies"]["untrained"]
    return [Action("train", (n,), label=f"Train {count_of(n, 'army')}")
            for n in range(1, min(TRAIN_MAX, untrained) + 1)]


def train(state: State, seat: int, action: str, move: Action) -> list[Event]:
    n = int_arg(move, 0, "train <1-2>")
    untrained = player(state, seat)["armies"]["untrained"]
    refuse_unless_listed(move, train_choices(state, seat, action),
                         f"you may train up to {TRAIN_MAX} of your {untrained} untrained "
                         "armies.")
    armies = player(state, seat)["armies"]
    armies["untrained"] -= n
    armies["trained"] += n
    return [Event(f"{who(state, seat)} trains {count_of(n, 'army')}.")]


def tribute_choices(state: State, seat: int, action: str) -> list[Action]:
    return [Action("tribute", (key,), label=f"Take {_tribute_text(TRIBUTE_CHOICES[key])}")
            for key in TRIBUTE_CHOICES
            if "untrained" not in TRIBUTE_CHOICES[key] or supply_left(state, "armies") != 0]


def tribute(state: State, seat: int, action: str, move: Action) -> list[Event]:
    arg(move, 0, "tribute gold_gold|rice_rice|gold_rice|army")
    refuse_unless_listed(move, tribute_choices(state, seat, action),
                         "choose 2 gold, 2 rice, 1 gold and 1 rice, or 1 untrained army (if "
                         "the general supply has one).")
    taken = TRIBUTE_CHOICES[move.word()]
    for resource, n in taken.items():
        gain(state, seat, resource, n)
    return [Event(f"{who(state, seat)} demands tribute: {_tribute_text(taken)}.")]


def cost_text(cost: dict[str, int]) -> str:
    """`2 gold, 1 rice, 1 trained army`, or `free`: a card's cost as a label shows it."""
    parts = [count_of(n, NOUNS.get(part, part)) for part, n in cost.items() if n]
    return ", ".join(parts) or "free"


def _tribute_text(taken: dict[str, int]) -> str:
    return " and ".join(count_of(n, "untrained army") if r == "untrained" else f"{n} {r}"
                        for r, n in taken.items())


def support_choices(state: State, seat: int, action: str) -> list[Action]:
    if supply_left(state, "support") == 0:
        return []
    return [Action("perform", ("support",), label="Take 1 support token")]


def gain_support(state: State, seat: int, action: str, move: Action) -> list[Event]:
    refuse_unless_listed(move, support_choices(state, seat, action),
                         "the general supply has no support token left.")
    gain(state, seat, "support", 1)
    return [Event(f"{who(state, seat)} gains 1 support token "
                  f"(now {player(state, seat)['support']}).")]


# -- R8.4.12: manipulate the Han Emperor (A4, A5, A25) ---------------------------------------
def manipulate_choices(state: State, seat: int, action: str) -> list[Action]:
    if player(state, seat)["gold"] < MANIPULATE_GOLD:
        return []
    return [Action("manipulate", (b["general"],),
                   label=f"Pay 1 gold, office +1, flip {general_name(state, b['general'])}")
            for b in state["bids"] if b["seat"] == seat and b["action"] == action]


def manipulate(state: State, seat: int, action: str, move: Action) -> list[Event]:
    gid = arg(move, 0, "manipulate <general>")
    p = player(state, seat)
    if p["gold"] < MANIPULATE_GOLD:
        raise IllegalAction(f"Manipulating the Han Emperor costs {MANIPULATE_GOLD} gold and "
                            "you have none: decline it (you still take the Han Emperor token "
                            "at upkeep).")
    refuse_unless_listed(move, manipulate_choices(state, seat, action),
                         "flip one of your generals that bid on Manipulate Han Emperor.")
    p["gold"] -= MANIPULATE_GOLD
    p["office"] = min(p["office"] + 1, EMPEROR_OFFICE)
    state["flipped"] = {"seat": seat, "general": gid}
    office = OFFICES[p["office"]][1]
    events = [Event(f"{who(state, seat)} pays {MANIPULATE_GOLD} gold to manipulate the Han "
                    f"Emperor: office {office}. {general_name(state, gid)} stays flipped on "
                    "the action and cannot bid next round.")]
    if p["office"] == EMPEROR_OFFICE:
        events.append(Event(f"{who(state, seat)} deposes the Han emperor: the game ends after "
                            "this round.", kind="phase"))
    return events

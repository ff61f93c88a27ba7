"""`ReduxGame`: the engine contract (games.core.Game) for Three Kingdoms Redux. The rules live
in the modules it delegates to; this class only wires them together and words the prompts."""

from __future__ import annotations

import pickle
from typing import Any

from games.core import Action, Event, IllegalAction, Option, Rng, State
from games.core.game import PrivateGroup
from games.core.messages import Msg, Said, msg
from games.core.modular import ModularGame
from games.redux import ai, checks, data, flow, references, scoring, setup
from games.redux import view as views
from games.redux.citations import cite
from games.redux.packs import ReduxPacks
from games.redux.rules import ACTIONS, TRIBAL_OF_NATION
from games.redux.sample import sample as sampled
from games.redux.state import action_term, general_term, player


class ReduxGame(ModularGame):
    name = "redux"
    title = "Three Kingdoms Redux (삼국지 리덕스)"
    min_players = 3
    max_players = 3
    extra_commands = True
    packs = ReduxPacks()
    options = (
        Option("pack", "The data pack: empty for the designed data, or the text of an "
               "uploaded pack (generals, cards, regions).", default=None),
        Option("nations", "`join`: seat 0 Wei, 1 Wu, 2 Shu; `random`: a seeded draw.",
               default="join", choices=("join", "random")),
        Option("trade_rates", "`spread` (buy dear, sell cheap, A2) or the rulebook's "
               "`literal` rates.", default="spread", choices=("spread", "literal")),
        Option("rebellion_check", "`decay_only` (A12) or `all_players` at 1 rebel.",
               default="decay_only", choices=("decay_only", "all_players")),
        Option("component_limits", "Weapons, armies, support, farm and market tokens are "
               "limited to the box's counts (A17).", default=True),
    )
    turns, checks, scoring, heuristic = flow, checks, scoring, ai
    lookups, views = references, views

    def resolve_options(self, given: dict[str, Any]) -> dict[str, Any]:
        """The `pack` option takes any text, so it is checked by loading it; the others
        as usual."""
        rest = {k: v for k, v in given.items() if k != "pack"}
        resolved = super().resolve_options(rest)
        text = given.get("pack") or None  # empty text means the designed pack
        if text is not None:
            if not isinstance(text, str):
                raise IllegalAction(msg("redux.refuse.pack_option"), rule=cite("G6"))
            try:
                data.load_pack(text, "the uploaded pack")
            except data.DataError as error:
                raise IllegalAction(msg("redux.refuse.pack_unusable", error=str(error)),
                                    rule=cite("G6")) from None
        return {**resolved, "pack": text}

    def begin(self, seats: int, options: dict[str, Any],
              seed: int) -> tuple[State, list[Event]]:
        if seats != 3:
            raise IllegalAction(msg("redux.refuse.three_players", seats=seats), rule=cite("R1.1"))
        state, events = setup.new_state(self.resolve_options(options), seed)
        flow.advance(state, events)
        return state, events

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        """The core's apply, but the frozen data pack (most of the state's bytes) is shared
        by the copy instead of pickled: it is an immutable string, and copying it cost more
        than the rest of the state and made every `data.frozen` lookup compare its text anew.
        A refused turn goes through the core's own checks and words."""
        if self.result(state) is not None or seat not in self.to_act(state):
            return super().apply(state, seat, action)
        new_state: State = pickle.loads(pickle.dumps({**state, "data": None},
                                                     pickle.HIGHEST_PROTOCOL))
        new_state["data"] = state["data"]
        return new_state, self._apply(new_state, seat, action)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        result = self.result(state)
        return views.view(state, seat, flow.to_act(state),
                          result.to_json() if result else None)

    def sample(self, view: dict[str, Any], seat: int, rng: Rng) -> State:
        return sampled(view, seat, rng)

    def factions(self, state: State) -> list[str]:
        return [p["nation"] for p in state["players"]]

    def private_groups(self, state: State) -> list[PrivateGroup]:
        """While the alliance action is chosen, the two allies may consult first (R7.2.3):
        one council per round."""
        view = self.view(state, None)
        alliance = view.get("alliance") or {}
        if view.get("step") != "alliance" or not alliance.get("allies"):
            return []
        return [PrivateGroup(f"council {view['round']}", tuple(alliance["allies"]),
                             alliance["chooser"])]

    def phase(self, state: State) -> str:
        """Changes at each step boundary, and with each resolution actor."""
        step = state["step"]
        if step in ("resolve", "benefits") and state["actor"] is not None:
            return f"r{state['round']}:{step}:{state['actor']}"
        return f"r{state['round']}:{step}"

    def round(self, state: State) -> int | None:
        return state["round"] or None

    def prompt(self, state: State, seat: int) -> Said:
        if seat not in flow.to_act(state):
            return ""
        step = state["step"]
        if step == "pick":
            return msg("redux.prompt.pick", count=player(state, seat)["picking"])
        if step == "alliance":
            previous = state["alliance"]["previous"]
            return (msg("redux.prompt.alliance_not", action=action_term(previous)) if previous
                    else msg("redux.prompt.alliance"))
        if step == "bid":
            return _bid_prompt(state, seat)
        return _resolution_prompt(state, seat)


def _resolution_prompt(state: State, seat: int) -> Msg:
    doing, step = state["doing"], state["step"]
    if doing is not None and doing.get("action") in ACTIONS:
        return msg("redux.prompt.finish", action=action_term(doing["action"]))
    if doing is not None:
        return msg("redux.prompt.finish_benefit")
    if step == "reward":
        return msg("redux.prompt.reward")
    if step == "benefits":
        return msg("redux.prompt.benefits")
    won = tuple(action_term(a) for a in state["todo"].get(str(seat), []))
    return msg("redux.prompt.resolve", actions=won)


def _bid_prompt(state: State, seat: int) -> Msg:
    draft = state["draft"]
    if draft is None:
        return msg("redux.prompt.bid")
    stage, action = draft["stage"], draft["action"]
    general = general_term(state, draft["general"])
    if stage == "on":
        return msg("redux.prompt.on", general=general)
    if stage == "units" and action == TRIBAL_OF_NATION[player(state, seat)["nation"]]:
        stage = "units_gold"
    return msg(f"redux.prompt.{stage}", general=general, action=action_term(action))

"""TEMPORARY: a tiny game with secret hands, until Record of the Three Kingdoms registers."""

from __future__ import annotations

from games.core import Action, Event, Game, IllegalAction, Result, Score, register


class Toy(Game):
    name = "toy"
    title = "Toy cards"
    min_players = 2
    max_players = 5

    def setup(self, seats, options, seed):
        return {"seed": seed, "rng": seed, "players": [{"hand": [f"c{s}x{i}" for i in range(3)],
                                                         "score": 0} for s in range(seats)],
                "turn": 0, "plays": 0}

    def to_act(self, state):
        return set() if self.result(state) else {state["turn"]}

    def legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return []
        hand = state["players"][seat]["hand"]
        return [Action("play", (c,), label=f"Play {c}") for c in hand] + [Action("pass")]

    def _apply(self, state, seat, action):
        self.check_legal(state, seat, action)
        events = []
        if action.kind == "play":
            state["players"][seat]["hand"].remove(action.args[0])
            state["players"][seat]["score"] += 1
            events.append(Event(f"Seat {seat + 1} played a card."))
            events.append(Event(f"You played {action.args[0]}.", (seat,)))
        else:
            events.append(Event(f"Seat {seat + 1} passed."))
        state["plays"] += 1
        state["turn"] = (seat + 1) % len(state["players"])
        return events

    def view(self, state, seat):
        return {"players": [{"cards": len(p["hand"]), "score": p["score"],
                             **({"hand": p["hand"]} if i == seat else {})}
                            for i, p in enumerate(state["players"])]}

    def result(self, state):
        if state["plays"] < 6:
            return None
        scores = [Score(i, p["score"], {"cards": p["score"]})
                  for i, p in enumerate(state["players"])]
        return Result(scores, [max(scores, key=lambda s: s.total).seat], "six plays")

    def phase(self, state):
        return f"round {state['plays'] // len(state['players'])}"

    def secrets(self, state):
        return {i: set(p["hand"]) for i, p in enumerate(state["players"])}

    def summary(self, view):
        return "\n".join(f"Seat {i + 1}: {p['score']}" + (f" hand {' '.join(p['hand'])}"
                                                          if "hand" in p else "")
                         for i, p in enumerate(view["players"]))

    def standings(self, state):
        return Result([Score(i, p["score"], {}) for i, p in enumerate(state["players"])],
                      [0], "ended")


register(Toy())
_ = IllegalAction

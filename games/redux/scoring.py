"""Final scoring (R12): every category, the total, and the tie-break (R12.10).

Scoring reads only the finished table (tracks, storage areas, built cards, the Han Emperor
token), never the history, so `standings` can score a game a moderator ends early with the
same rules as a game that ended by R11."""

from __future__ import annotations

from collections.abc import Callable

from games.core import Result, Score
from games.core.messages import Said, msg, said_of
from games.redux import rules
from games.redux.data import Pack, frozen

State = dict
# R12.4.2 / R12.5.2 / R12.6.1 (G2): points by (first place of a tie group, its size).
# 5/2/0 without ties; two tied second 1 each (EX23b); all equal 3 each (stated); two tied
# first 3 each and the third 0 (derived, weaker: the rulebook's "joint first" value).
RANK_POINTS = {(0, 1): 5, (0, 2): 3, (0, 3): 3, (1, 1): 2, (1, 2): 1, (2, 1): 0}
NATION_PRIORITY = {nation: len(rules.FINAL_TIE_PRIORITY) - n
                   for n, nation in enumerate(rules.FINAL_TIE_PRIORITY)}  # Shu 3 > Wu 2 > Wei 1


def result(state: State) -> Result | None:
    """The final result once the game is over (R11 set `state["end"]`), else None."""
    if state["step"] != "over":
        return None
    end = state["end"]
    return _ranked(state, said_of(end["reason"]))


def standings(state: State) -> Result:
    """R12 applied to the table as it stands (a moderator's scored end, a live summary)."""
    return _ranked(state, msg("redux.end.standings", round=state["round"]))


def rank_points(values: list[int]) -> list[int]:
    """Rank points for each value, in the same order (higher value ranks higher)."""
    ordered = sorted(values, reverse=True)
    return [RANK_POINTS[(ordered.index(v), values.count(v))] for v in values]


def categories(state: State) -> list[dict[str, int]]:
    """Every seat's VP per category, by seat (the order of `state["players"]`)."""
    pack = frozen(state)
    players = state["players"]
    development = rank_points([p["farm"]["level"] + p["market"]["level"] for p in players])
    security = rank_points([p["tribal"] + p["support"] for p in players])
    office = rank_points([p["office"] for p in players])
    return [{
        "military": p["military"],
        "border": border_points(state, p),
        "frontier": frontier_vp(p),
        "development": development[n],
        "security": security[n],
        "tribal": rules.TRIBE_BONUS.get(p["tribal"], 0),
        "office": office[n],
        "office_bonus": p["office"],
        "emperor": rules.EMPEROR_TOKEN_VP if state["emperor_holder"] == p["seat"] else 0,
        "cards": sum(pack.cards[c]["vp"] for c in p["built"]),
        "separation": card_rules_vp(pack, p),
        "deficits": rules.DEFICIT_VP * p["deficits"],
    } for n, p in enumerate(players)]


def border_points(state: State, player: dict) -> int:
    """R12.2 (G1, A31): per border of the player's nation, more regions occupied there than
    the neighbour wins 2, equal counts (0-0 included) tie for 1, fewer lose for 0."""
    total = 0
    for border, nations in rules.BORDERS.items():
        if player["nation"] not in nations:
            continue
        other = next(n for n in nations if n != player["nation"])
        neighbour = next(p for p in state["players"] if p["nation"] == other)
        mine, theirs = (_occupied(player, border), _occupied(neighbour, border))
        outcome = "win" if mine > theirs else "tie" if mine == theirs else "lose"
        total += rules.BORDER_POINTS[outcome]
    return total


def _occupied(player: dict, border: str) -> int:
    return sum(1 for o in player["occupations"] if o["border"] == border)


def frontier_vp(player: dict) -> int:
    """R12.3: the faces of the frontier tokens in the granary and the treasury."""
    tokens = player["granary"]["frontiers"] + player["treasury"]["frontiers"]
    return sum(token["vp"] for token in tokens)


# R12.8.2: what a Separation card's scoring rule can count, read from a player entry.
MEASURES: dict[str, Callable[[dict], int]] = {
    "farm_level": lambda p: p["farm"]["level"],
    "market_level": lambda p: p["market"]["level"],
    "development": lambda p: p["farm"]["level"] + p["market"]["level"],
    "tribal": lambda p: p["tribal"],
    "support": lambda p: p["support"],
    "office": lambda p: p["office"],
    "military": lambda p: p["military"],
    "occupations": lambda p: len(p["occupations"]),
    "frontier_vp": frontier_vp,
    "built": lambda p: len(p["built"]),
    "generals": lambda p: len(p["generals"]),
    "gold": lambda p: p["gold"],
    "rice": lambda p: p["rice"],
    "weapons": lambda p: sum(p["weapons"].values()),
    "trained": lambda p: p["armies"]["trained"],
}


def card_rules_vp(pack: Pack, player: dict) -> int:
    """R12.8.2: the scoring rules printed on the player's built cards."""
    return sum(rule_vp(rule, player) for card in player["built"]
               for rule in pack.cards[card]["scoring"])


def rule_vp(rule: dict, player: dict) -> int:
    value = MEASURES[rule["what"]](player)
    if rule["kind"] == "threshold":
        return rule["vp"] if value >= rule["min"] else 0
    return min(rule["max"], value // rule["every"] * rule["vp"])


def _ranked(state: State, reason: Said) -> Result:
    """Totals, then R12.10: gold + rice by value (A30), then Shu > Wu > Wei."""
    scores = []
    for player, cats in zip(state["players"], categories(state), strict=True):
        tiebreak = (player["gold"] + player["rice"], NATION_PRIORITY[player["nation"]])
        scores.append(Score(seat=player["seat"], total=sum(cats.values()), categories=cats,
                            tiebreak=tiebreak))
    scores.sort(key=lambda s: (-s.total, *(-v for v in s.tiebreak)))
    return Result(scores=scores, winners=[scores[0].seat], reason=reason,
                  details={"rounds": state["round"],
                           "tiebreak": "gold + rice in supply, then Shu > Wu > Wei"})

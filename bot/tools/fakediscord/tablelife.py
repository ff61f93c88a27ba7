"""How a table lives in its thread: a whole game through the local Discord, played by
scripted members (autoplay.py) who see only what a member sees, counted the way a
play-by-post group feels it (issue 27): public messages per turn and per round, mentions
per seat per turn, prompts that offered nothing but a pass, presses per decision.

A turn is one seat's consecutive decisions in the log; a run of nothing but passes in
response windows (`Game.window`) or passes that were the seat's only answer is no turn.
Rounds are the game's own (`Game.round`). `gm table` prints these figures for one game.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from bot.i18n import t
from bot.service import Player
from bot.tools.fakediscord.autoplay import (
    CLOCK_TICK,
    PAGE,
    TURN,
    Pick,
    SeatPlayer,
    open_table,
    play_table,
    quick_windows,
    ref_of,
)
from bot.tools.fakediscord.bots import InProcessBot
from bot.tools.fakediscord.server import FakeDiscord
from bot.tools.fakediscord.users import Reply, ScriptedUser
from bot.tools.fakediscord.world import Message
from games.core import Action, get_game
from storage.models import ActionRecord

NAMES = ("Alice", "Bob", "Cara", "Dan", "Eve")
CATCH_UP = t("turns.catch_up", "en")



@dataclass
class Figures:
    """What one whole game left in its thread and in its players' hands."""

    game: str
    seats: int
    humans: int
    turns: int = 0
    rounds: int = 0
    messages: int = 0  # public messages created in the thread
    edits: int = 0
    boards: int = 0  # public messages that carry the table's overview
    calls: int = 0  # public messages that pinged someone
    human_turns: Counter[int] = field(default_factory=Counter)  # by user id
    mentions: Counter[int] = field(default_factory=Counter)  # by user id
    prompts: int = 0  # choices shown to a human seat
    pass_only: int = 0  # of them, those whose one choice was a pass
    presses: int = 0  # the clicks and picks a turn needs: Take my turn, then each choice
    browsing: int = 0  # other presses the members made: turning a menu's page, pressing a
    # Take my turn that was not theirs (a member not called checks the thread now and then)
    decisions: int = 0  # the human seats' actions in the log
    caught_up: list[str] = field(default_factory=list)  # prompts that opened with a catch-up

    @property
    def per_turn(self) -> float:
        return self.messages / max(1, self.turns)

    @property
    def per_round(self) -> float:
        return self.messages / max(1, self.rounds)

    @property
    def mentions_per_turn(self) -> float:
        """The most any human seat was mentioned per turn of its own."""
        return max((self.mentions[user] / max(1, turns)
                    for user, turns in self.human_turns.items()), default=0.0)

    @property
    def presses_per_decision(self) -> float:
        return self.presses / max(1, self.decisions)

    def lines(self) -> list[str]:
        return [
            f"{self.game}, {self.seats} seats ({self.humans} human): {self.turns} turns, "
            f"{self.rounds} rounds",
            f"  public messages {self.messages} ({self.boards} with a board, {self.edits} "
            f"edits): {self.per_turn:.2f} per turn, {self.per_round:.1f} per round",
            f"  mentions per seat per turn (most): {self.mentions_per_turn:.2f}",
            f"  pass-only prompts: {self.pass_only} of {self.prompts}",
            f"  presses per decision: {self.presses_per_decision:.2f} "
            f"({self.presses} presses, {self.decisions} decisions; {self.browsing} more "
            "to turn pages or look in when not called)",
        ]


class CountingPlayer(SeatPlayer):
    """A seat player who picks like the heuristic AI (from their own seat's view, what
    `/game hand` and the board show them) and notes each prompt that offered only a pass."""

    def __init__(self, bot: InProcessBot, figures: Figures, user: ScriptedUser,
                 *args: object, **kwargs: object) -> None:
        super().__init__(user, *args, **kwargs)  # type: ignore[arg-type]
        self.bot, self.figures = bot, figures
        self.player = Player(user.id, user.name)
        self.rng = random.Random(self.random.random())

    async def _choose(self, picks: list[Pick]) -> Pick:
        gm = self.bot.gm
        prompt = await gm.turn_prompt(self.table.game_id, self.player)
        seat_view = await gm.seat_view(self.table.game_id, self.player)
        if prompt is None or seat_view.seat is None:
            return self.rng.choice(picks)
        engine = get_game(seat_view.table.game)
        self.figures.prompts += 1
        state = (await gm.repo.get_game(self.table.game_id)).state
        assert state is not None  # the game runs: it prompted this player
        self.figures.pass_only += engine.only_pass(state, prompt.seat) is not None

        def score(pick: Pick) -> tuple[float, float]:
            ref = ref_of(pick)
            index = int(ref[1:]) if ref.startswith("#") else None
            action = (prompt.actions[index] if index is not None and index < len(prompt.actions)
                      else Action.parse(ref))
            return engine.action_score(seat_view.view, prompt.seat, action), self.rng.random()

        return max(picks, key=score)


async def measure(game: str, seats: int, humans: int, seed: int, folder: Path) -> Figures:
    """Plays one whole game of `game` through the local Discord and counts it."""
    figures = Figures(game, seats, humans)
    async with FakeDiscord() as fake:
        users = [fake.user(name) for name in NAMES[:humans]]
        async with InProcessBot(fake, folder / "gm.sqlite3", seed=seed,
                                clock_tick=CLOCK_TICK) as bot:
            await quick_windows(bot.gm)
            table = await open_table(users[0], game, joiners=tuple(users[1:]),
                                     ais=seats - humans)
            players: list[SeatPlayer] = [CountingPlayer(bot, figures, user, table, number + 1)
                       for number, user in enumerate(users)]
            await play_table(players)
            await fake.idle()
            _count_presses([r for p in players for r in p.interactions], figures)
            figures.caught_up = [version.content for p in players for r in p.interactions
                                 for version in (r.message.history if r.message else [])
                                 if version.content.startswith(CATCH_UP)]
            await _count_log(bot, table.game_id, figures)
            _count_thread(fake.world.public(table.thread), users, figures)
    return figures


def _count_presses(replies: list[Reply], figures: Figures) -> None:
    """Presses a turn needs (Take my turn answered with choices, and each choice) apart
    from the members' browsing (a menu's next page, a look in when it was not their turn)."""
    for reply in replies:
        custom_id = str(reply.interaction.data.get("custom_id", ""))
        opened = reply.message is not None and any(
            version.components for version in reply.message.history)
        needed = not custom_id.startswith((TURN, PAGE)) or (custom_id.startswith(TURN)
                                                            and opened)
        figures.presses += needed
        figures.browsing += not needed


async def _count_log(bot: InProcessBot, game_id: int, figures: Figures) -> None:
    """Turns, rounds and decisions from the stored log, replayed from the setup."""
    repo = bot.gm.repo
    record = await repo.get_game(game_id)
    engine = get_game(record.game)
    state = engine.setup(figures.seats, record.options, record.seed)
    first = engine.round(state) or 0
    run: list[tuple[ActionRecord, bool]] = []
    for action in [a for a in await repo.actions(game_id) if not a.undone]:
        if run and run[-1][0].seat != action.seat:
            _end_turn(run, figures)
            run = []
        played = Action.from_json(action.action)
        passed = (engine.only_pass(state, action.seat) is not None
                  or engine.window(state) and played == engine.skip_action(state, action.seat))
        state, _ = engine.apply(state, action.seat, played)
        run.append((action, passed))
        figures.decisions += action.user_id is not None
    _end_turn(run, figures)
    figures.rounds = (engine.round(state) or 0) - first + 1


def _end_turn(run: list[tuple[ActionRecord, bool]], figures: Figures) -> None:
    if not run or all(passed for _, passed in run):
        return
    figures.turns += 1
    user = run[0][0].user_id
    if user is not None:
        figures.human_turns[user] += 1


def _count_thread(public: list[Message], users: list[ScriptedUser], figures: Figures) -> None:
    figures.messages = len(public)
    figures.edits = sum(max(0, len(m.history) - 1) for m in public)
    figures.boards = sum(any(a.filename == "board.png" for a in m.attachments) for m in public)
    for message in public:  # what notified a phone: mentions an edit adds ping nobody
        figures.mentions.update(message.pinged)
        figures.calls += bool(message.pinged)
    for user in users:
        figures.human_turns.setdefault(user.id, 0)

"""The table at the terminal: `hand`, `help` and `rules <name>` answered at the prompt (not
sent to the game as moves), a folder of its own for each game, and a left game resumed."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.tools.terminal import DATABASE, play, resume, table_folder


def scripted(*answers: str) -> tuple[list[str], Callable[[str], str]]:
    """What the table says, and an `ask` that types `answers` then leaves."""
    lines: list[str] = []
    typed: Iterator[str] = iter(answers)

    def ask(_: str) -> str:
        return next(typed, "q")

    return lines, ask


def test_hand_help_and_rules_are_answered_at_the_prompt_not_played(tmp_path):
    lines, ask = scripted("hand", "help", "rules Guo Jia", "rules Zhuge", "rules",
                          "rules nothing-like-this", "99", "q")
    assert asyncio.run(play("redux", 3, 2, seed=4, boards=tmp_path, ask=ask,
                            say=lines.append)) == 0
    text = "\n".join(lines)
    assert "Refused" not in text, "none of them reached the game as a move"
    assert "rules <name>" in text and "hand —" in text  # help lists the table's words
    assert "Guo Jia" in text and "in a move: `wei.guo_jia`" in text  # one general's card
    assert "administration" in text
    assert "things match “Zhuge”" in text  # several: each with its move form
    assert "Type `rules` and a name" in text
    assert "Nothing in this game is called “nothing-like-this”." in text
    assert "Choose a number from 1 to" in text
    assert "Left the table." in lines


def test_the_table_speaks_its_language_for_rules_and_help(tmp_path):
    lines, ask = scripted("rules 곽가", "help", "q")
    assert asyncio.run(play("redux", 3, 2, seed=4, boards=tmp_path, ask=ask,
                            say=lines.append, locale="ko")) == 0
    text = "\n".join(lines)
    assert "장수" in text and "`wei.guo_jia`" in text and "프롬프트에서" in text


def test_a_record_stratagem_reads_its_text(tmp_path):
    lines, ask = scripted("rules 草船借箭", "q")
    asyncio.run(play("record", 2, 1, seed=4, boards=tmp_path, ask=ask, say=lines.append,
                     locale="zh-TW"))
    text = "\n".join(lines)
    assert "stratagem:cao_chuan_jie_jian" in text and "智力" in text  # a contest of wits


def test_a_move_typed_by_a_name_is_played_and_an_unclear_one_names_the_choices(tmp_path):
    """The terminal reads a typed move as `/move` does (bot/service/typed.py): a lord by
    its name is chosen; a start two lords share is refused with both to type."""
    lines, ask = scripted("lord yuan", "lord Cao Cao", "q")
    asyncio.run(play("record", 2, 1, seed=4, boards=tmp_path, ask=ask, say=lines.append))
    text = "\n".join(lines)
    assert ("Refused: `lord yuan` could be several moves: Yuan Shao (袁紹): Able Governance "
            "(治政有方) (`lord lord:yuan_shao`) and Yuan Shu (袁術)") in text
    assert "(only you see) You chose Cao Cao (曹操)." in text
    assert text.count("Refused") == 1


def test_every_game_gets_its_own_folder_and_keeps_its_log(tmp_path):
    for _ in range(2):
        assert asyncio.run(play("record", 2, 2, seed=5, boards=tmp_path, ask=None,
                                say=lambda _: None)) == 0
    folders = sorted(tmp_path.iterdir())
    assert len(folders) == 2 and all(f.name.startswith("record-") for f in folders)
    for folder in folders:
        assert sorted(folder.glob("*.png")) and (folder / "game.json").is_file()
        assert (folder / DATABASE).is_file()
        assert main(["replay", str(folder / "game.json")]) == 0


def test_table_folder_never_reuses_a_folder_of_the_same_second(tmp_path):
    first = table_folder(tmp_path, "scythe", now=0)
    second = table_folder(tmp_path, "scythe", now=0)
    assert first != second and first.is_dir() and second.is_dir()


def test_a_left_game_is_resumed_from_its_folder(tmp_path):
    lines, ask = scripted("1", "1", "q")
    assert asyncio.run(play("record", 2, 1, seed=4, boards=tmp_path, ask=ask,
                            say=lines.append)) == 0
    [folder] = tmp_path.iterdir()
    assert f"The game is kept: `gm play --resume {folder}` goes on with it." in lines
    left = json.loads((folder / "game.json").read_text("utf-8"))
    boards = len(list(folder.glob("*.png")))
    again: list[str] = []
    assert asyncio.run(resume(folder, ask=lambda _: "1", say=again.append)) == 0
    assert f"Resuming the game kept in {folder}." in again
    assert any("Final scores" in line for line in again)
    done = json.loads((folder / "game.json").read_text("utf-8"))
    assert done["actions"][:len(left["actions"])] == left["actions"]
    assert len(done["actions"]) > len(left["actions"])
    assert len(list(folder.glob("*.png"))) > boards  # numbered on, none overwritten
    assert main(["replay", str(folder / "game.json")]) == 0
    ended: list[str] = []
    assert asyncio.run(resume(Path(folder), ask=lambda _: "1", say=ended.append)) == 0
    assert any("has ended" in line for line in ended)


def test_the_final_scores_read_without_discord_marks(tmp_path):
    """What a thread shows in bold is plain at the terminal: no asterisks."""
    lines: list[str] = []
    assert asyncio.run(play("scythe", 2, 2, seed=3, boards=tmp_path, ask=None,
                            say=lines.append)) == 0
    text = "\n".join(lines)
    assert "Final scores" in text and "AI 1: 57" in text and "**" not in text


def test_a_tang_game_at_the_terminal_never_stops_on_a_window_it_can_only_pass(tmp_path):
    """At the terminal nobody waits for a window's time: a seat that can only let it go by
    is passed for at once, and its player is never asked (they would have nothing to type)."""
    lines: list[str] = []
    asked: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        return "1" if len(asked) < 400 else "q"

    assert asyncio.run(play("tang", 4, 3, seed=2, boards=tmp_path, ask=ask,
                            say=lines.append)) == 0
    text = "\n".join(lines)
    assert "Nothing to decide" not in text
    assert "stuck" not in text.lower()
    assert len(asked) >= 20, "the human played on through the windows"


# "You" read as a name: "You chooses", "You is the start player", "You has 3 coins".
YOU_AS_A_NAME = re.compile(r"\bYou (is|has|was|[a-z]+[^s]s)\b")


@pytest.mark.parametrize("game, players", [("record", 2), ("redux", 3), ("scythe", 2),
                                           ("wargame", 2), ("tang", 3)])
def test_the_only_human_is_named_so_no_english_line_treats_you_as_a_name(tmp_path, game,
                                                                         players):
    """The terminal's lone human has a real name (Player 1): the table's third-person lines
    about their seat stay grammatical, and the lines meant for them still say "you"."""
    lines: list[str] = []
    asked: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        return "1" if len(asked) < 40 else "q"

    assert asyncio.run(play(game, players, players - 1, seed=3, boards=tmp_path, ask=ask,
                            say=lines.append)) == 0
    text = "\n".join(lines)
    assert "Player 1" in text
    assert YOU_AS_A_NAME.findall(text) == []


def test_why_names_the_rule_that_stops_a_move_and_plays_nothing(tmp_path):
    """Why can't I? (issue 30 item 6): `why <move>` answers with the refusal and the rule of
    the rulebook that makes it, or says the move is possible; either way nothing is played,
    and the seat still chooses its lord afterwards."""
    lines, ask = scripted("why attack luoyang", "why lord lord:cao_cao", "why", "q")
    assert asyncio.run(play("record", 2, 1, seed=4, boards=tmp_path, ask=ask,
                            say=lines.append)) == 0
    text = "\n".join(lines)
    assert "`attack luoyang` is not possible now." in text
    assert "(Rule R4.2: each player chooses a lord from the lord deck)" in text
    assert "`lord lord:cao_cao` is possible now: Cao Cao" in text
    assert "Type `why` and a move, e.g. `why lord lord:" in text
    assert "Refused" not in text and "chooses a lord face down" not in text  # nothing played


def test_why_answers_in_the_tables_language(tmp_path):
    lines, ask = scripted("why attack luoyang", "q")
    asyncio.run(play("record", 2, 1, seed=4, boards=tmp_path, ask=ask, say=lines.append,
                     locale="ko"))
    assert "(규칙 R4.2: " in "\n".join(lines)


@pytest.mark.parametrize("game", ["record", "redux", "scythe", "tang", "wargame"])
def test_why_at_the_terminal_cites_a_rule_in_every_game(game, tmp_path):
    """Every game's refusal names the rule that stops the move, at the first prompt too."""
    lines, ask = scripted("why fly away", "q")
    players = 3 if game != "wargame" else 2
    asyncio.run(play(game, players, players - 1, seed=4, boards=tmp_path, ask=ask,
                     say=lines.append))
    text = "\n".join(lines)
    assert "`fly" in text and re.search(r"\(Rule [A-Z]+\d[\w.]*: \S", text), text

"""External agents that misbehave cannot hang or break a game: every exchange (start-up,
write, read, exit) is bounded, the seat gets the default for that decision, and the
report says which agent, which decision and why."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from loupgarou.bots.agent import AgentBot, check_timeout
from loupgarou.bots.protocol import Bot, BotError
from loupgarou.bots.random_bot import RandomBot
from loupgarou.bots.registry import factory
from loupgarou.cli.main import main
from loupgarou.engine import Match, new_match
from loupgarou.sim.table import Table
from loupgarou.variants.one_night import VARIANT as ONE_NIGHT

MISBEHAVE = Path(__file__).resolve().parent / "agents" / "misbehave.py"


def agent(mode: str, timeout: float = 0.5) -> AgentBot:
    return AgentBot([sys.executable, str(MISBEHAVE), mode], 0, timeout=timeout)


def five(seed: int = 3) -> Match:
    deck = [
        "werewolf",
        "werewolf",
        "seer",
        "robber",
        "troublemaker",
        "villager",
        "villager",
        "villager",
    ]
    return new_match(ONE_NIGHT, ["Ann", "Bob", "Cid", "Dee", "Eve"], deck, seed=seed)


def play_with(bot: AgentBot, seed: int = 3) -> Table:
    bots: list[Bot] = [bot, *(RandomBot(s, random.Random(s)) for s in range(1, 5))]
    table = Table(five(seed), bots, rng=random.Random(0))
    try:
        table.play()
    finally:
        bot.close()
    return table


def test_an_agent_that_never_reads_its_input_cannot_block_the_game_master() -> None:
    bot = agent("deaf", timeout=0.5)
    bot._start(five().view(0))
    started = time.monotonic()
    # far more than a pipe holds: the write blocks once the pipe is full
    bot._send({"type": "noise", "pad": "x" * 1_000_000})
    assert time.monotonic() - started < 5
    assert bot.gone is not None and bot.gone[0] == "agent.stuck"
    bot.close()


def test_a_game_with_a_deaf_agent_ends_and_says_which_decisions_it_cost() -> None:
    started = time.monotonic()
    table = play_with(agent("deaf", timeout=0.3))
    assert table.match.over
    assert time.monotonic() - started < 20
    assert table.log.faults, "the deaf agent's decisions are reported"
    seats = {seat for seat, _, _, _ in table.log.faults}
    assert seats == {0}
    assert {code for _, _, code, _ in table.log.faults} <= {"agent.timeout", "agent.stuck"}
    assert any(kind == "vote" for _, kind, _, _ in table.log.faults)


def test_an_agent_that_crashes_gets_the_defaults_for_the_rest_of_the_game() -> None:
    table = play_with(agent("crash"))
    assert table.match.over
    codes = [code for _, _, code, _ in table.log.faults]
    assert codes and set(codes) == {"agent.crashed"}


def test_a_two_megabyte_answer_is_refused_unread_and_the_agent_plays_on() -> None:
    bot = agent("flood", timeout=2.0)
    table = play_with(bot)
    assert table.match.over
    assert table.log.faults[0][2] == "agent.bad_answer"
    assert "longer than" in table.log.faults[0][3]
    assert len(table.log.faults) == 1, "after the flood it answers, and is heard"


def test_an_illegal_choice_is_named_as_such() -> None:
    table = play_with(agent("illegal"))
    decisions = [f for f in table.log.faults if f[1] != "speak"]
    assert decisions and {code for _, _, code, _ in decisions} <= {
        "agent.illegal_choice",
        "agent.bad_answer",
    }
    assert any(code == "agent.illegal_choice" for _, _, code, _ in decisions)


def test_answers_that_are_not_text_are_unreadable_answers() -> None:
    table = play_with(agent("garbage"))
    assert table.log.faults and {code for _, _, code, _ in table.log.faults} == {"agent.bad_answer"}


def test_an_agent_that_does_not_exit_is_killed() -> None:
    bot = agent("stubborn")
    started = time.monotonic()
    play_with(bot)
    assert bot.proc is None
    assert time.monotonic() - started < 15


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), 1e308, 0.0, -1.0])
def test_a_time_limit_must_be_finite_positive_and_at_most_an_hour(bad: float) -> None:
    with pytest.raises(BotError) as err:
        check_timeout(bad)
    assert err.value.code == "agent.bad_timeout"
    with pytest.raises(BotError):
        factory("one-night", "agent:python3 x.py", agent_timeout=bad)


def test_an_unclosed_quote_in_an_agent_command_is_a_clear_error() -> None:
    with pytest.raises(BotError) as err:
        factory("one-night", "agent:'x")
    assert err.value.code == "bots.bad_command"


def test_simulate_reports_which_agent_which_decision_and_why(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bots = f"*=random,1=agent:{sys.executable} {MISBEHAVE} crash"
    code = main(
        ["simulate", "--games", "2", "--no-progress", "--bots", bots, "--agent-timeout", "2"]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "answers replaced by the default:" in out
    assert "seat 1 (agent:" in out and "crashed (the program exited)" in out
    assert "decision 'vote'" in out


def test_simulate_json_lists_the_replaced_answers(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    bots = f"*=random,1=agent:{sys.executable} {MISBEHAVE} illegal"
    assert main(["simulate", "--games", "1", "--no-progress", "--json", "--bots", bots]) == 0
    report = json.loads(capsys.readouterr().out)
    whys = {entry["why"] for entry in report["replaced_answers"]}
    assert "illegal choice" in whys


def test_the_protocol_tests_leave_no_agent_running() -> None:
    ps = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True, check=False)
    assert str(MISBEHAVE) + " deaf" not in ps.stdout

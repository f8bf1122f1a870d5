"""Bots see only their seat's view, every choice they make is legal, agents plug in."""

from __future__ import annotations

import ast
import random
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from loupgarou.bots.agent import AgentBot
from loupgarou.bots.protocol import Bot, BotError, check_choice
from loupgarou.bots.random_bot import RandomBot
from loupgarou.bots.registry import factory
from loupgarou.core.actions import Action, Decision
from loupgarou.core.statements import Statement
from loupgarou.engine import Match, new_match
from loupgarou.engine.views import SeatView
from loupgarou.sim.table import Table, play
from loupgarou.variants.one_night import VARIANT as ONE_NIGHT
from loupgarou.variants.one_night.scenarios import find_scenario
from loupgarou.variants.thiercelieux import VARIANT as THIERCELIEUX
from loupgarou.variants.thiercelieux import suggested_deck

ROOT = Path(__file__).resolve().parents[2]
AGENT = ROOT / "examples" / "agents" / "first_option.py"
UNRULY = Path(__file__).resolve().parent / "agents" / "unruly.py"


class Watched:
    """Wraps a bot; records what it was given and what it answered."""

    def __init__(
        self, inner: Bot, seat: int, log: list[tuple[int, SeatView, Decision | None, object]]
    ) -> None:
        self.inner = inner
        self.seat = seat
        self.log = log

    def decide(self, view: SeatView, decision: Decision) -> Action:
        action = self.inner.decide(view, decision)
        self.log.append((self.seat, view, decision, action))
        return action

    def speak(self, view: SeatView) -> Statement | None:
        said = self.inner.speak(view)
        self.log.append((self.seat, view, None, said))
        return said


def one_night(players: int, seed: int) -> Match:
    deck = [
        r.value
        for r in find_scenario("revenants" if players >= 8 else "confusion").deck_for(players)
    ]
    return new_match(ONE_NIGHT, [f"p{i}" for i in range(players)], deck, seed=seed)


def thiercelieux(players: int, seed: int) -> Match:
    return new_match(
        THIERCELIEUX,
        [f"p{i}" for i in range(players)],
        suggested_deck(players, thief=True),
        seed=seed,
    )


@pytest.mark.parametrize(
    ("family", "make", "players"),
    [("one-night", one_night, 5), ("one-night", one_night, 8), ("thiercelieux", thiercelieux, 9)],
)
@pytest.mark.parametrize("kind", ["random", "sensible"])
def test_bots_get_exactly_their_seat_view_and_choose_legally(
    family: str, make: Callable[[int, int], Match], players: int, kind: str
) -> None:
    for seed in range(3):
        match = make(players, seed)
        log: list[tuple[int, SeatView, Decision | None, object]] = []
        bots = [
            Watched(factory(family, kind)(s, random.Random(seed * 10 + s)), s, log)
            for s in range(players)
        ]
        # check=True: every view given to a bot is compared with match.view(seat) at that moment.
        play(match, bots, rng=random.Random(seed), check=True)
        assert match.over
        assert log
        for seat, view, decision, answer in log:
            assert view.seat == seat
            assert all(e.audience.includes(seat) for e in view.events)
            if decision is not None:
                assert view.decision == decision and decision.seat == seat
                assert isinstance(answer, Action) and answer in decision.options
            else:
                assert answer is None or isinstance(answer, Statement)


def test_an_illegal_choice_is_refused_with_a_clear_error() -> None:
    class Cheater(RandomBot):
        def decide(self, view: SeatView, decision: Decision) -> Action:
            return Action("vote", (view.seat,))  # voting for oneself is never offered

    match = one_night(5, 1)
    with pytest.raises(BotError) as err:
        play(match, [Cheater(s, random.Random(s)) for s in range(5)])
    assert err.value.code == "bots.illegal_choice"
    with pytest.raises(BotError):
        check_choice(
            0, Decision(0, "vote", (Action("vote", (1,)),), Action("vote", (1,))), "vote 1"
        )


def test_bot_code_never_reaches_for_the_match_or_its_state() -> None:
    package = ROOT / "src" / "loupgarou" / "bots"
    for path in package.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert node.module != "loupgarou.engine.match", path
                assert not node.module.startswith("loupgarou.cli"), path
                assert not node.module.startswith("loupgarou.sim"), path
            if isinstance(node, ast.Attribute):
                assert node.attr not in ("state", "_decisions"), f"{path.name} reads .{node.attr}"


def test_the_example_agent_plays_a_whole_game_end_to_end() -> None:
    match = one_night(5, 4)
    agent = AgentBot([sys.executable, str(AGENT)], 0, timeout=10.0)
    bots: list[Bot] = [
        agent,
        *(factory("one-night", "sensible")(s, random.Random(s)) for s in range(1, 5)),
    ]
    table = Table(match, bots, rng=random.Random(0), check=True)
    table.play()
    assert match.over
    assert table.log.timeouts == 0 and agent.errors == []
    assert agent.proc is None  # told the game is over, then closed
    assert any(i.seat == 0 and i.type == "action" for i in match.inputs)


def test_an_unruly_agent_is_told_why_and_gets_the_timeout_default(tmp_path: Path) -> None:
    refusals = tmp_path / "refusals.txt"
    match = thiercelieux(9, 2)
    agent = AgentBot([sys.executable, str(UNRULY), str(refusals)], 0, timeout=1.0)
    bots: list[Bot] = [agent, *(RandomBot(s, random.Random(s)) for s in range(1, 9))]
    table = Table(match, bots, rng=random.Random(0))
    table.play()
    assert match.over
    codes = [c for c, _ in agent.errors]
    assert codes[:3] == ["agent.illegal_choice", "agent.bad_answer", "agent.timeout"]
    assert table.log.timeouts >= 3
    assert [i.type for i in match.inputs if i.seat == 0 and i.type != "statement"][:3] == [
        "timeout"
    ] * 3
    lines = refusals.read_text(encoding="utf-8").split()
    assert lines[:3] == ["agent.illegal_choice", "agent.bad_answer", "agent.timeout"]
    assert lines[-1] == "end"
    # its statements (a claim) reached the table
    assert any(i.type == "statement" and i.seat == 0 for i in match.inputs)


def test_an_agent_that_cannot_start_is_a_clear_error() -> None:
    match = one_night(5, 1)
    bots: list[Bot] = [
        AgentBot(["/no/such/program"], 0),
        *(RandomBot(s, random.Random(s)) for s in range(1, 5)),
    ]
    with pytest.raises(BotError) as err:
        play(match, bots)
    assert err.value.code == "agent.cannot_start"

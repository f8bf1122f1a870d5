"""A brief fuzzing run on every test run: no input ends in an internal error or a hang.
``make fuzz`` (``scripts/fuzz.py``) runs the same targets at length."""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from loupgarou.cli.main import build_parser
from tests.fuzz import rooms, targets
from tests.fuzz import strategies as s

BRIEF = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    derandomize=True,
)


@BRIEF
@given(s.script_texts)
def test_any_script_text_is_read_or_refused_with_a_code(text: str) -> None:
    targets.script_text(text)
    targets.script_text(text, as_json=True)


@BRIEF
@given(s.examples, s.edits)
def test_an_example_script_with_values_replaced_is_played_or_refused(
    example: int, edits: list[tuple[int, object]]
) -> None:
    targets.script_document(example, edits)


@BRIEF
@given(s.examples, s.edits)
def test_a_record_with_values_replaced_replays_or_is_refused(
    example: int, edits: list[tuple[int, object]]
) -> None:
    targets.record_document(example, edits)


@BRIEF
@given(s.agent_answers)
def test_any_agent_answer_is_an_option_or_the_default(answer: bytes) -> None:
    targets.agent_answer(answer)


@settings(BRIEF, max_examples=40)
@given(s.room_tables, s.room_begun, s.room_moves)
def test_a_room_refuses_bad_inputs_with_a_code_changes_nothing_and_replays(
    table: int, begun: bool, moves: list[rooms.Move]
) -> None:
    rooms.room_inputs(table, begun, moves)


@settings(BRIEF, max_examples=40)
@given(s.command_words)
def test_any_command_line_ends_with_a_code_not_an_internal_error(words: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        targets.command_line(words, Path(folder), hang=30)
    assert _examples() == EXAMPLES_BEFORE, f"loupgarou {words} changed examples/"


def _examples() -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in (targets.ROOT / "examples").rglob("*") if p.is_file()}


EXAMPLES_BEFORE = _examples()


@pytest.mark.parametrize("command", ["simulate", "play", "tournament"])
def test_every_numeric_flag_with_every_bad_number_is_an_error_with_a_code(command: str) -> None:
    lines = s.sweep((command,), numeric_only=True)
    assert len(lines) >= 40
    with tempfile.TemporaryDirectory() as folder:
        for words in lines:
            targets.command_line(words, Path(folder), hang=30)


@pytest.mark.parametrize(
    "flags",
    [
        # each was seen to hang, eat memory, crash (exit 70) or be accepted before
        ["--discussion-minutes", "1e9"],
        ["--step-seconds", "1e308"],
        ["--family", "thiercelieux", "--players", "9", "--discussion-minutes", "1e9"],
        ["--family", "thiercelieux", "--players", "9", "--step-seconds", "1e308"],
        ["--family", "thiercelieux", "--players", "9", "--election-minutes", "1e9"],
        ["--family", "lupus", "--players", "9", "--defence-seconds", "1e308"],
        ["--family", "lupus", "--players", "100000000000"],
        ["--family", "lupus", "--players", "9", "--seed", "1" + "0" * 40],
    ],
)
def test_narrate_bounds_its_durations(flags: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        code = targets.command_line(["narrate", "--dry-run", *flags], Path(folder), hang=3)
    assert code == 2


@pytest.mark.parametrize(
    "flags",
    [
        ["--port", "0"],
        ["--port", "65536"],
        ["--port", "http"],
        ["--idle-hours", "nan"],
        ["--idle-hours", "1e308"],
        ["--rooms-per-minute", "-1"],
        ["--rooms-per-minute", "1" + "0" * 40],
    ],
)
def test_serve_refuses_a_bad_number_before_it_starts(flags: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        code = targets.command_line(["serve", "--data", folder, *flags], Path(folder), hang=5)
    assert code == 2


def test_the_fuzzer_knows_every_flag_of_every_command() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, command in sub.choices.items():
        flags = {
            option
            for action in command._actions
            for option in action.option_strings
            if option.startswith("--") and option != "--help"
        }
        known = set({**targets.COMMANDS, **targets.SERVERS}[name])
        assert flags <= known, (name, flags - known)


def test_the_edits_reach_every_place_of_a_document() -> None:
    doc = {"a": [1, {"b": 2}], "c": "x"}
    assert len(list(targets.paths(doc))) == 6
    assert targets.replaced(doc, [(2, "<del>")]) == {"a": [{"b": 2}], "c": "x"}

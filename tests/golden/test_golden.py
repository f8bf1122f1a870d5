"""The golden playthroughs are regenerated in memory and must match the checked-in files.

A mismatch means that what some player sees has changed.  If the change is
intended, run ``make golden`` (``.venv/bin/python scripts/regen_golden.py``)
and review the diff of ``tests/golden/*.json``.
"""

from __future__ import annotations

import json

import pytest

from loupgarou.core.events import JSON
from loupgarou.scripting.lupus_story import chronicle
from tests.golden.playthroughs import GAMES, HERE, GoldenGame, build, dumps, expand, play

REGEN = "if the change is intended, run `make golden` and review the diff of tests/golden/*.json"


def _first_difference(expected: JSON, actual: JSON, path: str = "$") -> str | None:
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in [*expected, *(k for k in actual if k not in expected)]:
            if key not in actual or key not in expected:
                return f"{path}.{key}: only in the {'file' if key in expected else 'new game'}"
            found = _first_difference(expected[key], actual[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(expected, list) and isinstance(actual, list):
        for i, (e, a) in enumerate(zip(expected, actual, strict=False)):
            found = _first_difference(e, a, f"{path}[{i}]")
            if found:
                return found
        if len(expected) != len(actual):
            return f"{path}: {len(expected)} items in the file, {len(actual)} now"
        return None
    if expected != actual:
        return (
            f"{path}: the file has {json.dumps(expected)}, the game now gives {json.dumps(actual)}"
        )
    return None


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_the_playthrough_matches_its_golden_file(game: GoldenGame) -> None:
    assert game.path.exists(), f"{game.path.name} is missing: {REGEN}"
    text = game.path.read_text(encoding="utf-8")
    actual = build(game)
    difference = _first_difference(json.loads(text), actual)
    assert difference is None, f"{game.path.name} differs at {difference}\n{REGEN}"
    assert text == dumps(actual), f"{game.path.name} is not in its canonical layout: {REGEN}"


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_the_file_rebuilds_every_view_after_every_input(game: GoldenGame) -> None:
    """The compact layout loses nothing: expanding it gives each live ``SeatView.to_json()``."""
    _, _, live = play(game)
    assert expand(build(game)) == live


def test_the_games_cover_what_they_claim() -> None:
    """Each game shows what it is there for, and the inputs include timeouts and statements."""
    kinds: dict[str, set[str]] = {}
    for game in GAMES:
        match, steps, _ = play(game)
        inputs = [i for step in steps for i in step]
        kinds[game.name] = {e.kind for e in match.events} | {i["type"] for i in inputs}
        kinds[game.name] |= {i["action"]["kind"] for i in inputs if i["type"] == "action"}
    assert {"look", "rob", "swap", "timeout", "statement"} <= kinds["premiere-nuit-5"]
    assert {"copied", "werewolves_shown", "masons", "timeout", "statement"} <= kinds["revenants-8"]
    assert {"peek", "timeout", "statement"} <= kinds["nuit-solitaire-4"]
    assert {
        "paired",
        "lovers",
        "spied",
        "healed",
        "poisoned",
        "shot",
        "grief",
        "captain_elected",
        "captain_named",
        "timeout",
        "statement",
    } <= kinds["thiercelieux-9"]
    assert {
        "set_aside_seen",
        "took",
        "healed",
        "poisoned",
        "shot",
        "captain_named",
        "timeout",
        "statement",
    } <= kinds["thiercelieux-thief-8"]
    assert {
        "medium",
        "welcome_card",
        "stage1_counted",
        "votes_revealed",
        "lynched",
        "timeout",
        "statement",
    } <= kinds["lupus-medium-9"]
    assert {
        "freemasons",
        "picked",
        "owl_pick",
        "welcome_card",
        "timeout",
        "statement",
    } <= kinds["lupus-freemasons-owl-13"]


def test_the_lupus_games_show_ghosts_voting_and_ties_settled_clockwise() -> None:
    """Stage 1 ballots from Ghosts, a stage 1 and a stage 2 tie settled clockwise from the
    Welcome card, a tied pack drawn, and the Owl's pick taking a suspect's place."""
    told = {}
    for game in GAMES:
        if game.family == "lupus":
            match, _, _ = play(game)
            told[game.name] = chronicle(match.events)
    for name, story in told.items():
        stage1 = [v for v in story.votes if v.vote == "stage1"]
        assert any(ghost for v in stage1 for _, _, ghost in v.ballots), name
        assert any(v.tied for v in stage1), name
        assert any(v.tied for v in story.votes if v.vote == "stage2"), name
        assert any(v.tied for v in story.votes if v.vote == "pack"), name
    thirteen = told["lupus-freemasons-owl-13"]
    assert thirteen.freemasons
    assert any(v.replaced is not None for v in thirteen.votes if v.vote == "stage1")
    assert told["lupus-medium-9"].medium


def test_there_is_no_stray_golden_file() -> None:
    on_disk = {p.name for p in HERE.glob("*.json")}
    assert on_disk == {g.path.name for g in GAMES}, f"{REGEN} (and delete stale files)"


def test_the_golden_files_stay_small() -> None:
    total = sum(g.path.stat().st_size for g in GAMES)
    assert total < 800 * 1024, f"the golden files weigh {total // 1024} KiB"

"""Any game the engine can play, written down as a script, adjudicates to the same result.

Random legal games over every scenario (fixed seeds, so the test is repeatable)
are turned into scripts: the chance outcomes under ``chance``, each action as a
``do`` step.  The verdict must agree with the engine on every event and on the
outcome, and must render as text without error.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from loupgarou.core.actions import Action
from loupgarou.engine import new_match
from loupgarou.scripting import parse_script, play, render
from loupgarou.variants.one_night import VARIANT
from loupgarou.variants.one_night.scenarios import SCENARIOS

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eli", "Fay", "Gus", "Hal", "Ida", "Jo"]
CASES = [
    (s.key, n) for s in SCENARIOS for n in s.player_counts[:: max(1, len(s.player_counts) // 2)]
]


def random_game(scenario: str, players: int, seed: int) -> tuple[dict[str, Any], Any]:
    found = next(s for s in SCENARIOS if s.key == scenario)
    options = {} if found.draw == "fixed" else {"deck_draw": found.draw}
    deck = [r.value for r in found.deck_for(players)]
    match = new_match(VARIANT, NAMES[:players], deck, options=options, seed=seed)
    rng = random.Random(seed)
    while not match.over:
        decision = rng.choice(match.pending())
        action: Action = rng.choice(decision.options)
        match.submit(decision.seat, action)
    chance: dict[str, list[Any]] = {}
    for entry in match.inputs:
        if entry.type == "chance":
            chance.setdefault(entry.label, []).append(list(entry.value))
    steps = []
    for entry in match.inputs:
        if entry.type == "action":
            assert entry.action is not None
            step: dict[str, Any] = {"seat": NAMES[entry.seat], "do": entry.action.kind}
            if entry.action.players:
                step["players"] = [NAMES[p] for p in entry.action.players]
            if entry.action.centre:
                step["centre"] = list(entry.action.centre)
            steps.append(step)
    doc = {
        "format": "loupgarou-script",
        "version": 1,
        "family": "one-night",
        "players": NAMES[:players],
        "scenario": scenario,
        "chance": chance,
        "steps": steps,
    }
    return doc, match


@pytest.mark.parametrize(("scenario", "players"), CASES)
def test_a_random_game_written_as_a_script_gives_the_same_verdict(
    scenario: str, players: int
) -> None:
    for seed in range(3):
        doc, match = random_game(scenario, players, seed)
        result = play(parse_script(doc))
        assert result.verdict.status == "finished"
        assert [e.to_json() for e in result.match.events] == [e.to_json() for e in match.events]
        ending = result.verdict.ending
        assert ending is not None
        assert frozenset(ending.winners) == match.outcome.winners
        assert "Winners:" in render(result.verdict)

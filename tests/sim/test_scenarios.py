"""Named tables for ``simulate -s`` and ``play -s``: Lupus in Tabula's ``basic``,
``specials`` and ``everything``, and the strength table that plays them."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from loupgarou.cli.main import main
from loupgarou.core.errors import SetupError
from loupgarou.sim.runner import SimSpec, parse_bots, run
from loupgarou.sim.scenarios import (
    LUPUS_SCENARIOS,
    find_lupus_scenario,
    lupus_player_range,
    scenario_names,
    table_spec,
)
from loupgarou.variants.lupus import default_deck
from loupgarou.variants.lupus.roles import SPECIAL
from loupgarou.variants.registry import find_family

ROOT = Path(__file__).resolve().parents[2]
LUPUS = find_family("lupus")
ONE_NIGHT = find_family("one-night")


def test_lupus_has_three_named_scenarios() -> None:
    assert scenario_names(LUPUS) == ("basic", "specials", "everything")
    assert [s.key for s in LUPUS_SCENARIOS] == list(scenario_names(LUPUS))
    assert "premiere-nuit" in scenario_names(ONE_NIGHT)


@pytest.mark.parametrize("players", [8, 12, 16, 24])
def test_basic_is_the_default_deck_and_the_default_table(players: int) -> None:
    table = table_spec(LUPUS, players, scenario="basic")
    assert table.deck == default_deck(players)
    assert table.label == f"basic ({players})"
    assert table_spec(LUPUS, players) == table  # neither a scenario nor a deck: basic
    assert table_spec(LUPUS, players, scenario="BASIC") == table


def test_specials_and_everything() -> None:
    specials = Counter(table_spec(LUPUS, 12, scenario="specials").deck)
    assert specials == Counter(
        werewolf=2, seer=1, medium=1, possessed=1, bodyguard=1, owl=1, villager=5
    )
    everything = Counter(table_spec(LUPUS, 13, scenario="everything").deck)
    assert set(everything) == {"werewolf", "seer", "villager"} | {r.value for r in SPECIAL}
    assert everything["freemason"] == 2 and everything["werewolf"] == 2
    assert everything["villager"] == 2
    # the family's Werewolf count follows the table size
    assert Counter(table_spec(LUPUS, 16, scenario="specials").deck)["werewolf"] == 3


def test_the_strength_table_decks_are_unchanged() -> None:
    """The decks (in their order: it is part of what a seed deals) that
    scripts/strength_table.py measured before it used the named scenarios."""
    assert table_spec(LUPUS, 8, scenario="basic").deck == (
        ("werewolf",) * 2 + ("seer",) + ("villager",) * 5
    )
    assert table_spec(LUPUS, 12, scenario="specials").deck == (
        "werewolf", "werewolf", "seer", "medium", "possessed", "bodyguard", "owl",
        *("villager",) * 5,
    )  # fmt: skip
    assert table_spec(LUPUS, 13, scenario="everything").deck == (
        "werewolf", "werewolf", "seer", "medium", "possessed", "bodyguard", "owl",
        "freemason", "freemason", "werehamster", "mythomaniac", "villager", "villager",
    )  # fmt: skip


def _strength_script() -> Any:
    spec = importlib.util.spec_from_file_location(
        "strength_table", ROOT / "scripts" / "strength_table.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_strength_table_plays_the_named_scenarios() -> None:
    script = _strength_script()
    assert not hasattr(script, "LUPUS_SPECIALS")
    for family, scenario, players in script.SCENARIOS:
        expected = table_spec(find_family(family), players, scenario=scenario)
        assert script.table_for(family, scenario, players) == expected


def test_player_ranges() -> None:
    ranges = {s.key: lupus_player_range(s) for s in LUPUS_SCENARIOS}
    assert ranges == {"basic": (8, 24), "specials": (9, 24), "everything": (11, 24)}


@pytest.mark.parametrize(
    ("scenario", "players", "code", "words"),
    [
        ("everything", 10, "setup.scenario_player_count", "played by 11 to 24 players, not 10"),
        ("specials", 8, "setup.scenario_player_count", "played by 9 to 24 players, not 8"),
        ("nowhere", 9, "setup.unknown_scenario", "known: basic, specials, everything"),
        ("suggested", 9, "setup.unknown_scenario", "no Lupus in Tabula scenario 'suggested'"),
        ("basic", 7, "setup.too_few_players", "8 to 24 players"),
    ],
)
def test_bad_lupus_tables_are_refused(scenario: str, players: int, code: str, words: str) -> None:
    with pytest.raises(SetupError) as err:
        table_spec(LUPUS, players, scenario=scenario)
    assert err.value.code == code
    assert words in err.value.message


def test_find_lupus_scenario_ignores_case_and_spaces() -> None:
    assert find_lupus_scenario(" Everything ").key == "everything"
    with pytest.raises(SetupError) as err:
        find_lupus_scenario("premiere-nuit")
    assert err.value.code == "setup.unknown_scenario"


def test_a_scenario_and_a_deck_together_are_refused() -> None:
    with pytest.raises(SetupError) as err:
        table_spec(LUPUS, 9, scenario="basic", deck=default_deck(9))
    assert err.value.code == "setup.deck_and_scenario"


def test_a_lupus_scenario_simulates_with_its_three_sides() -> None:
    table = table_spec(LUPUS, 11, scenario="everything")
    results = run(SimSpec(table, parse_bots("random"), games=4, seed=1))
    assert len(results) == 4
    assert all(set(r.sides) <= {"humans", "werewolves", "werehamster"} for r in results)
    assert any("werehamster" in r.sides for r in results)


def test_simulate_lupus_with_a_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "lupus", "-s", "specials", "-p", "9", "-n", "3", "--bots", "random"]
    assert main([*args, "--json", "--no-progress"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 3 and "specials (9)" in data["label"]
    assert main(["simulate", "lupus", "-s", "everything", "-p", "10", "-n", "1"]) == 2
    assert "[setup.scenario_player_count]" in capsys.readouterr().err

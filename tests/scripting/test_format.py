"""Malformed scripts: each gives a ScriptError with a stable code and a message that says where."""

from __future__ import annotations

from typing import Any

import pytest

from loupgarou.core.errors import LoupGarouError, ScriptError, SetupError
from loupgarou.scripting import parse_script, parse_text
from tests.scripting.builders import NIGHT, first_night, verdict_of


def error_of(doc: Any) -> LoupGarouError:
    with pytest.raises(LoupGarouError) as caught:
        verdict_of(doc)
    return caught.value


@pytest.mark.parametrize(
    ("doc", "code", "words"),
    [
        (["not", "a", "mapping"], "script.not_a_mapping", "not a list"),
        ({"version": 1}, "script.not_a_script", "loupgarou-script"),
        (first_night(format="loupgarou-record"), "script.not_a_script", "loupgarou-record"),
        (first_night(version=2), "script.version", "version 2"),
        (first_night(version="1"), "script.version", "'1'"),
        (first_night(stepz=[]), "script.unknown_field", "'stepz'"),
        (first_night(family="chess"), "script.unknown_family", "chess"),
        (first_night(players=["Ann", "ann", "Bob"]), "script.bad_players", "(players 1 and 2)"),
        (first_night(players=["Ann", 2, "Bob"]), "script.bad_players", "player 2 must"),
        (first_night(deck=["werewolf"]), "script.deck_and_scenario", "not both"),
        (first_night(seed=True), "script.bad_field", "'seed'"),
    ],
)
def test_a_bad_envelope_is_named(doc: Any, code: str, words: str) -> None:
    err = error_of(doc)
    assert isinstance(err, ScriptError)
    assert err.code == code
    assert words in err.message


def test_a_script_without_deck_or_scenario_is_refused() -> None:
    doc = first_night()
    del doc["scenario"]
    assert error_of(doc).code == "script.no_deck"


@pytest.mark.parametrize(
    ("step", "code", "words"),
    [
        ({"seat": "Zoe", "do": "look", "players": ["Alice"]}, "script.unknown_player", "'Zoe'"),
        (
            {"seat": 9, "do": "look", "players": ["Alice"]},
            "script.bad_seat",
            "counted from 0 (0 to 4)",
        ),
        ({"seat": "Bob", "do": "stare", "players": ["Alice"]}, "script.unknown_verb", "'stare'"),
        ({"seat": "Bob"}, "script.bad_step", "says nothing to do"),
        ({"seat": "Bob", "do": "look", "vote": "Alice"}, "script.bad_step", "mixes"),
        ({"seat": "Bob", "do": "pass", "players": ["Alice"]}, "script.bad_step", "'pass'"),
        ({"do": "pass"}, "script.missing_field", "'seat'"),
        ({"seat": "Bob", "do": "look", "target": "Alice"}, "script.unknown_field", "'target'"),
        ({"seat": "Bob", "timeout": False}, "script.bad_step", "timeout: true"),
        ({"seat": "Bob", "do": "look", "centre": ["left"]}, "script.bad_centre", "'left'"),
        ({"seat": "Bob", "claim": {"role": "pope"}}, "script.unknown_role", "'pope'"),
        ({"seat": "Bob", "claim": {}}, "script.bad_claim", "needs a 'role'"),
        (
            {"seat": "Bob", "claim": {"saw": [{"role": "seer", "seat": "Ann", "centre": 0}]}},
            "script.bad_claim",
            "either 'seat' or 'centre'",
        ),
        ({"votes": {"Alice": "Bob", "alice": "Carol"}}, "script.bad_step", "votes twice"),
        ("look Bob", "script.bad_field", "must be a mapping"),
    ],
)
def test_a_bad_step_names_its_number(step: Any, code: str, words: str) -> None:
    err = error_of(first_night(steps=[NIGHT[0], step]))
    assert err.code == code
    assert "step 2" in err.message
    assert words in err.message


def test_a_deal_that_does_not_match_the_deck_says_what_differs() -> None:
    deal = {
        "players": ["werewolf", "werewolf", "werewolf", "seer", "robber"],
        "centre": ["troublemaker", "villager", "villager"],
    }
    err = error_of(first_night(deal=deal))
    assert err.code == "script.deal_mismatch"
    assert "1 more Werewolf" in err.message
    assert "1 fewer Villager" in err.message


@pytest.mark.parametrize(
    ("deal", "code", "words"),
    [
        ({"players": {"Alice": "werewolf"}, "centre": []}, "script.bad_deal", "no card to Bob"),
        ({"players": ["werewolf"] * 4, "centre": []}, "script.bad_deal", "4 cards for 5 players"),
        (
            {
                "players": ["werewolf", "werewolf", "seer", "robber", "troublemaker"],
                "centre": ["villager"],
            },
            "setup.card_count",  # the rules' own count, as for a deck of 6 cards
            "5 players need 8 cards (one each and 3 in the centre); the deal gives 6",
        ),
        ({"players": ["werewolf"] * 5}, "setup.card_count", "the deal gives 5"),
        (
            {
                "players": ["werewolf", "wolf", "seer", "robber", "thief"],
                "centre": ["villager"] * 3,
            },
            "script.unknown_role",
            "'thief'",
        ),
    ],
)
def test_a_malformed_deal_is_named(deal: Any, code: str, words: str) -> None:
    err = error_of(first_night(deal=deal))
    assert err.code == code
    assert words in err.message


def test_the_deal_may_not_be_fixed_twice() -> None:
    err = error_of(first_night(chance={"deal": list(range(8))}))
    assert err.code == "script.deal_twice"


def test_setup_problems_are_the_rules_own_setup_errors() -> None:
    # docs/adjudicate-json.md: error.kind is "setup" for what the rules refuse.
    err = error_of(
        first_night(scenario="premiere-nuit", players=["A", "B", "C", "D", "E", "F"], deal=None)
    )
    assert isinstance(err, SetupError) and err.kind == "setup"
    assert err.code == "setup.scenario_player_count"
    assert "3 to 5 players" in err.message
    doc = first_night(deck=["werewolf"] * 7, deal=None)
    del doc["scenario"]
    err = error_of(doc)
    assert isinstance(err, SetupError) and err.kind == "setup"
    assert err.code == "setup.card_count"
    err = error_of(first_night(options={"lone_wolf_peek": "yes"}))
    assert (err.kind, err.code) == ("setup", "setup.bad_option")
    err = error_of(first_night(steps=[{"seat": "Bob", "dance": True}]))
    assert isinstance(err, ScriptError) and err.kind == "script"


def test_role_names_may_be_french_or_any_case() -> None:
    deal = {
        "players": {
            "Alice": "Loup-Garou",
            "Bob": "voyante",
            "Carol": "VOLEUR",
            "Dan": "noiseuse",
            "Eve": "wolf",
        },
        "centre": ["villageois", "Villager", "villager"],
    }
    v = verdict_of(first_night(deal=deal, steps=NIGHT))
    assert v.knowledge[1].dealt == "seer"


def test_yaml_and_json_give_the_same_verdict() -> None:
    yaml_text = """
format: loupgarou-script
version: 1
family: one-night
players: [Alice, Bob, Carol, Dan, Eve]
scenario: premiere-nuit
deal:
  players: {Alice: werewolf, Bob: seer, Carol: robber, Dan: troublemaker, Eve: werewolf}
  centre: [villager, villager, villager]
steps:
  - {seat: Bob, do: look, players: [Alice]}
  - {seat: Carol, do: rob, players: [Eve]}
  - {seat: Dan, do: swap, players: [Alice, Bob]}
  - votes: {Alice: Bob, Bob: Alice, Carol: Alice, Dan: Alice, Eve: Alice}
"""
    json_text = """{
  "format": "loupgarou-script", "version": 1, "family": "one-night",
  "players": ["Alice", "Bob", "Carol", "Dan", "Eve"], "scenario": "premiere-nuit",
  "deal": {"players": {"Alice": "werewolf", "Bob": "seer", "Carol": "robber",
                       "Dan": "troublemaker", "Eve": "werewolf"},
           "centre": ["villager", "villager", "villager"]},
  "steps": [
    {"seat": "Bob", "do": "look", "players": ["Alice"]},
    {"seat": "Carol", "do": "rob", "players": ["Eve"]},
    {"seat": "Dan", "do": "swap", "players": ["Alice", "Bob"]},
    {"votes": {"Alice": "Bob", "Bob": "Alice", "Carol": "Alice", "Dan": "Alice", "Eve": "Alice"}}
  ]
}"""
    from_yaml = verdict_of(parse_text(yaml_text, "a.yaml"))
    from_json = verdict_of(parse_text(json_text, "a.json", as_json=True))
    assert from_yaml.to_json() == from_json.to_json()


@pytest.mark.parametrize(
    ("text", "as_json", "code"),
    [
        ("players: [Ann, Bob\nsteps: 3", False, "script.syntax"),
        ("{'format': ", True, "script.syntax"),
        ("   \n", False, "script.empty"),
    ],
)
def test_text_that_cannot_be_decoded_is_a_syntax_error(text: str, as_json: bool, code: str) -> None:
    with pytest.raises(ScriptError) as caught:
        parse_text(text, "x", as_json=as_json)
    assert caught.value.code == code


def test_a_syntax_error_gives_the_line() -> None:
    with pytest.raises(ScriptError) as caught:
        parse_text("format: x\nplayers: [Ann, Bob\nsteps: []\n", "s.yaml")
    assert "line" in caught.value.message


def test_parse_script_keeps_what_was_written() -> None:
    script = parse_script(
        first_night(steps=[{"seat": "Bob", "do": "look", "players": ["Alice"], "note": "n"}])
    )
    (step,) = script.steps
    assert step.written == {"seat": "Bob", "do": "look", "players": ["Alice"], "note": "n"}
    assert step.note == "n"
    assert script.deal is not None
    assert len(script.deal) == 8

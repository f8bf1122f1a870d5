"""A script names players and centre cards as people do (Bob, ``c1`` to ``c3``), and still
reads the data form of records (a seat or a centre card by its number from 0)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from loupgarou.cli.main import main
from loupgarou.core.errors import ScriptError
from loupgarou.scripting.text import render
from tests.scripting.builders import NIGHT, first_night, verdict_of
from tests.scripting.test_thiercelieux import thief

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def seer_looks_at(centre: Any) -> dict[str, Any]:
    return first_night(steps=[{"seat": "Bob", "do": "look", "centre": centre}])


def test_script_accepts_c1_to_c3_for_centre_cards() -> None:
    people = verdict_of(seer_looks_at(["c1", "C3"]))
    data = verdict_of(seer_looks_at([0, 2]))
    assert people.rejected is None
    assert people.played[0].text == "Bob: look at centre cards c1 and c3"
    assert people.played[0].inputs == data.played[0].inputs  # the record counts from 0
    assert people.played[0].inputs[0] == {
        "type": "action",
        "seat": 1,
        "action": {"kind": "look", "centre": [0, 2]},
    }
    assert render(people) == render(data)


def test_a_step_may_name_its_seat_by_the_data_form_number() -> None:
    by_number = first_night(steps=[{"seat": 1, "do": "look", "players": [0]}])
    by_name = first_night(steps=[{"seat": "Bob", "do": "look", "players": ["Alice"]}])
    assert render(verdict_of(by_number)) == render(verdict_of(by_name))


@pytest.mark.parametrize("card", ["c0", "c4", "centre 1", "one"])
def test_a_centre_card_that_is_not_c1_to_c3_is_refused_saying_how_to_name_it(card: str) -> None:
    with pytest.raises(ScriptError) as caught:
        verdict_of(seer_looks_at([card, "c2"]))
    assert caught.value.code == "script.bad_centre"
    assert caught.value.message.startswith("step 1: centre cards are c1, c2 and c3")
    assert repr(card) in caught.value.message


def test_a_claim_sees_a_centre_card_named_c2() -> None:
    claim = {"role": "seer", "saw": [{"centre": "c2", "role": "villager"}]}
    v = verdict_of(first_night(steps=[*NIGHT, {"seat": "Bob", "claim": claim}]))
    assert v.rejected is None
    assert v.played[-1].text == "Bob claims: dealt the Seer; saw: centre card c2: Villager"
    assert v.played[-1].inputs[0]["statement"]["claim"]["saw"] == [
        {"role": "villager", "centre": 1}
    ]


def test_the_thief_names_a_set_aside_card_c1_or_c2() -> None:
    people = verdict_of(thief(steps=[{"seat": "Kai", "do": "take", "set_aside": "c2"}]))
    data = verdict_of(thief(steps=[{"seat": "Kai", "do": "take", "set_aside": 1}]))
    assert people.played[0].text == "Kai: take set-aside card c2"
    assert people.played[0].inputs == data.played[0].inputs
    with pytest.raises(ScriptError) as caught:
        verdict_of(thief(steps=[{"seat": "Kai", "do": "take", "set_aside": "c3"}]))
    assert "the set-aside cards are c1 and c2" in caught.value.message


def test_a_seat_number_past_the_table_says_it_counts_from_0_and_offers_names() -> None:
    with pytest.raises(ScriptError) as caught:
        verdict_of(first_night(steps=[{"seat": 5, "do": "look", "players": ["Alice"]}]))
    assert caught.value.code == "script.bad_seat"
    assert caught.value.message == (
        "step 1: there is no seat 5; a seat number is the data form, counted from 0 "
        "(0 to 4): name the player instead (Alice, Bob, Carol, Dan, Eve)"
    )


def test_the_json_verdict_gives_its_reasons_with_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["adjudicate", str(EXAMPLES / "tanner-wins.yaml"), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)["result"]
    assert {
        "code": "tanner.died",
        "text": "the Tanner (Ann) died, which was the Tanner's only goal",
    } in result["reasons"]
    assert result["winners"] == [{"seat": 0, "name": "Ann"}]  # the data form keeps its numbers


def test_a_bad_card_in_a_deal_names_whose_card_it_is() -> None:
    deal = {
        "players": ["werewolf", "wizard", "robber", "troublemaker", "werewolf"],
        "centre": ["villager", "dragon", "villager"],
    }
    with pytest.raises(ScriptError) as caught:
        verdict_of(first_night(deal=deal))
    assert caught.value.message.startswith("'deal', Bob: 'wizard' is not a role")
    deal["players"][1] = "seer"
    with pytest.raises(ScriptError) as caught:
        verdict_of(first_night(deal=deal))
    assert caught.value.message.startswith("'deal', centre card c2: 'dragon' is not a role")


@pytest.mark.parametrize("card", ["c²", "c" + "1" * 5000])
def test_a_centre_card_number_that_is_no_card_is_refused_not_a_crash(card: str) -> None:
    with pytest.raises(ScriptError) as caught:
        verdict_of(seer_looks_at([card, "c2"]))
    assert caught.value.code == "script.bad_centre"


def test_a_claim_of_ones_own_card_names_it_as_theirs() -> None:
    """A Robber or an Insomniac tells what their own card is: "saw: their own card:
    Troublemaker", not "saw: Carol's card" in Carol's own mouth."""
    claim = {"role": "robber", "saw": [{"seat": "Carol", "role": "troublemaker"}]}
    other = {"role": "seer", "saw": [{"seat": "Carol", "role": "troublemaker"}]}
    steps = [*NIGHT, {"seat": "Carol", "claim": claim}, {"seat": "Bob", "claim": other}]
    v = verdict_of(first_night(steps=steps))
    assert v.rejected is None
    texts = [p.text for p in v.played[-2:]]
    assert texts == [
        "Carol claims: dealt the Robber; saw: their own card: Troublemaker",
        "Bob claims: dealt the Seer; saw: Carol's card: Troublemaker",
    ]
    told = [line.text for line in v.timeline if "claims" in line.text]
    assert told[0].endswith("saw: their own card: Troublemaker.")

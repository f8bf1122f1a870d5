"""What each player learned, and the night as the moderator tells it."""

from __future__ import annotations

from pathlib import Path

import pytest

from loupgarou.scripting import load_script, parse_script, play
from tests.scripting.builders import NIGHT, first_night, verdict_of, votes

END = votes(Alice="Bob", Bob="Alice", Carol="Alice", Dan="Alice", Eve="Alice")


def learned(seat: int, doc: dict[str, object] | None = None) -> list[str]:
    v = verdict_of(doc or first_night(steps=[*NIGHT, END]))
    return [line.text for line in v.knowledge[seat].learned]


def test_the_seer_learns_what_she_saw_in_plain_english() -> None:
    assert learned(1) == [
        "Bob looked at their card: Seer.",
        "Bob (Seer) looked at Alice's card: Werewolf.",
        "Bob voted for Alice.",
    ]


def test_the_werewolves_learn_each_other() -> None:
    assert learned(0)[:2] == [
        "Alice looked at their card: Werewolf.",
        "Alice (Werewolf) saw the other Werewolf: Eve.",
    ]


def test_the_robber_sees_his_new_card_and_the_troublemaker_sees_nothing() -> None:
    assert (
        learned(2)[1]
        == "Carol (Robber) swapped cards with Eve and looked at the new one: Werewolf."
    )
    assert (
        learned(3)[1] == "Dan (Troublemaker) swapped the cards of Alice and Bob, without looking."
    )


def test_a_player_learns_only_what_is_addressed_to_them() -> None:
    script = parse_script(first_night(steps=[*NIGHT, END]))
    result = play(script)
    for k in result.verdict.knowledge:
        private = [e for e in result.match.view(k.seat).events if not e.audience.everyone]
        assert [line.kind for line in k.learned] == [e.kind for e in private]
        assert all(k.seat in e.audience.seats for e in private)


def test_the_insomniac_sees_the_card_she_ends_with() -> None:
    doc = first_night(
        players=["Ann", "Bob", "Cid", "Dee"],
        scenario="pleine-lune",
        deal={
            "players": ["insomniac", "robber", "troublemaker", "werewolf"],
            "centre": ["werewolf", "villager", "villager"],
        },
        steps=[
            {"seat": "Dee", "do": "pass"},
            {"seat": "Bob", "do": "rob", "players": ["Ann"]},
            {"seat": "Cid", "do": "swap", "players": ["Ann", "Dee"]},
        ],
    )
    assert learned(0, doc)[-1] == "Ann (Insomniac) looked at their own card: Werewolf."


def test_the_doppelganger_is_labelled_with_the_role_she_copied() -> None:
    doc = first_night(
        players=["Ann", "Bob", "Cid", "Dee"],
        deck=["doppelganger", "seer", "werewolf", "werewolf", "villager", "villager", "villager"],
        deal={
            "players": ["doppelganger", "seer", "werewolf", "villager"],
            "centre": ["werewolf", "villager", "villager"],
        },
        steps=[
            {"seat": "Ann", "do": "copy", "players": ["Bob"]},
            {"seat": "Ann", "do": "look", "players": ["Cid"]},
        ],
    )
    del doc["scenario"]
    assert learned(0, doc)[1:] == [
        "Ann (Doppelgänger) looked at Bob's card and took on its role: Seer.",
        "Ann (Doppelgänger-Seer) looked at Cid's card: Werewolf.",
    ]


def test_the_moderator_sees_the_deal_every_call_and_every_secret() -> None:
    v = verdict_of(first_night(steps=[*NIGHT, END]))
    texts = [line.text for line in v.timeline]
    assert texts[0].startswith("The cards are dealt. Alice: Werewolf; Bob: Seer;")
    assert "The Werewolves are called." in texts
    assert "The Seer is called." in texts
    assert "Bob (Seer) looked at Alice's card: Werewolf." in texts
    assert "Alice died: the most votes were against them." in texts
    assert texts[-1] == "The game is over. Winners: Bob and Carol (werewolf)."
    assert v.timeline[0].step is None
    assert {line.step for line in v.timeline if line.kind == "voted"} == {4}
    assert v.timeline[0].audience == "moderator"


def test_statements_are_told_with_their_claim() -> None:
    claim = {
        "role": "seer",
        "saw": [{"seat": "Bob", "role": "werewolf"}, {"centre": 1, "role": "villager"}],
    }
    v = verdict_of(
        first_night(steps=[*NIGHT, {"seat": "Alice", "say": "Trust me.", "claim": claim}])
    )
    (line,) = [li for li in v.timeline if li.kind == "statement"]
    assert line.text == (
        'Alice says "Trust me." and claims: dealt the Seer; '
        "saw: Bob's card: Werewolf, centre card c2: Villager."
    )
    assert line.audience == "everyone"


# --- the step of each thing learned, night after night -----------------------------------------

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
MULTI_NIGHT = (
    "thiercelieux-witch.yaml",
    "thiercelieux-lovers.yaml",
    "thiercelieux-captain-tie.yaml",
    "lupus-basic.yaml",
    "lupus-ghosts-and-ties.yaml",
    "lupus-specials.yaml",
)


@pytest.mark.parametrize("example", MULTI_NIGHT)
def test_what_a_player_learned_carries_the_step_it_happened_at_even_when_it_recurs(
    example: str,
) -> None:
    # The same event (a Werewolf's "woke", night after night) may recur with the same
    # data: each occurrence keeps its own step, and a player's list stays in the game's order.
    result = play(load_script(EXAMPLES / example))
    timeline = result.verdict.timeline
    for k in result.verdict.knowledge:
        mine = [li for li in timeline if _includes(li.audience, k.seat)]
        assert [(li.step, li.kind, li.text) for li in k.learned] == [
            (li.step, li.kind, li.text) for li in mine
        ]
        steps = [li.step for li in k.learned if li.step is not None]
        assert steps == sorted(steps), (k.seat, steps)


def test_eve_woke_on_night_one_at_step_three_and_on_night_two_at_step_twelve() -> None:
    result = play(load_script(EXAMPLES / "thiercelieux-witch.yaml"))
    eve = result.match.players.index("Eve")
    woke = [li.step for li in result.verdict.knowledge[eve].learned if li.kind == "woke"]
    assert woke == [3, 12]


def _includes(audience: object, seat: int) -> bool:
    return isinstance(audience, list) and seat in audience

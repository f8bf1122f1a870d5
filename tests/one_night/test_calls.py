"""§1.2 The night's public calls: wake order, every role of the deck, nothing told by the deal."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from loupgarou.engine import Match, new_match
from loupgarou.variants.one_night import VARIANT
from loupgarou.variants.one_night.night import call_list
from loupgarou.variants.one_night.roles import Role
from loupgarou.variants.one_night.scenarios import find_scenario
from tests.one_night.table import Fact, facts, table

EVERY_STEP = [
    "doppelganger",
    "doppelganger_minion",
    "werewolves",
    "minion",
    "masons",
    "seer",
    "robber",
    "troublemaker",
    "drunk",
    "insomniac",
    "doppelganger_insomniac",
]


def test_the_night_follows_the_wake_order() -> None:
    game = table(
        "troublemaker drunk robber seer doppelganger werewolf werewolf minion mason mason"
        " | insomniac villager hunter"
    )
    woken = []
    while game.phase == "night":
        (who, kind) = game.waiting()[0]
        woken.append((who, kind))
        if kind == "doppelganger":
            game.act(who, copy="mason1")
        else:
            game.timeout(who)
    assert woken == [
        ("doppelganger", "doppelganger"),
        ("seer", "seer"),
        ("robber", "robber"),
        ("troublemaker", "troublemaker"),
        ("drunk", "drunk"),
    ]
    assert game.calls() == EVERY_STEP
    assert game.learned("mason1") == [("masons", {"seats": [4, 8, 9]})]


def test_every_role_of_the_deck_is_called_even_from_the_centre() -> None:
    game = table("villager werewolf werewolf | seer robber troublemaker")
    game.skip_night()
    assert game.calls() == ["werewolves", "seer", "robber", "troublemaker"]


def test_villagers_hunters_and_tanners_are_never_called() -> None:
    game = table(
        "villager hunter tanner werewolf | werewolf villager villager", lone_wolf_peek=False
    )
    assert game.phase == "day"
    assert game.calls() == ["werewolves"]


def test_the_call_list_depends_on_which_roles_the_deck_holds() -> None:
    dg, minion, insomniac = Role.DOPPELGANGER, Role.MINION, Role.INSOMNIAC
    wolf, seer = Role.WEREWOLF, Role.SEER
    assert call_list((seer, wolf, wolf)) == ("werewolves", "seer")
    assert call_list((dg, wolf, seer)) == ("doppelganger", "werewolves", "seer")
    assert call_list((dg, minion, wolf)) == (
        "doppelganger",
        "doppelganger_minion",
        "werewolves",
        "minion",
    )
    assert call_list((insomniac, dg)) == ("doppelganger", "insomniac", "doppelganger_insomniac")
    assert call_list((minion, insomniac)) == ("minion", "insomniac")
    assert call_list(tuple(Role)) == tuple(EVERY_STEP)


# --- nothing public depends on the deal or on the night's choices ------------------------------


def night_in_public(match: Match) -> list[Fact]:
    public = facts([e for e in match.events if e.audience.everyone])
    return public[: public.index(("day_begins", {})) + 1]


def play_night(match: Match, rnd: random.Random) -> None:
    while match.variant.public(match.state)["phase"] == "night":
        (decision,) = match.pending()
        match.submit(decision.seat, rnd.choice(decision.options))


REVENANTS = [r.value for r in find_scenario("revenants").deck_for(10)]
ALLIANCE = [r.value for r in find_scenario("alliance").deck_for(6)]


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from([REVENANTS, ALLIANCE]),
    st.integers(0, 2**32 - 1),
    st.randoms(use_true_random=False),
)
def test_the_public_night_is_the_same_whatever_the_deal_and_the_choices(
    deck: list[str], seed: int, rnd: random.Random
) -> None:
    names = [f"p{i}" for i in range(len(deck) - 3)]
    reference = new_match(VARIANT, names, deck, seed=0)
    while reference.variant.public(reference.state)["phase"] == "night":
        reference.timeout(reference.pending()[0].seat)  # everyone declines, Drunk takes 0
    match = new_match(VARIANT, names, deck, seed=seed)
    play_night(match, rnd)
    public = night_in_public(match)
    assert public == night_in_public(reference)
    steps = [data["step"] for kind, data in public if kind == "night_step"]
    assert steps == list(call_list(match.state.deck))
    for seat in range(len(names)):
        view = match.view(seat)
        assert all(e.audience.everyone or seat in e.audience.seats for e in view.events)

"""The narrator's script: built from the deck alone, every role call equally long."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from loupgarou.core.errors import SetupError
from loupgarou.narration import (
    Cue,
    CueKind,
    Timing,
    build_script,
    call_durations,
    load_locale,
    possible_roles,
    total_seconds,
)
from loupgarou.variants.one_night.night import call_list
from loupgarou.variants.one_night.roles import Role
from loupgarou.variants.one_night.scenarios import SCENARIOS, Scenario
from loupgarou.variants.one_night.setup import box_cards

EN = load_locale("en")
W, V, S, R, T = Role.WEREWOLF, Role.VILLAGER, Role.SEER, Role.ROBBER, Role.TROUBLEMAKER
DG, M, IN, D, MA = Role.DOPPELGANGER, Role.MINION, Role.INSOMNIAC, Role.DRUNK, Role.MASON
FIRST_NIGHT = (W, W, S, R, T, V, V, V)


def steps(cues: tuple[Cue, ...]) -> list[str]:
    """The role calls of a script, in order, once each."""
    return list(call_durations(cues))


def test_a_night_opens_with_everyone_closing_their_eyes_and_ends_with_the_reveal() -> None:
    cues = build_script(FIRST_NIGHT, EN)
    assert cues[0].kind is CueKind.NIGHTFALL
    assert cues[-1].kind is CueKind.REVEAL
    assert cues[-1].seconds == 0
    kinds = [c.kind for c in cues]
    assert kinds.index(CueKind.DAWN) > max(i for i, k in enumerate(kinds) if k is CueKind.SLEEP)


def test_the_first_night_calls_the_werewolves_then_seer_robber_troublemaker() -> None:
    cues = build_script(FIRST_NIGHT, EN)
    assert steps(cues) == ["werewolves", "seer", "robber", "troublemaker"]
    calls = [(c.step, c.kind) for c in cues if c.kind in (CueKind.WAKE, CueKind.SLEEP)]
    assert calls[:2] == [("werewolves", CueKind.WAKE), ("werewolves", CueKind.SLEEP)]


@given(st.permutations(box_cards()))
def test_the_order_the_cards_are_dealt_in_never_changes_the_script(
    dealt: list[Role],
) -> None:
    # A deal is a permutation of the deck onto seats and centre: the script cannot depend on it.
    assert build_script(dealt, EN) == build_script(box_cards(), EN)


@pytest.mark.parametrize("scenario", [s for s in SCENARIOS if s.decks], ids=lambda s: s.key)
def test_every_role_in_every_scenario_deck_is_called_for_the_same_time(
    scenario: Scenario,
) -> None:
    for players, deck in scenario.decks.items():
        cues = build_script(deck, EN, timing=Timing(step_seconds=7.5))
        durations = call_durations(cues)
        assert list(durations) == list(call_list(deck)), players
        assert all(math.isclose(d, 7.5) for d in durations.values()), durations
        assert len(set(durations.values())) == 1


def test_each_role_call_is_a_wake_an_action_and_a_sleep_cue() -> None:
    cues = build_script(box_cards(), EN)
    for step in call_list(box_cards()):
        parts = [c.kind for c in cues if c.step == step]
        assert parts == [CueKind.WAKE, CueKind.ACTION, CueKind.SLEEP], step


def test_two_decks_with_the_same_roles_last_exactly_as_long() -> None:
    # One werewolf or two, three villagers or one: the table hears the same night.
    few = build_script((W, S, R, T, V, V), EN)
    many = build_script((W, W, S, R, T, V, V, V, V), EN)
    assert [(c.key, c.seconds) for c in few] == [(c.key, c.seconds) for c in many]


def test_a_deck_without_the_doppelganger_has_no_doppelganger_part() -> None:
    cues = build_script((W, W, M, S, R, T, IN, V), EN)
    assert not [c for c in cues if c.step.startswith("doppelganger")]


def test_the_doppelganger_alone_is_called_first_and_only_once() -> None:
    cues = build_script((DG, W, W, S, R, T, V, V), EN)
    assert steps(cues)[0] == "doppelganger"
    assert "doppelganger_minion" not in steps(cues)
    assert "doppelganger_insomniac" not in steps(cues)


def test_with_the_minion_the_doppelganger_minion_part_closes_step_one() -> None:
    cues = build_script((DG, W, W, M, S, R, T, V), EN)
    assert steps(cues)[:3] == ["doppelganger", "doppelganger_minion", "werewolves"]
    part = [c for c in cues if c.step == "doppelganger_minion"]
    assert "Minion" in part[0].text and "Doppelgänger" in part[0].text
    assert "Werewolves" in part[1].text  # they raise a thumb for her
    assert call_durations(cues)["doppelganger_minion"] == call_durations(cues)["seer"]


def test_with_the_insomniac_the_doppelganger_insomniac_wakes_last() -> None:
    cues = build_script((DG, W, W, IN, S, R, T, V), EN)
    assert steps(cues)[-2:] == ["insomniac", "doppelganger_insomniac"]
    wake = next(c for c in cues if c.step == "doppelganger_insomniac")
    assert "Insomniac" in wake.text and "Doppelgänger" in wake.text


def test_the_doppelganger_parts_are_called_even_if_every_copy_ends_in_the_centre() -> None:
    # Revenants for 10: the Doppelgänger, the Minion and the Insomniac may all be in the
    # centre; the script is the same, because it only knows the deck.
    deck = (W, W, DG, M, Role.HUNTER, S, R, T, V, MA, MA, IN, D)
    assert steps(build_script(deck, EN)) == list(call_list(box_cards()))


def test_the_lone_wolf_peek_is_mentioned_only_when_the_option_is_on() -> None:
    on = next(c for c in build_script(FIRST_NIGHT, EN) if c.kind is CueKind.ACTION)
    off = next(
        c for c in build_script(FIRST_NIGHT, EN, lone_wolf_peek=False) if c.kind is CueKind.ACTION
    )
    assert "centre" in on.text and "centre" not in off.text
    assert on.seconds == off.seconds


def test_the_discussion_lasts_the_chosen_time_with_a_countdown() -> None:
    cues = build_script(FIRST_NIGHT, EN, timing=Timing(discussion_seconds=300))
    day = [c for c in cues if c.kind in (CueKind.DISCUSSION, CueKind.COUNTDOWN)]
    assert sum(c.seconds for c in day) == 300
    assert day[0].text.startswith("You have 5 minutes")
    assert [c.text for c in day[1:]] == [
        "4 minutes left.",
        "3 minutes left.",
        "2 minutes left.",
        "One minute left.",
        "30 seconds left.",
        "10 seconds left.",
    ]


def test_a_short_discussion_counts_down_in_seconds() -> None:
    cues = build_script(FIRST_NIGHT, EN, timing=Timing(discussion_seconds=45))
    day = [c for c in cues if c.kind in (CueKind.DISCUSSION, CueKind.COUNTDOWN)]
    assert [c.seconds for c in day] == [15, 20, 10]
    assert day[0].text.startswith("You have 45 seconds")


def test_the_call_to_vote_counts_three_two_one() -> None:
    vote = [c.text for c in build_script(FIRST_NIGHT, EN) if c.kind is CueKind.VOTE]
    assert vote[1:] == ["3…", "2…", "1…", "Vote!"]


def test_the_reveal_asks_what_the_doppelganger_copied_only_if_she_is_in_the_deck() -> None:
    assert build_script(FIRST_NIGHT, EN)[-1].key == "end.reveal"
    assert build_script((DG, *FIRST_NIGHT[1:]), EN)[-1].key == "end.reveal_doppelganger"


def test_the_length_of_the_night_follows_the_step_length() -> None:
    short = build_script(FIRST_NIGHT, EN, timing=Timing(step_seconds=5))
    long = build_script(FIRST_NIGHT, EN, timing=Timing(step_seconds=20))
    assert total_seconds(long) - total_seconds(short) == 4 * 15


def test_a_drawn_deck_opens_with_a_notice_and_calls_every_role_that_could_be_drawn() -> None:
    for draw in ("anarchie", "bag"):
        roles = possible_roles(draw)
        assert Counter(roles) == Counter(set(box_cards()))
        cues = build_script(roles, EN, drawn=True)
        assert cues[0].kind is CueKind.NOTE
        assert steps(cues) == list(call_list(box_cards()))


@pytest.mark.parametrize(
    "timing",
    [
        {"step_seconds": 0},
        {"step_seconds": -3},
        {"discussion_seconds": math.inf},
        {"discussion_seconds": math.nan},
    ],
)
def test_a_duration_that_is_not_positive_is_refused(timing: dict[str, float]) -> None:
    with pytest.raises(SetupError) as err:
        Timing(**timing)
    assert err.value.code == "narration.bad_timing"

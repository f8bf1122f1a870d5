"""The Lupus in Tabula script: built from the deck and the night's number, never from the deal."""

from __future__ import annotations

import itertools
import random

import pytest

from loupgarou.core.errors import SetupError
from loupgarou.narration import CueKind, Timing, call_durations, load_locale, total_seconds
from loupgarou.narration.cues import ROLE_CALL_KINDS
from loupgarou.narration.lupus import (
    day_script,
    deck_text,
    defence_cue,
    night_script,
    stage2_script,
    voter_cue,
)
from loupgarou.variants.lupus import Role, call_list, default_deck

EN = load_locale("en", "lupus")
FR = load_locale("fr", "lupus")
BOX = (
    *[Role.WEREWOLF] * 3,
    Role.SEER,
    Role.MEDIUM,
    Role.POSSESSED,
    Role.BODYGUARD,
    Role.OWL,
    Role.FREEMASON,
    Role.FREEMASON,
    Role.WEREHAMSTER,
    Role.MYTHOMANIAC,
    *[Role.VILLAGER] * 4,
)
"""Every Lupus card: a deck for 16 players."""
BASIC = tuple(Role(r) for r in default_deck(8))


def steps(cues: tuple[object, ...]) -> list[str]:
    return list(call_durations(cues))  # type: ignore[arg-type]


def test_the_calls_of_each_night_follow_the_rules_order() -> None:
    assert steps(night_script(BOX, 1, EN)) == ["freemasons", "seer", "werewolves", "owl"]
    assert steps(night_script(BOX, 2, EN)) == [
        "seer",
        "medium",
        "bodyguard",
        "werewolves",
        "owl",
        "mythomaniac",
    ]
    assert steps(night_script(BOX, 3, EN)) == ["seer", "medium", "bodyguard", "werewolves", "owl"]
    assert steps(night_script(BASIC, 1, EN)) == ["seer", "werewolves"]


@pytest.mark.parametrize("night", [1, 2, 3, 7])
def test_every_character_of_the_deck_is_called_as_the_engine_calls_it(night: int) -> None:
    for size in range(1, len(set(BOX)) + 1):
        for roles in itertools.combinations(sorted(set(BOX)), size):
            deck = tuple(Role(r) for r in roles)
            canonical = tuple(r for r in Role if r in deck)
            assert steps(night_script(deck, night, EN)) == list(call_list(canonical, night))


@pytest.mark.parametrize("night", [1, 2, 3])
def test_the_night_depends_on_the_deck_as_a_set_and_the_night_number_only(night: int) -> None:
    expected = night_script(BOX, night, EN)
    rng = random.Random(night)
    for _ in range(20):
        shuffled = list(BOX)
        rng.shuffle(shuffled)
        assert night_script(shuffled, night, EN) == expected
    assert night_script(set(BOX), night, EN) == expected
    assert night_script(BOX, 4, EN) == night_script(BOX, 9, EN)


@pytest.mark.parametrize("night", [1, 2, 3])
@pytest.mark.parametrize("locale", [EN, FR], ids=["en", "fr"])
def test_every_call_lasts_the_same_time_split_the_same_way(night: int, locale: object) -> None:
    timing = Timing(step_seconds=15)
    cues = night_script(BOX, night, EN if locale is EN else FR, timing=timing)
    assert set(call_durations(cues).values()) == {15}
    parts = [c.seconds for c in cues if c.kind in ROLE_CALL_KINDS]
    assert parts == [3.0, 9.0, 3.0] * (len(parts) // 3)
    assert cues[0].kind is CueKind.NIGHTFALL and cues[-1].kind is CueKind.DAWN


def test_the_timing_of_a_night_tells_nothing_about_who_holds_what() -> None:
    # Same deck, any deal, any deaths: the script never sees them, so it is one script.
    assert total_seconds(night_script(BOX, 2, EN)) == 5 + 6 * 20 + 4


def test_groups_are_called_in_the_plural() -> None:
    texts = [c.text for c in night_script(BOX, 1, EN)]
    assert "Freemasons, open your eyes and look for each other." in texts
    assert "Werewolves, open your eyes and recognise one another." in texts
    fr = [c.text for c in night_script(BOX, 1, FR)]
    assert "Francs-maçons, fermez les yeux." in fr
    assert "Loups-Garous, fermez les yeux." in fr


def test_the_deadly_owl_changes_the_words_not_the_time() -> None:
    plain = night_script(BOX, 2, EN)
    deadly = night_script(BOX, 2, EN, deadly_owl=True)
    assert [c.seconds for c in plain] == [c.seconds for c in deadly]
    (changed,) = [(a, b) for a, b in zip(plain, deadly, strict=True) if a != b]
    assert changed[0].key == "step.owl.action" and changed[1].key == "step.owl.action_deadly"
    assert "will not live to see the morning" in changed[1].text


def test_the_day_discussion_lasts_the_discussion_then_calls_stage_1() -> None:
    timing = Timing(discussion_seconds=180)
    cues = day_script(EN, timing=timing)
    assert cues[0].kind is CueKind.DISCUSSION
    assert cues[0].text.startswith("You have 3 minutes to talk it over")
    assert sum(c.seconds for c in cues if c.kind is not CueKind.VOTE) == 180
    assert cues[-1].key == "stage1.open" and cues[-1].kind is CueKind.VOTE
    assert "Ghosts" in cues[-1].text


def test_the_default_timing_is_the_rules_three_minute_discussion() -> None:
    cues = day_script(EN)
    assert cues[0].text.startswith("You have 3 minutes")
    assert call_durations(night_script(BASIC, 1, EN)) == {"seer": 20, "werewolves": 20}


def test_the_day_parts_that_name_players() -> None:
    timing = Timing(defence_seconds=45, token_seconds=8, announce_seconds=2)
    assert voter_cue(EN, "Ann", timing=timing).text == "Ann, your vote."
    assert voter_cue(EN, "Ann", timing=timing).seconds == 2
    defence = defence_cue(FR, "Bob", timing=timing)
    assert defence.kind is CueKind.DEFENCE and defence.seconds == 45
    assert defence.text == "Bob, tu es suspect\u00a0: tu as 45 secondes pour te défendre."
    stage2 = stage2_script(EN, "Cid", "Dan", timing=timing)
    assert [c.seconds for c in stage2] == [8, 1, 1, 1, 5]
    assert "the paw print for Cid, the tuft of fur for Dan" in stage2[0].text
    assert stage2[-1].text == "Turn your tokens over: show your votes!"


def test_a_lupus_script_needs_a_lupus_locale() -> None:
    with pytest.raises(SetupError) as err:
        night_script(BOX, 1, load_locale("en", "thiercelieux"))
    assert err.value.code == "narration.bad_locale"


def test_the_deck_is_listed_werewolves_first_villagers_last() -> None:
    assert deck_text(BOX, EN) == (
        "Werewolf ×3, Seer, Medium, Possessed, Bodyguard, Owl, Freemason ×2, Werehamster, "
        "Mythomaniac, Villager ×4"
    )
    assert deck_text(BASIC, FR) == "Loup-Garou ×2, Voyant, Villageois ×5"

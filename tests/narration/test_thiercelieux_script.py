"""The Thiercelieux night script: from the deck and the night's number only, every call as long."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from loupgarou.core.errors import SetupError
from loupgarou.narration import (
    Cue,
    CueKind,
    Timing,
    call_durations,
    day_script,
    load_locale,
    night_script,
    total_seconds,
)
from loupgarou.narration.thiercelieux import (
    DEFAULT_STEP_SECONDS,
    deck_text,
    election_script,
    lynch_script,
    revote_script,
)
from loupgarou.variants.thiercelieux import suggested_deck
from loupgarou.variants.thiercelieux.roles import Role

EN = load_locale("en", "thiercelieux")
FR = load_locale("fr", "thiercelieux")
W, V, S, WI, H = Role.WEREWOLF, Role.VILLAGER, Role.SEER, Role.WITCH, Role.HUNTER
C, T, LG = Role.CUPID, Role.THIEF, Role.LITTLE_GIRL
BOX = (W, W, W, S, WI, H, C, T, LG, V, W, V)
"""Ten players with every role, and two cards set aside for the Thief."""


def calls(cues: tuple[Cue, ...]) -> list[str]:
    return list(call_durations(cues))


def test_night_one_calls_thief_cupid_lovers_then_seer_werewolves_witch() -> None:
    cues = night_script(BOX, 1, EN)
    assert calls(cues) == ["thief", "cupid", "lovers", "seer", "werewolves", "witch"]
    assert cues[0].kind is CueKind.NIGHTFALL
    assert cues[-1].kind is CueKind.DAWN


@pytest.mark.parametrize("night", [2, 3, 7])
def test_later_nights_call_only_the_every_night_roles(night: int) -> None:
    assert calls(night_script(BOX, night, EN)) == ["seer", "werewolves", "witch"]


def test_every_later_night_is_the_same_night() -> None:
    assert night_script(BOX, 2, EN) == night_script(BOX, 9, EN)


@given(st.permutations(BOX), st.integers(min_value=1, max_value=6))
def test_the_order_of_the_deal_never_changes_the_script(dealt: list[Role], night: int) -> None:
    # A deal is a permutation of the deck onto the seats and the set-aside pile: the
    # script only sees the deck, so it cannot tell who holds what.
    assert night_script(dealt, night, EN) == night_script(BOX, night, EN)


def test_the_script_depends_on_which_roles_the_deck_holds_not_how_many() -> None:
    few = night_script((W, S, WI, V, V, V), 2, EN)
    many = night_script((W, W, W, S, WI, V, V, V, V, V, V, V), 2, EN)
    assert few == many


@pytest.mark.parametrize("night", [1, 2])
def test_every_call_lasts_exactly_the_step_length(night: int) -> None:
    cues = night_script(BOX, night, EN, timing=Timing(step_seconds=13))
    durations = call_durations(cues)
    assert all(math.isclose(d, 13) for d in durations.values()), durations
    for step in durations:
        parts = [c for c in cues if c.step == step]
        assert [c.kind for c in parts] == [CueKind.WAKE, CueKind.ACTION, CueKind.SLEEP]
        assert [c.seconds for c in parts] == pytest.approx([2.6, 7.8, 2.6])


def test_a_night_lasts_as_long_whoever_is_alive_because_it_never_asks() -> None:
    # night_script takes no game state at all: the dead Seer's call is the living Seer's.
    seer = [c for c in night_script(BOX, 3, EN) if c.step == "seer"]
    assert [c.text for c in seer] == [
        "Seer, open your eyes.",
        "Point at the player whose card you want to see, and I will show it to you.",
        "Seer, close your eyes.",
    ]
    assert total_seconds(night_script(BOX, 3, EN)) == 5 + 3 * DEFAULT_STEP_SECONDS + 4


def test_roles_not_in_the_deck_are_not_called() -> None:
    cues = night_script((W, W, S, V, V, V, V, V), 1, EN)
    assert calls(cues) == ["seer", "werewolves"]
    assert not any("Cupid" in c.text or "Lovers" in c.text for c in cues)


def test_the_werewolves_are_always_called_in_the_plural() -> None:
    for deck in ((W, S, V, V, V), BOX):
        for night in (1, 2):
            for locale, plural in ((EN, "Werewolves"), (FR, "Loups-Garous")):
                wolves = [c for c in night_script(deck, night, locale) if c.step == "werewolves"]
                assert wolves[0].text.startswith(f"{plural}, ")
                assert wolves[-1].text.startswith(f"{plural}, ")


def test_the_little_girl_is_mentioned_in_the_werewolves_call_without_lengthening_it() -> None:
    with_girl = night_script((W, W, S, LG, V, V, V, V), 2, EN)
    without = night_script((W, W, S, V, V, V, V, V), 2, EN)
    girl = next(c for c in with_girl if c.step == "werewolves" and c.kind is CueKind.ACTION)
    assert "Little Girl may try to peek" in girl.text
    assert not any("Little Girl" in c.text for c in without)
    assert call_durations(with_girl) == call_durations(without)


def test_the_day_holds_the_election_only_when_asked() -> None:
    timing = Timing(step_seconds=20, discussion_seconds=120, election_seconds=90)
    first = day_script(EN, election=True, timing=timing)
    later = day_script(EN, election=False, timing=timing)
    assert first[: len(election_script(EN, timing=timing))] == election_script(EN, timing=timing)
    assert later == lynch_script(EN, timing=timing)
    assert first[0].kind is CueKind.ELECTION
    assert first[0].text == (
        "Before anything else, the village chooses its Captain. You have 90 seconds to make "
        "your case."
    )
    assert total_seconds(first) - total_seconds(later) == 90 + 4 + 3 + 5
    assert [c.text for c in later if c.kind is CueKind.VOTE][-4:] == ["3…", "2…", "1…", "Vote!"]


def test_a_revote_names_the_tied_players() -> None:
    cues = revote_script(FR, ["Ann", "Bob", "Cid"])
    assert (
        cues[0].text == "Égalité entre Ann, Bob et Cid. Votez à nouveau, pour l'un d'eux seulement."
    )
    assert cues[-1].text == "Votez\u00a0!"


def test_a_one_night_locale_cannot_narrate_thiercelieux() -> None:
    with pytest.raises(SetupError) as err:
        night_script(BOX, 1, load_locale("en"))
    assert err.value.code == "narration.bad_locale"


def test_the_suggested_decks_are_listed_werewolves_first() -> None:
    deck = [Role(r) for r in suggested_deck(12, thief=True)]
    assert deck_text(deck, EN) == (
        "Werewolf ×4, Seer, Witch, Hunter, Cupid, Thief, Little Girl, Villager ×4"
    )

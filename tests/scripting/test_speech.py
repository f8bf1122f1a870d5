"""The verdict's words in each language: every English sentence has its French one with the
same parameters, French typography holds, and a French verdict of whole games (every
family, many kinds of events) has no English sentence left in it."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from loupgarou.core.outcome import Reason
from loupgarou.scripting.adjudicator import verdict_of_match
from loupgarou.scripting.speech import params, speech_for
from loupgarou.sim.game import play_match
from loupgarou.sim.scenarios import table_spec
from loupgarou.sim.spec import SimSpec
from loupgarou.variants.registry import find_family


def texts(language: str) -> dict[str, str]:
    source = resources.files("loupgarou.scripting") / "speech" / f"{language}.json"
    data: dict[str, str] = json.loads(source.read_text(encoding="utf-8"))["texts"]
    return data


def test_every_sentence_has_its_french_one_with_the_same_parameters() -> None:
    en, fr = texts("en"), texts("fr")
    assert sorted(en) == sorted(fr), sorted(set(en) ^ set(fr))
    assert all(v.strip() for v in [*en.values(), *fr.values()])
    odd = [k for k in en if params(en[k]) != params(fr[k])]
    assert not odd, odd


def test_french_puts_a_no_break_space_before_high_punctuation() -> None:
    bad = [(k, t) for k, t in texts("fr").items() if re.search(r"[^\u00a0][:;?!»]|«[^\u00a0]", t)]
    bad = [(k, t) for k, t in bad if not re.search(r"\{[a-z_.]+\}[:;?!]", t)]
    assert not bad, bad[:5]


def test_french_elides_before_a_vowel() -> None:
    say = speech_for("one-night", "fr").say
    assert say("card_seen", who="Bob", name="Ann", card="Voyante") == (
        "Bob a regardé la carte d'Ann\u00a0: Voyante."
    )
    assert say("card_seen", who="Ann", name="Bob", card="Voyante").startswith(
        "Ann a regardé la carte de Bob"
    )


def test_a_theme_renames_the_roles_of_the_verdict_in_each_language() -> None:
    assert speech_for("thiercelieux", "en", "pirates").say("thiercelieux.call.witch") == (
        "The Ship's Surgeon is called."
    )
    assert speech_for("one-night", "fr", "pirates").say("one_night.call.werewolves") == (
        "Appel\u00a0: les Mutins."
    )


def test_english_reasons_keep_the_rules_words_and_french_ones_are_ours() -> None:
    reason = Reason("village.werewolf_died", "a Werewolf died (seat 2)")
    assert speech_for("one-night").reason(reason) is reason
    assert speech_for("one-night", "fr").reason(reason).text == (
        "Un Loup-Garou est mort\u00a0: le village gagne."
    )


ENGLISH = re.compile(
    r"\b(the|was|were|is|are|their|voted|looked|called|nobody|died|dies|with|from|and|of|"
    r"Werewolf|Werewolves|Seer|Villager|Witch|Hunter|Thief|Ghost|Welcome|Mason|Robber)\b"
)
QUOTED = re.compile(r"«[^»]*»")


@pytest.mark.parametrize(
    ("family", "players", "scenario"),
    [
        ("one-night", 8, "revenants"),
        ("one-night", 5, "premiere-nuit"),
        ("thiercelieux", 12, "suggested-thief"),
        ("lupus", 13, "everything"),
    ],
)
def test_a_french_verdict_has_no_english_sentence(family: str, players: int, scenario: str) -> None:
    spec = table_spec(find_family(family), players, scenario=scenario)
    french = speech_for(family, "fr")
    kinds: set[str] = set()
    for game in range(6):
        match, _ = play_match(SimSpec(spec, bots=(("*", "sensible"),), games=1, seed=11), game)
        verdict = verdict_of_match(match, source="t", title="t", scenario=scenario, speech=french)
        english = verdict_of_match(match, source="t", title="t", scenario=scenario)
        assert verdict.ending is not None
        lines = [(li.kind, li.text) for li in verdict.timeline]
        lines += [(li.kind, li.text) for k in verdict.knowledge for li in k.learned]
        lines += [("reason", r.text) for r in verdict.ending.reasons]
        leaks = [(k, t) for k, t in lines if ENGLISH.search(QUOTED.sub("", t))]
        assert not leaks, leaks[:5]
        for ours, theirs in zip(verdict.timeline, english.timeline, strict=True):
            kinds.add(ours.kind)
            assert ours.text != theirs.text or not re.search(r"[a-z]{3}", ours.text), ours.text
    assert {"night_begins", "game_over"} <= kinds

"""Solo play words every event of every family in plain sentences.

``loupgarou play`` tells the person what happens through :class:`loupgarou.cli.play_words.Words`;
an event it has no sentence for is shown in a generic "kind (key value)" form.  These
tests play whole games of each family (random and sensible bots, several decks and
options) and check that no event, public, private or the game master's, falls back to
that form; and a few sentences that speak to the person's own seat.
"""

from __future__ import annotations

import pytest

from loupgarou.cli.play_words import Words
from loupgarou.core.events import JSON, Event, public, told
from loupgarou.engine import Match
from loupgarou.sim.runner import SimSpec, parse_bots, play_match
from loupgarou.sim.scenarios import table_spec
from loupgarou.variants.registry import find_family

Table = tuple[str, str | None, int, tuple[tuple[str, JSON], ...], str]
"""Family, scenario, players, options, bots."""


TABLES: list[Table] = [
    ("one-night", "incertitudes", 10, (), "sensible"),
    ("one-night", "revenants", 8, (), "random"),
    ("one-night", "anarchie", 6, (), "random"),
    ("thiercelieux", "suggested-thief", 10, (), "sensible"),
    ("thiercelieux", "suggested", 12, (("hunter_on_any_death", True),), "random"),
    ("thiercelieux", "suggested", 9, (("captain_mode", "random"),), "random"),
    ("lupus", "everything", 22, (), "random"),
    ("lupus", "specials", 12, (), "sensible"),
]


def played(table: Table, games: int) -> list[Match]:
    """The matches of ``games`` simulated games of ``table``."""
    family, scenario, players, options, bots = table
    spec = SimSpec(
        table_spec(find_family(family), players, scenario=scenario, options=options),
        parse_bots(bots),
        games=games,
        seed=11,
    )
    return [play_match(spec, index)[0] for index in range(games)]


@pytest.mark.parametrize("table", TABLES, ids=lambda t: f"{t[0]}-{t[1]}-{t[2]}-{t[4]}")
def test_every_event_has_a_sentence(table: Table) -> None:
    unworded: dict[str, Event] = {}
    for match in played(table, 25):
        # Seat 0 is the person; the moderator's events are worded for the epilogue.
        words = Words(list(match.players), 0, table[0])
        for event in match.events:
            line = words.event(event)
            if line is not None and line == words._plain(event):
                unworded.setdefault(event.kind, event)
    assert not unworded, f"events shown in the generic form: {unworded}"


def test_a_vote_for_oneself_is_worded_as_such() -> None:
    words = Words(["Ann", "Bob"], 0, "thiercelieux")
    assert words.event(told(0, "voted", seat=0)) == "You voted for yourself."
    assert words.event(told(1, "voted", seat=1)) == "Bob voted for themselves."
    assert words.event(told(1, "voted", seat=0)) == "Bob voted for you."


def test_my_own_card_and_title_speak_to_me() -> None:
    words = Words(["Ann", "Bob"], 0, "thiercelieux")
    assert words.event(told(1, "card_seen", seat=0, role="seer")) == (
        "Bob looked at your card: the Seer."
    )
    assert words.event(public("captain_elected", seat=0)) == "You are the Captain."
    assert words.event(public("captain_elected", seat=1)) == "Bob is the Captain."
    assert words.event(public("captain_named", seat=1, by=0)) == (
        "You hand the Captain's title to Bob before dying."
    )


def test_names_keep_their_capitals() -> None:
    words = Words(["McAllister", "Bob"], 1, "lupus")
    assert words.event(public("rested", seat=0)) == (
        "McAllister has said all they had to say in their defence."
    )


def test_a_witch_who_heals_then_passes_keeps_her_other_potion() -> None:
    words = Words(["Ann", "Bob"], 0, "thiercelieux")
    night = [
        told(0, "victim_shown", seat=1),
        told(0, "healed", seat=1),
        told(0, "declined", step="witch"),
    ]
    assert [words.event(e) for e in night] == [
        "You saw the pack's victim: Bob.",
        "You healed Bob.",
        "You used no other potion.",
    ]
    # the next night she passes at once: no potion at all
    assert words.event(told(0, "victim_shown", seat=None)) == "You saw the pack's victim: nobody."
    assert words.event(told(0, "declined", step="witch")) == "You used no potion."


def test_a_person_who_dies_in_lupus_is_told_a_ghost_still_votes() -> None:
    words = Words(["Ann", "Bob"], 0, "lupus")
    ghost = "You are a Ghost now: you may not speak, but you still name a suspect"
    assert ghost in (words.event(public("lynched", seat=0)) or "")
    assert ghost in (words.event(public("dawn", night=2, deaths=[1, 0])) or "")
    assert ghost not in (words.event(public("lynched", seat=1)) or "")
    thiercelieux = Words(["Ann", "Bob"], 0, "thiercelieux")
    assert thiercelieux.event(public("lynched", seat=0)) == "You are lynched."

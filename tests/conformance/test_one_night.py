"""One Night through the generic conformance harness.

Configurations come from every scenario deck, random decks within the box,
random decks beyond it (several Doppelgängers, Tanners ...), and drawn decks
(Anarchie, tokens in a bag), with every combination of the edition and
lone-wolf options.  Hypothesis picks configurations and seeds; each example
plays whole games with the checks of :mod:`tests.conformance.harness`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from loupgarou.core.errors import IllegalAction
from loupgarou.core.events import JSON, Event
from loupgarou.core.statements import Statement
from loupgarou.engine import Match, new_match, replay
from loupgarou.engine.record import to_record
from loupgarou.variants.one_night import VARIANT
from loupgarou.variants.one_night.roles import BOX, Role
from loupgarou.variants.one_night.scenarios import SCENARIOS
from loupgarou.variants.one_night.state import State
from tests.conformance.harness import (
    RECORD_CORRUPTIONS,
    ChanceEntries,
    Counterfactuals,
    Family,
    Move,
    Playout,
    TableConfig,
    check_corrupt_record_is_refused,
    check_counterfactuals,
    check_playout,
    check_playouts,
    play,
    recorded_chance,
)

ROLES = tuple(role.value for role in Role)
BOX_CARDS = tuple(role.value for role in Role for _ in range(BOX[role]))
SCENARIO_DECKS = tuple(
    (scenario.key, n, tuple(r.value for r in deck))
    for scenario in SCENARIOS
    for n, deck in sorted(scenario.decks.items())
)
NAMES = ("Ana", "Bruno", "Céline", "Dédé", "Élise", "Fanfan", "Gégé", "Hugo", "Inès", "Jo")


def _pair_masons(deck: list[str]) -> list[str]:
    """A deck with a single Mason is an error: add its partner in place of another card."""
    if deck.count("mason") == 1:
        other = next(i for i, r in enumerate(deck) if r != "mason")
        deck[other] = "mason"
    return deck


@st.composite
def one_night_configs(draw: st.DrawFn) -> TableConfig:
    options: dict[str, JSON] = {}
    edition = draw(st.sampled_from((None, "ravensburger", "bezier")))
    if edition is not None:
        options["edition"] = edition
    peek = draw(st.sampled_from((None, True, False)))
    if peek is not None:
        options["lone_wolf_peek"] = peek
    source = draw(st.sampled_from(("scenario", "box", "beyond the box", "drawn")))
    deck: tuple[str, ...]
    if source == "scenario":
        _, n, deck = draw(st.sampled_from(SCENARIO_DECKS))
    elif source == "drawn":
        n = draw(st.integers(3, 10))
        deck = ()
        options["deck_draw"] = draw(st.sampled_from(("anarchie", "bag")))
    elif source == "box":
        n = draw(st.integers(3, 10))
        cards = draw(st.permutations(BOX_CARDS))[: n + 3]
        deck = tuple(_pair_masons(list(cards)))
    else:  # more copies than the box holds: legal, with a warning
        n = draw(st.integers(3, 10))
        cards = draw(st.lists(st.sampled_from(ROLES), min_size=n + 3, max_size=n + 3))
        deck = tuple(_pair_masons(cards))
    return TableConfig(NAMES[:n], deck, options)


def cards_are_never_created_or_lost(match: Match) -> None:
    """(a) ``cards`` is a permutation of the card ids; the deal and copies stay coherent."""
    state: State = match.state
    if state.phase == "deck":
        assert state.cards == ()
        return
    size = len(state.deck)
    assert size == state.n + 3
    ids = list(range(size))
    assert sorted(state.cards) == ids, f"cards created or lost: {state.cards}"
    assert sorted(state.dealt) == ids, f"the deal is not a permutation: {state.dealt}"
    assert len(state.copies) == size
    for card, copied in enumerate(state.copies):
        assert copied is None or state.deck[card] is Role.DOPPELGANGER, (
            f"card {card} ({state.deck[card]}) holds a copied role"
        )
    if state.phase in ("day", "over"):
        assert len(state.votes) == state.n
        for seat, target in enumerate(state.votes):
            assert target == -1 or (0 <= target < state.n and target != seat)
    if state.phase == "over":
        assert state.outcome is not None
        assert len(set(state.dead)) == len(state.dead)
        assert all(0 <= s < state.n for s in state.dead)
        assert state.outcome.winners <= set(range(state.n))


def swap_two_cards(match: Match, rng: random.Random) -> list[ChanceEntries]:
    """Other deals (up to 16, in random order): two cards of different roles exchanged."""
    state: State = match.state
    chances = recorded_chance(match)
    at = next(i for i, (label, _) in enumerate(chances) if label == "deal")
    deal = list(chances[at][1])
    pairs = [
        (i, j)
        for i in range(len(deal))
        for j in range(i + 1, len(deal))
        if state.deck[deal[i]] is not state.deck[deal[j]]
    ]
    worlds: list[ChanceEntries] = []
    for i, j in rng.sample(pairs, min(16, len(pairs))):
        other = list(deal)
        other[i], other[j] = other[j], other[i]
        worlds.append([*chances[:at], ("deal", other), *chances[at + 1 :]])
    return worlds


PUBLIC_KINDS = frozenset(
    {
        "deck_drawn",
        "night_begins",
        "night_step",
        "day_begins",
        "statement",
        "votes_revealed",
        "death",
        "cards_revealed",
        "game_over",
    }
)
MODERATOR_KINDS = frozenset({"deal", "deck_redrawn"})
ACTOR_KINDS = frozenset(
    {"copied", "card_seen", "centre_seen", "robbed", "swapped", "took_centre", "declined", "voted"}
)
"""What a seat learns by its own action: told to that seat alone."""

WAKES_FOR = {
    "werewolves": Role.WEREWOLF,
    "werewolves_shown": Role.MINION,
    "masons": Role.MASON,
    "own_card": Role.INSOMNIAC,
}
"""What a seat learns by waking as a role: told to that seat alone."""


def audiences_follow_the_rules(match: Match, move: Move | None, events: Sequence[Event]) -> None:
    """Who may learn each kind of One Night event (an allow-list: unknown kinds fail)."""
    state: State = match.state
    for event in events:
        kind, audience = event.kind, event.audience
        where = f"'{kind}' addressed to {audience.to_json()}"
        if kind in PUBLIC_KINDS:
            assert audience.everyone, where
            continue
        assert not audience.everyone, f"{where}: it must not be public"
        if kind in MODERATOR_KINDS:
            assert not audience.seats, f"{where}: it is for the moderator only"
            continue
        assert len(audience.seats) == 1, f"{where}: it is for one seat"
        (seat,) = audience.seats
        if kind == "dealt":
            assert move is None, f"{where} after an input"
        elif kind in ACTOR_KINDS:
            assert move is not None and move.seat == seat, f"{where}, yet {move} caused it"
        elif kind in WAKES_FOR:
            role = WAKES_FOR[kind]
            dealt = state.deck[state.dealt[seat]]
            copied = state.copies[state.dealt[seat]]
            assert role in (dealt, copied), f"{where}: seat {seat} did not wake as a {role}"
        else:
            raise AssertionError(f"unknown event kind {where}: declare who may learn it")
    if move is None:  # the deal: each seat learns its own card, once
        dealt_to = sorted(s for e in events if e.kind == "dealt" for s in e.audience.seats)
        assert dealt_to == list(range(state.n)), f"'dealt' told to {dealt_to}"


def night_is_over(match: Match) -> str | None:
    """Once the night is over, the public part depends on the deck only (until the reveal)."""
    state: State = match.state
    return "day" if state.phase == "day" else None


ONE_NIGHT = Family(
    variant=VARIANT,
    configs=one_night_configs(),
    invariant=cards_are_never_created_or_lost,
    alternatives=swap_two_cards,
    checkpoint=night_is_over,
    audiences=audiences_follow_the_rules,
)

SEEDS = st.integers(0, 2**32 - 1)
FAST = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


@settings(FAST, max_examples=600)
@given(ONE_NIGHT.configs, st.lists(SEEDS, min_size=4, max_size=4))
def test_random_playouts_keep_every_contract(config: TableConfig, seeds: list[int]) -> None:
    """(a)-(e) on four games per configuration: invariant, determinism, legality, replay, views."""
    check_playouts(ONE_NIGHT, config, seeds)


@settings(FAST, max_examples=600)
@given(ONE_NIGHT.configs, SEEDS)
def test_views_do_not_depend_on_cards_never_seen(config: TableConfig, seed: int) -> None:
    """(f) Exchanging two cards a seat knows nothing about leaves its views unchanged."""
    check_counterfactuals(ONE_NIGHT, config, seed)


def test_the_playouts_exercise_timeouts_statements_and_refusals() -> None:
    """The random policy does reach the inputs the contracts are about."""
    played: list[Playout] = []
    for seed in range(40):
        _, n, deck = SCENARIO_DECKS[seed % len(SCENARIO_DECKS)]
        played.append(check_playout(ONE_NIGHT, TableConfig(NAMES[:n], deck), seed))
    assert sum(p.timeouts for p in played) >= 10
    assert sum(p.statements for p in played) >= 10
    assert sum(p.refused_statements for p in played) >= 5
    assert sum(p.probes for p in played) >= 200
    assert sum(p.actions for p in played) >= 200


def test_the_counterfactual_check_compares_something() -> None:
    """Guard against a vacuous (f): many worlds replay and many seats are compared."""
    total = Counterfactuals()
    for seed in range(30):
        _, n, deck = SCENARIO_DECKS[seed % len(SCENARIO_DECKS)]
        got = check_counterfactuals(ONE_NIGHT, TableConfig(NAMES[:n], deck), seed)
        total.worlds += got.worlds
        total.skipped += got.skipped
        total.compared += got.compared
        total.vacuous += got.vacuous
    assert total.worlds >= 30, total
    assert total.compared >= 100, total


@pytest.mark.parametrize("corruption", RECORD_CORRUPTIONS)
def test_a_spoilt_record_is_refused_with_a_record_error(corruption: str) -> None:
    _, n, deck = SCENARIO_DECKS[0]
    match = play(ONE_NIGHT, TableConfig(NAMES[:n], deck), seed=5)
    check_corrupt_record_is_refused(match, corruption)


def test_an_accepted_statement_survives_replay() -> None:
    """Whatever ``say`` accepts must be in a record that replays (or ``say`` must refuse it)."""
    match = new_match(
        VARIANT,
        NAMES[:3],
        ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager"),
        seed=1,
    )
    while match.state.phase != "day":
        decision = match.pending()[0]
        match.submit(decision.seat, decision.default)
    try:
        match.say(0, Statement())
    except IllegalAction:
        return  # refusing it is a fix too
    replay(to_record(match))

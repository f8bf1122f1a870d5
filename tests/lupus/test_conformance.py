"""Lupus in Tabula through the generic conformance harness, and a random-playout smoke test.

Configurations: 8 to 24 players, the default deck for the size with a random
choice of special characters (the Freemasons as a pair), in a random card
order, with every value of ``deadly_owl``.  The harness plays random games
(timeouts, statements, illegal probes included) and checks the contracts of
``docs/architecture.md``; the smoke test plays many more games, faster, with
the family's own invariants only.

Until the lead registers the family, replaying a record (which finds the
family by name) needs it in the registry: a module fixture adds it there for
these tests only.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from loupgarou.core.events import JSON, MODERATOR, Event
from loupgarou.engine import Match, new_match
from loupgarou.variants import registry
from loupgarou.variants.lupus import VARIANT, default_deck
from loupgarou.variants.lupus.roles import Role
from loupgarou.variants.lupus.state import NONE, State
from tests.conformance.harness import (
    ChanceEntries,
    Counterfactuals,
    Family,
    Move,
    TableConfig,
    check_counterfactuals,
    check_playouts,
    recorded_chance,
)

NAMES = tuple(f"P{i:02d}" for i in range(24))
SPECIALS = ("medium", "possessed", "bodyguard", "owl", "werehamster", "mythomaniac")


def test_the_family_is_registered() -> None:
    assert registry.find_family("lupus") is VARIANT


def deck_for(n: int, specials: Sequence[str], order: Sequence[int]) -> tuple[str, ...]:
    room = n - (3 if n >= 16 else 2) - 1
    chosen = list(specials) if n >= 9 else []
    if "freemason" in chosen and room < 2:
        chosen = [s for s in chosen if s != "freemason"]
    while len(chosen) > room:
        chosen.pop()
    if chosen.count("freemason") == 1:
        chosen.remove("freemason")
    deck = default_deck(n, chosen)
    return tuple(deck[i] for i in order)


@st.composite
def lupus_configs(draw: st.DrawFn, low: int = 8, high: int = 24) -> TableConfig:
    n = draw(st.integers(low, high))
    specials = draw(st.lists(st.sampled_from(SPECIALS), unique=True, max_size=6))
    if draw(st.booleans()):
        specials = ["freemason", "freemason", *specials]
    order = draw(st.permutations(range(n)))
    options: dict[str, JSON] = {}
    owl = draw(st.sampled_from((None, "auto", "always", "never")))
    if owl is not None:
        options["deadly_owl"] = owl
    return TableConfig(NAMES[:n], deck_for(n, specials, order), options)


# --- the family's rules for the harness --------------------------------------------------------


def invariant(match: Match) -> None:
    """Cards are never created, lost or moved; effective roles follow the cards; the
    Welcome card is held by a Ghost; the suspects are alive; a finished game is decided."""
    state: State = match.state
    if state.phase == "deal":
        assert state.cards == ()
        return
    n = state.n
    assert sorted(state.cards) == list(range(n)), f"cards created or lost: {state.cards}"
    assert Counter(state.deck) == Counter(VARIANT.setup(match.config)[0].deck)
    for s in range(n):
        card, role = state.card(s), state.roles[s]
        if card is Role.MYTHOMANIAC and state.night >= 2:
            assert role in (Role.MYTHOMANIAC, Role.WEREWOLF, Role.SEER, Role.VILLAGER)
        else:
            assert role is card, f"seat {s}: card {card}, role {role}"
    assert state.holder == NONE or not state.alive[state.holder]
    assert all(state.alive[s] for s in state.suspects) or state.phase in ("night", "over")
    if state.phase == "over":
        assert state.outcome is not None and state.outcome.winners <= set(range(n))
    else:
        wolves = len(state.holders(Role.WEREWOLF))
        assert 0 < wolves < len(state.living()) - wolves, "a side has won but the game goes on"


def swap_two_cards(match: Match, rng: random.Random) -> list[ChanceEntries]:
    """Other deals: two cards of different roles exchanged, neither the Werehamster (whose
    death when pointed at or attacked is public: it is not secret who survives)."""
    state: State = match.state
    chances = recorded_chance(match)
    at = next(i for i, (label, _) in enumerate(chances) if label == "deal")
    deal = list(chances[at][1])
    deck = state.deck
    pairs = [
        (i, j)
        for i in range(len(deal))
        for j in range(i + 1, len(deal))
        if deck[deal[i]] is not deck[deal[j]]
        and Role.WEREHAMSTER not in (deck[deal[i]], deck[deal[j]])
    ]
    worlds: list[ChanceEntries] = []
    for i, j in rng.sample(pairs, min(24, len(pairs))):
        other = list(deal)
        other[i], other[j] = other[j], other[i]
        worlds.append([*chances[:at], ("deal", other), *chances[at + 1 :]])
    return worlds


def day_checkpoint(match: Match) -> str | None:
    state: State = match.state
    return f"day {state.day}" if state.phase == "day" else None


PUBLIC_KINDS = frozenset(
    {
        "game_begins",
        "night_begins",
        "night_step",
        "dawn",
        "welcome_card",
        "day_begins",
        "vote",
        "stage1_counted",
        "owl_pick",
        "suspects",
        "rested",
        "stage2_begins",
        "votes_revealed",
        "lynched",
        "statement",
        "cards_revealed",
        "game_over",
    }
)
MODERATOR_KINDS = frozenset({"deal", "night_result"})
ACTOR_KINDS = frozenset({"seen", "protecting", "picked", "chose", "became", "declined", "voted"})
"""What a seat learns by its own action: told to that seat alone."""
PACK_KINDS = frozenset({"pack", "wolf_vote", "victim"})


def audiences(match: Match, move: Move | None, events: Sequence[Event]) -> None:
    """Who may learn each kind of Lupus event (an allow-list: unknown kinds fail)."""
    state: State = match.state
    pack = set(state.holders(Role.WEREWOLF)) if state.roles else set()
    for event in events:
        kind, audience = event.kind, event.audience
        where = f"'{kind}' addressed to {audience.to_json()}"
        if kind in PUBLIC_KINDS:
            assert audience.everyone, where
        elif kind in MODERATOR_KINDS:
            assert audience == MODERATOR, where
        elif kind in PACK_KINDS:
            assert audience.seats == pack and not audience.everyone, f"{where}: pack {pack}"
        elif kind == "freemasons":
            masons = {s for s in range(state.n) if state.card(s) is Role.FREEMASON}
            assert audience.seats == masons and not audience.everyone, where
        else:
            assert not audience.everyone and len(audience.seats) == 1, where
            (seat,) = audience.seats
            if kind == "dealt":
                assert move is None and event.data["role"] == state.card(seat).value, where
            elif kind in ACTOR_KINDS:
                assert move is not None and move.seat == seat, f"{where}, caused by {move}"
            elif kind == "medium":
                assert state.roles[seat] is Role.MEDIUM and state.alive[seat], where
            else:
                raise AssertionError(f"unknown event kind {where}: declare who may learn it")


LUPUS = Family(VARIANT, lupus_configs(8, 14), invariant, swap_two_cards, day_checkpoint, audiences)
SEEDS = st.integers(0, 2**32 - 1)
FAST = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


@settings(FAST, max_examples=30)
@given(LUPUS.configs, st.lists(SEEDS, min_size=2, max_size=2))
def test_random_playouts_keep_every_contract(config: TableConfig, seeds: list[int]) -> None:
    """(a)-(e): invariant, determinism, legality, replay, views, audiences."""
    check_playouts(LUPUS, config, seeds)


@settings(FAST, max_examples=2)
@given(lupus_configs(21, 24), SEEDS)
def test_random_playouts_keep_every_contract_at_large_tables(
    config: TableConfig, seed: int
) -> None:
    check_playouts(LUPUS, config, [seed])


@settings(FAST, max_examples=25)
@given(LUPUS.configs, SEEDS)
def test_views_do_not_depend_on_cards_never_seen(config: TableConfig, seed: int) -> None:
    """(f) Exchanging two cards a seat knows nothing about leaves its views unchanged."""
    check_counterfactuals(LUPUS, config, seed)


def test_the_counterfactual_check_compares_something() -> None:
    total = Counterfactuals()
    rng = random.Random(7)
    for seed in range(12):
        n = rng.randint(9, 14)
        specials = ["possessed", "medium", "freemason", "freemason"][: rng.randint(1, 4)]
        config = TableConfig(NAMES[:n], deck_for(n, specials, range(n)))
        got = check_counterfactuals(LUPUS, config, seed)
        total.worlds += got.worlds
        total.compared += got.compared
    assert total.worlds >= 12, total
    assert total.compared >= 50, total


# --- the smoke test ----------------------------------------------------------------------------


def test_many_random_games_always_end_without_error() -> None:
    """500 seeded games, 8 to 24 players, random legal choices and timeouts: each ends."""
    endings: Counter[str] = Counter()
    for seed in range(500):
        rng = random.Random(seed)
        n = rng.randint(8, 24)
        specials = rng.sample(SPECIALS, rng.randint(0, 6))
        if rng.random() < 0.4:
            specials += ["freemason", "freemason"]
        deck = deck_for(n, specials, range(n))
        options = {"deadly_owl": rng.choice(("auto", "always", "never"))}
        match = new_match(VARIANT, NAMES[:n], deck, options=options, seed=seed)
        for _ in range(3_000):
            if match.over:
                break
            pending = match.pending()
            assert pending, "nothing is pending in a game that is not over"
            decision = rng.choice(pending)
            if rng.random() < 0.1:
                match.timeout(decision.seat)
            else:
                match.submit(decision.seat, rng.choice(decision.options))
        assert match.outcome is not None, f"seed {seed}: the game did not end"
        invariant(match)
        endings.update(match.outcome.teams)
    assert set(endings) == {"humans", "werewolves", "werehamster"}

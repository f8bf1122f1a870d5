"""Results that tables share must equal what each table would compute on its own.

Two shortcuts keep the engine fast: the night's opening (from the deal to the
first decision) is remembered per deck, options and roles dealt to the seats,
and the verdict is remembered per kind of role (Werewolf, Minion, Tanner or
village) and set of deaths.  These tests check both against the long way.
"""

from __future__ import annotations

import random
from itertools import chain, combinations, product

from hypothesis import given, settings
from hypothesis import strategies as st

from loupgarou.variants.one_night import night, resolution
from loupgarou.variants.one_night.roles import Role
from loupgarou.variants.one_night.setup import parse_deck
from loupgarou.variants.one_night.state import Options, State

DECKS = (
    "werewolf werewolf seer robber troublemaker drunk insomniac villager",
    "doppelganger werewolf werewolf minion mason mason seer robber troublemaker",
    "doppelganger werewolf minion tanner hunter insomniac drunk seer robber villager",
    "doppelganger minion tanner insomniac drunk robber",
    "werewolf villager villager villager hunter tanner",
)
OPTIONS = (Options(True, "fixed", "ravensburger"), Options(False, "fixed", "bezier"))


def dealt(deck_text: str, options: Options, seed: int) -> State:
    deck = parse_deck(deck_text.split())
    order = list(range(len(deck)))
    random.Random(seed).shuffle(order)
    cards = tuple(order)
    return State(len(deck) - 3, deck, options, "night", cards, cards, (None,) * len(deck))


def the_long_way(state: State) -> tuple[State, tuple[object, ...]]:
    opened, events = night.run(state, night.build_agenda(state))
    return opened, tuple(events)


@settings(max_examples=300, deadline=None)
@given(
    deck=st.sampled_from(DECKS),
    options=st.sampled_from(OPTIONS),
    seed=st.integers(0, 10**6),
)
def test_a_remembered_night_opening_is_the_one_this_deal_would_play(
    deck: str, options: Options, seed: int
) -> None:
    state = dealt(deck, options, seed)
    roles = tuple(state.deck[c] for c in state.dealt[: state.n])
    opened, events = night.begin(state, roles)
    long_state, long_events = the_long_way(state)
    assert opened == long_state
    opening, told, rest = events[0], events[1 : 1 + state.n], events[1 + state.n :]
    assert opening.kind == "night_begins"
    assert [(e.kind, e.audience.seats, e.data) for e in told] == [
        ("dealt", frozenset({s}), {"role": roles[s]}) for s in range(state.n)
    ]
    assert rest == long_events


def test_two_deals_with_the_same_roles_at_the_seats_share_the_opening_but_not_the_centre() -> None:
    deck = parse_deck(
        ["werewolf", "werewolf", "seer", "robber", "troublemaker", "drunk", "insomniac", "villager"]
    )
    # Seats hold werewolf, seer, robber, troublemaker, drunk; the two Werewolf cards swap places
    # between the two deals, and so do two centre cards.
    first = (0, 2, 3, 4, 5, 1, 6, 7)
    second = (1, 2, 3, 4, 5, 0, 7, 6)
    states = [State(5, deck, OPTIONS[0], "night", d, d, (None,) * 8) for d in (first, second)]
    roles = tuple(deck[c] for c in first[:5])
    (a, a_events), (b, b_events) = (night.begin(s, roles) for s in states)
    assert a_events is b_events
    assert a.cards != b.cards
    long_way = the_long_way(states[1])[0]
    assert (a.agenda, a.step) == (b.agenda, b.step) == (long_way.agenda, long_way.step)


W, M, T = Role.WEREWOLF, Role.MINION, Role.TANNER


def test_every_village_role_weighs_alike_in_the_verdict() -> None:
    roles_to_try = list(Role)
    checked = 0
    for roles in product(roles_to_try, repeat=3):
        for dead in chain.from_iterable(combinations(range(3), k) for k in range(4)):
            remembered = resolution.verdict(roles, dead)[0]
            assert remembered == resolution._decide(roles, dead), (roles, dead)
            checked += 1
    assert checked == len(roles_to_try) ** 3 * 8

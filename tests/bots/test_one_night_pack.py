"""The pack's lies (:mod:`loupgarou.bots.one_night.pack`): canonical questions, the answer
the solver gives, partners backing each other, and what the liars say in real games."""

from __future__ import annotations

import random

from loupgarou.bots.one_night import pack
from loupgarou.bots.one_night.knowledge import (
    ROBBER,
    SEER,
    TANNER,
    VILLAGER,
    WOLF,
    ClaimKey,
    claim_key,
)
from loupgarou.bots.one_night.solver import role_numbers, solver_for
from loupgarou.core.actions import Action
from loupgarou.sim.game import play_match
from loupgarou.sim.runner import parse_bots
from loupgarou.sim.scenarios import table_spec
from loupgarou.sim.spec import SimSpec
from loupgarou.variants.one_night.scenarios import SCENARIO_BY_KEY
from loupgarou.variants.registry import find_family

DECK = (
    1,
    1,
    4,
    5,
    6,
    9,
    9,
    9,
)  # La Première Nuit: Werewolf x2, Seer, Robber, Troublemaker, Villager x3


def test_a_claim_is_asked_with_the_liar_at_seat_0() -> None:
    claim = ClaimKey(SEER, Action("look", (1,)), frozenset({(WOLF, 1, -1)}))
    canon, names = pack.canonical(claim, 3)
    assert canon == ClaimKey(SEER, Action("look", (1,)), frozenset({(WOLF, 1, -1)}))
    assert names == {3: 0, 1: 1}
    centre = ClaimKey(
        SEER, Action("look", (), (1, 2)), frozenset({(VILLAGER, -1, 1), (WOLF, -1, 2)})
    )
    canon, _ = pack.canonical(centre, 0)
    assert canon.did == Action("look", (), (0, 1))
    assert canon.saw == frozenset({(VILLAGER, -1, 0), (WOLF, -1, 1)})


def test_a_claim_turns_with_its_seat() -> None:
    claim = ClaimKey(ROBBER, Action("rob", (2,)), frozenset({(VILLAGER, 0, -1)}))
    assert pack.turned(claim, 3, 5) == ClaimKey(
        ROBBER, Action("rob", (0,)), frozenset({(VILLAGER, 3, -1)})
    )


def test_the_village_view_is_the_solvers_answer() -> None:
    solver = solver_for(DECK, 5)
    claim = ClaimKey(VILLAGER, None, frozenset())
    keys = pack.village_view(solver, DECK, claim)
    post = solver.posterior(None, {0: claim}, budget=pack.VIEW_BUDGET, samples=pack.VIEW_SAMPLES)
    for s in range(5):
        assert abs(keys[s] - (post.wolf(s) - 0.8 * post.tanner(s))) < 1e-8
    # Seats the claim does not name are interchangeable.
    assert len(set(keys[1:])) == 1


def test_a_partner_backs_the_story_told_about_it() -> None:
    seer = ClaimKey(SEER, Action("look", (2,)), frozenset({(VILLAGER, 2, -1)}))
    assert pack.backed(2, {0}, {0: seer}) == ClaimKey(VILLAGER, None, frozenset())
    robbed = ClaimKey(ROBBER, Action("rob", (2,)), frozenset({(VILLAGER, 0, -1)}))
    assert pack.backed(2, {0}, {0: robbed}) == ClaimKey(VILLAGER, None, frozenset())
    assert pack.backed(2, {0}, {}) is None
    assert pack.backed(2, set(), {0: seer}) is None  # not a partner: nothing to back


def test_the_choice_depends_on_the_seat_only_through_the_turn() -> None:
    solver = solver_for(DECK, 5)
    counts = {1: 2, 4: 1, 5: 1, 6: 1, 9: 3}
    chosen = [
        pack.choose_lie(
            solver, DECK, me, counts, {}, {(me + 2) % 5}, set(), {}, WOLF, set(), random.Random(1)
        )
        for me in range(5)
    ]
    assert all(c is not None for c in chosen)
    first = chosen[0]
    assert first is not None
    for me, c in enumerate(chosen):
        assert c == pack.turned(first, me, 5)


def test_what_the_pack_says_in_real_games() -> None:
    """Werewolves never claim a role a partner claimed, never call a partner a Werewolf,
    and every liar's claim reads back as a claim."""
    variant = find_family("one-night")
    for scenario, players in (("premiere-nuit", 5), ("incertitudes", 6)):
        spec = SimSpec(
            table_spec(variant, players, scenario=scenario), parse_bots("sensible"), 30, 7
        )
        for g in range(30):
            match, result = play_match(spec, g)
            wolves = {s for s, r in enumerate(result.roles) if r == "werewolf"}
            said: dict[int, ClaimKey] = {}
            for e in match.events:
                if e.kind == "statement":
                    key = claim_key(e.data["claim"])
                    assert key is not None
                    said[int(e.data["seat"])] = key
            for w in wolves:
                mine = said.get(w)
                if mine is None:
                    continue
                for other in wolves - {w}:
                    theirs = said.get(other)
                    if theirs is not None and mine.role not in (VILLAGER, -1):
                        assert theirs.role != mine.role
                    assert (WOLF, other, -1) not in mine.saw
            for s, role in enumerate(result.roles):
                if role == "tanner" and s in said:
                    assert said[s].role != TANNER


def test_the_spectators_answer_is_the_posteriors_with_seats_dealt_as_a_multiset() -> None:
    """:meth:`Solver.spectator` (the seats nobody names dealt as a multiset) gives the exact
    posterior's numbers for the questions the pack asks: every one at five players,
    contested or not; a Werewolf's, uncontested, at six (the exact posterior is slow there)."""
    cases: tuple[tuple[str, int, tuple[tuple[int, set[int], dict[int, int]], ...]], ...] = (
        ("premiere-nuit", 5, ((WOLF, {2}, {}), (WOLF, set(), {0: VILLAGER}), (TANNER, set(), {}))),
        ("incertitudes", 6, ((WOLF, {2}, {}),)),
    )
    for scenario, players, liars in cases:
        deck = role_numbers(SCENARIO_BY_KEY[scenario].deck_for(players))
        solver = solver_for(deck, players)
        counts: dict[int, int] = {}
        for r in deck:
            counts[r] = counts.get(r, 0) + 1
        for liar, partners, seen in liars:
            for claim in pack.candidates(0, players, counts, {}, partners, set(), seen, liar):
                canon, names = pack.canonical(claim, 0)
                for rival in (-1, len(names)) if players == 5 else (-1,):
                    claims = {0: canon}
                    if rival > 0:
                        claims[rival] = ClaimKey(canon.role, None, frozenset())
                    got = solver.spectator(claims, frozenset(names.values()) - {0})
                    want = solver.posterior(None, claims, budget=10**9)
                    assert got.exact and want.exact
                    for s in range(players):
                        assert abs(got.wolf(s) - want.wolf(s)) < 1e-9
                        assert abs(got.tanner(s) - want.tanner(s)) < 1e-9
                    assert abs(got.no_wolf - want.no_wolf) < 1e-9


BENEFICE_6 = tuple(sorted(role_numbers(SCENARIO_BY_KEY["benefice"].deck_for(6))))


def test_at_six_players_a_liar_weighs_its_claim_against_what_was_said() -> None:
    """The in-context choice never claims a role already claimed to its last copy, is a
    pure function of what the seat knows and its generator, and lists the stories that fit
    what was said (a look or a theft confirming a claimed role)."""
    solver = solver_for(BENEFICE_6, 6)
    deck: dict[int, int] = {}
    for r in BENEFICE_6:
        deck[r] = deck.get(r, 0) + 1
    said = {
        1: ClaimKey(VILLAGER, None, frozenset()),
        2: ClaimKey(SEER, Action("look", (3,)), frozenset({(ROBBER, 3, -1)})),
    }
    partners = {4}
    options = pack.context_candidates(
        0, 6, deck, said, {VILLAGER: 1, SEER: 1}, partners, set(), {}, WOLF
    )
    roles = {c.role for c in options}
    assert VILLAGER not in roles and SEER not in roles
    assert ClaimKey(ROBBER, Action("rob", (1,)), frozenset({(VILLAGER, 0, -1)})) in options
    first = pack.choose_in_context(solver, 0, deck, said, partners, {}, WOLF, random.Random(3))
    again = pack.choose_in_context(solver, 0, deck, said, partners, {}, WOLF, random.Random(3))
    assert first is not None and first == again
    assert first.role not in (VILLAGER, SEER, WOLF)


def test_the_first_of_two_claims_of_one_copy_is_the_suspect() -> None:
    from loupgarou.bots.one_night.bot import early_clash

    deck = {WOLF: 2, SEER: 1, ROBBER: 1, VILLAGER: 3}
    claims = {
        3: ClaimKey(SEER, None, frozenset()),
        0: ClaimKey(VILLAGER, None, frozenset()),
        1: ClaimKey(SEER, None, frozenset()),
        2: ClaimKey(ROBBER, None, frozenset()),
    }
    assert early_clash(claims, deck) == [3]
    claims[4] = ClaimKey(ROBBER, None, frozenset())
    assert early_clash(claims, deck) == [2, 3]
    assert early_clash({0: ClaimKey(VILLAGER, None, frozenset())}, deck) == []


def test_a_plain_lie_names_cards_the_deck_can_hold() -> None:
    """From seven players the liars lie without the solver (:meth:`.SensibleOneNight.plain_lie`).
    A Seer's look at two centre cards used to guess each card alone, so at *Revenants* (8),
    seed 5, a Werewolf said both were the Robber, of whom the deck holds one: no Seer could
    have seen that, and anybody who counts the cards knew it for a lie.  Now every Seer
    claim of the sensible bots, with the Seer it claims to be, fits the deck, and so does
    every Robber's with the card it says it took."""
    checked = 0
    for scenario, players in (("revenants", 8), ("incertitudes", 10), ("confusion", 7)):
        table = table_spec(find_family("one-night"), players, scenario=scenario)
        deck: dict[str, int] = {}
        for card in table.deck:
            deck[card] = deck.get(card, 0) + 1
        for seed in range(40):
            match, _ = play_match(SimSpec(table, parse_bots("sensible"), games=1, seed=seed), 0)
            for e in match.events:
                claim = e.data.get("claim") if e.kind == "statement" else None
                if not isinstance(claim, dict) or claim.get("role") not in ("seer", "robber"):
                    continue
                role_claimed = str(claim["role"])
                if role_claimed == "seer":  # two centre cards
                    cards = [s["role"] for s in claim.get("saw", []) if s.get("centre") is not None]
                else:  # the card it took
                    cards = [
                        s["role"] for s in claim.get("saw", []) if s.get("seat") == e.data["seat"]
                    ]
                if len(cards) < (2 if role_claimed == "seer" else 1):
                    continue
                named: dict[str, int] = {role_claimed: 1}
                for role in cards:
                    named[role] = named.get(role, 0) + 1
                over = {r: n for r, n in named.items() if n > deck.get(r, 0)}
                assert not over, (scenario, seed, claim, over)
                checked += 1
    assert checked >= 20, checked


def test_a_lone_werewolf_posing_as_the_seer_names_centre_cards_the_deck_holds() -> None:
    """Bénéfice at six holds one Villager.  A lone Werewolf that peeked it in the centre and
    claims the Seer's look at two centre cards named the Villager twice: a lie anybody
    counting the cards would see.  Its second card is now another village card."""
    counts: dict[int, int] = {}
    for r in BENEFICE_6:
        counts[r] = counts.get(r, 0) + 1
    assert counts[VILLAGER] == 1
    claims = pack.candidates(0, 6, counts, {}, set(), set(), {0: VILLAGER}, WOLF)
    seers = [c for c in claims if c.role == SEER]
    assert seers
    for claim in seers:
        named = [role for role, seat, centre in claim.saw if centre >= 0]
        assert len(named) == 2 and named.count(VILLAGER) == 1, claim
        assert all(named.count(r) <= counts.get(r, 0) for r in named), claim

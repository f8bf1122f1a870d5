"""Past the budget: when sampling finds no fitting world, the solver enumerates them all
instead of giving up; a spectator whose exact view ran past the budget samples at once.

Found by the balance report: at Revenants with 9 players (a Doppelgänger deck, so the
general enumeration), the vote's budget sent the solver to sampling, and every one of
its samples missed the worlds that fit; the game stopped with an error.
"""

from __future__ import annotations

import pytest

from loupgarou.bots.one_night.knowledge import named_seats
from loupgarou.bots.one_night.solver import UNBOUNDED, Solver, Vote, role_numbers
from loupgarou.sim.runner import SimSpec, parse_bots, play_game
from loupgarou.sim.scenarios import table_spec
from loupgarou.variants.registry import find_family

from .test_one_night_doppel import TABLES, scenario_deck
from .test_one_night_fast import played


def test_the_ninth_revenants_seer_whose_samples_all_missed_still_votes() -> None:
    table = table_spec(find_family("one-night"), 9, scenario="revenants")
    spec = SimSpec(table, parse_bots("sensible"), games=200, seed=1)
    result = play_game(spec, 55)  # raised "no deal ... is consistent" before the fix
    assert result.index == 55
    assert len(result.roles) == 9


@pytest.mark.parametrize(
    ("deck", "n"),
    [
        (scenario_deck("incertitudes", 6), 6),  # the fast path's
        (TABLES["anarchie-6"][0], 6),  # the Doppelgänger's
    ],
)
def test_a_spectator_whose_view_runs_past_its_budget_gets_the_posteriors_sampled_answer(
    deck: tuple[str, ...], n: int
) -> None:
    # The view's walk is the posterior's with fewer deals: past the budget there, the
    # posterior's walk is too, so the spectator samples at once; the answer is the one
    # the posterior gives, sampled, its error stated.
    table = played(deck, n, 1)[0]
    claims = sorted(table[0].claims.items())
    numbers = role_numbers(deck)
    checked = 0
    for k in (1, 2):
        said = dict(claims[:k])
        asked, fresh = Solver(numbers, n), Solver(numbers, n)
        got = asked.spectator(said, budget=1, samples=1000)
        want = Vote.of(fresh.posterior(None, said, budget=1, samples=1000))
        assert not got.exact and got.error > 0.0
        assert (got.exact, got.error, got.no_wolf) == (want.exact, want.error, want.no_wolf)
        for s in range(n):
            assert (got.wolf(s), got.tanner(s)) == (want.wolf(s), want.tanner(s))
        checked += 1
    assert checked == 2


def test_an_answer_that_a_few_draws_carry_is_enumerated_instead() -> None:
    # At the vote of a ten-player Revenants game every seat has claimed, so nearly every
    # draw weighs nothing and a handful carry the whole sampled answer: its standard error
    # says nothing of how far off it is.  The solver enumerates such a question exactly.
    deck = scenario_deck("revenants", 10)
    me = played(deck, 10, 1)[0][0]
    numbers = role_numbers(deck)
    exact = Vote.of(Solver(numbers, 10).posterior(me.knowledge(), me.claims))
    got = Vote.of(Solver(numbers, 10).posterior(me.knowledge(), me.claims, budget=1, samples=400))
    assert exact.exact and got.exact
    assert got == exact
    # With fewer draws, none fits every claim.  That proves nothing either: the answer was a
    # lenient one (as if somebody on the village side had lied), sampled; it is exact now.
    fewer = Solver(numbers, 10).posterior(me.knowledge(), me.claims, budget=1, samples=50)
    assert Vote.of(fewer) == exact and not fewer.lenient
    # Without the rule, the same question is answered from those few draws, further from
    # the truth than three times the error it states.
    trusting = Solver(numbers, 10)
    trusting.min_ess = 0.0
    sampled = Vote.of(trusting.posterior(me.knowledge(), me.claims, budget=1, samples=400))
    assert not sampled.exact
    off = max(abs(sampled.wolf(s) - exact.wolf(s)) for s in range(10))
    assert off > 3 * sampled.error


@pytest.mark.parametrize(
    ("deck", "n"),
    [
        (scenario_deck("incertitudes", 6), 6),  # the fast path's view
        (TABLES["anarchie-6"][0], 6),  # the Doppelgänger's
    ],
)
def test_a_spectator_whose_sample_too_few_draws_carry_walks_its_view_exactly(
    deck: tuple[str, ...], n: int
) -> None:
    # The view's walk ran past its budget and the sample it falls back on is carried by a
    # few draws: the view is walked again with no budget (far cheaper than the posterior's
    # exact walk: Revenants at eight players, a second against a minute).
    table = played(deck, n, 1)[0]
    said = dict(sorted(table[0].claims.items())[:2])
    numbers = role_numbers(deck)
    named = frozenset().union(*(named_seats(c) for c in said.values()))
    got = Solver(numbers, n).spectator(said, named, budget=1, samples=20)
    want = Vote.of(Solver(numbers, n).posterior(None, said, budget=UNBOUNDED))
    assert got.exact and not got.lenient
    for s in range(n):
        assert got.wolf(s) == pytest.approx(want.wolf(s), abs=1e-9)
        assert got.tanner(s) == pytest.approx(want.tanner(s), abs=1e-9)
    assert got.no_wolf == pytest.approx(want.no_wolf, abs=1e-9)

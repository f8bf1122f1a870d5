"""Table options are checked where they are declared: type, choices and number ranges."""

from __future__ import annotations

import math

import pytest

from loupgarou.core.errors import SetupError
from loupgarou.core.variant import OptionSpec, resolve_options

MINUTES = OptionSpec("minutes", 3.0, "How long.", kind=float, low=0.0, low_open=True, high=60.0)
CHANCE = OptionSpec("chance", 0.2, "How likely.", kind=float, low=0.0, high=1.0)
ROUNDS = OptionSpec("rounds", 2, "How many.", kind=int, low=1)
ANY = OptionSpec("weight", 1.0, "Any finite number.", kind=float)


def refused(spec: OptionSpec, value: object) -> str:
    with pytest.raises(SetupError) as caught:
        spec.check(value)
    assert caught.value.code == "setup.bad_option"
    return str(caught.value)


def test_a_number_inside_its_range_is_taken_and_a_whole_number_becomes_a_float() -> None:
    assert MINUTES.check(60) == 60.0
    assert type(MINUTES.check(1)) is float
    assert CHANCE.check(0) == 0.0
    assert CHANCE.check(1.0) == 1.0
    assert ROUNDS.check(7) == 7


def test_an_open_low_end_refuses_the_end_itself() -> None:
    assert "more than 0 and at most 60" in refused(MINUTES, 0.0)
    assert "from 0 to 1" in refused(CHANCE, -0.01)
    assert "at least 1" in refused(ROUNDS, 0)


def test_above_the_high_end_is_refused() -> None:
    assert "got 60.5" in refused(MINUTES, 60.5)
    assert "got 1.5" in refused(CHANCE, 1.5)


@pytest.mark.parametrize("value", [math.inf, -math.inf, math.nan])
def test_a_number_that_is_not_finite_is_refused_even_without_bounds(value: float) -> None:
    assert "a finite number" in refused(ANY, value)
    refused(MINUTES, value)


def test_a_wrong_type_is_refused_before_the_range_is_looked_at() -> None:
    assert "takes a number" in refused(MINUTES, True)
    assert "takes a whole number" in refused(ROUNDS, 2.0)


def test_the_table_s_choice_is_checked_and_the_defaults_fill_the_rest() -> None:
    assert resolve_options((MINUTES, CHANCE), {"chance": 1}, {}) == {
        "minutes": 3.0,
        "chance": 1.0,
    }
    with pytest.raises(SetupError):
        resolve_options((MINUTES, CHANCE), {"minutes": -1}, {})

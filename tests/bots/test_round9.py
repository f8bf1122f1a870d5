"""The vote's cheap rounding gives exactly what ``round(x, 9)`` gives."""

from __future__ import annotations

import math

from hypothesis import example, given
from hypothesis import strategies as st

from loupgarou.bots.one_night.pack import round9


@given(st.floats(allow_nan=False))
@example(0.0)
@example(-0.0)
@example(0.5e-9)
@example(1.5e-9)
@example(-2.5e-9)
@example(0.1234567895)
@example(15.9999999995)
@example(16.0)
@example(math.inf)
@example(-math.inf)
def test_round9_is_round_to_nine_places(x: float) -> None:
    assert round9(x) == round(x, 9)


@given(st.integers(min_value=-(10**10), max_value=10**10), st.sampled_from([0, 1, -1]))
def test_round9_near_halfway_points(k: int, nudge: int) -> None:
    """Numbers at and next to the halfway points between nine-decimal values."""
    x = (k + 0.5) / 1e9
    x = math.nextafter(x, math.inf) if nudge > 0 else math.nextafter(x, -math.inf) if nudge else x
    assert round9(x) == round(x, 9)


def test_round9_of_nan_is_nan() -> None:
    assert math.isnan(round9(math.nan))

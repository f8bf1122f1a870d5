"""A permutation outcome is checked exactly: every id once, each a plain int."""

from __future__ import annotations

from typing import Any

import pytest

from loupgarou.core.chance import ChanceRequest
from loupgarou.core.errors import ScriptError

DEAL = ChanceRequest("deal", "permutation", 4)


@pytest.mark.parametrize("value", [[2, 0, 3, 1], (0, 1, 2, 3), [3, 2, 1, 0]])
def test_a_permutation_is_accepted_as_a_tuple(value: Any) -> None:
    assert DEAL.check(value) == tuple(value)
    assert type(DEAL.check(value)) is tuple


@pytest.mark.parametrize(
    "value",
    [
        [0, 1, 2],  # too short
        [0, 1, 2, 3, 0],  # too long
        [0, 1, 1, 3],  # a repeat
        [0, 1, 2, 4],  # out of range
        [0, 1, 2, -1],
        [0, True, 2, 3],  # True == 1, but it is not an int id
        [0, 1.0, 2, 3],  # 1.0 == 1, likewise
        "0123",  # not a list
        {0, 1, 2, 3},
        None,
    ],
)
def test_anything_else_is_refused(value: Any) -> None:
    with pytest.raises(ScriptError) as err:
        DEAL.check(value)
    assert err.value.code == "chance.bad_outcome"


def test_an_empty_permutation_is_the_empty_tuple() -> None:
    assert ChanceRequest("none", "permutation", 0).check([]) == ()

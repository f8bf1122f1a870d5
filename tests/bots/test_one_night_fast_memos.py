"""The fast path's kept answers (per deck: where a dawn puts the Werewolves and the Tanner,
the cards left for the centre, whether a seat shares the vote table) change nothing: a
vote table is the same, to the last bit and in the same order, with every memo cold or
warm, and :func:`.fast.shareable` answers the same from its memo as worked out afresh."""

from __future__ import annotations

import pytest

from loupgarou.bots.one_night import fast
from loupgarou.bots.one_night.knowledge import ClaimKey

from .test_one_night_fast import TABLES, readers, solvers


@pytest.mark.parametrize("name", sorted(TABLES))
def test_vote_tables_are_the_same_with_cold_or_warm_memos(name: str) -> None:
    quick, _ = solvers(name)
    fd = quick.fast
    tables = [dict(table[0].claims) for table in readers(name, 3)]
    lies = [{s: quick.lie_weight(c) for s, c in claims.items()} for claims in tables]

    def masks(claims: dict[int, ClaimKey], lie: dict[int, float]) -> list[object]:
        table = fast.vote_table(fd, claims, lie, 10**9)
        assert table is not None
        return list(table.masks.items())

    cold = []
    for claims, lie in zip(tables, lies, strict=True):
        fd.clear_caches()
        cold.append(masks(claims, lie))
    assert any(cold)
    warm = [masks(claims, lie) for claims, lie in zip(tables, lies, strict=True)]
    again = [masks(claims, lie) for claims, lie in zip(tables, lies, strict=True)]
    assert repr(cold) == repr(warm) == repr(again)  # repr: every float bit for bit


@pytest.mark.parametrize("name", sorted(TABLES))
def test_shareable_answers_the_same_from_its_memo(name: str) -> None:
    quick, _ = solvers(name)
    fd = quick.fast
    for table in readers(name, 3):
        claims = dict(table[0].claims)
        for reader in table:
            k = reader.knowledge()
            own = claims.get(k.seat)
            fresh = own is not None and fd.ok and fast._shareable(fd, k, own)
            assert fast.shareable(fd, k, own) == fresh
            assert fast.shareable(fd, k, own) == fresh  # from the memo

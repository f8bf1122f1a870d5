"""When sampling finds no fitting world, the solver enumerates them all instead of giving up.

Found by the balance report: at Revenants with 9 players (a Doppelgänger deck, so the
general enumeration), the vote's budget sent the solver to sampling, and every one of
its samples missed the worlds that fit; the game stopped with an error.
"""

from __future__ import annotations

from loupgarou.sim.runner import SimSpec, parse_bots, play_game
from loupgarou.sim.scenarios import table_spec
from loupgarou.variants.registry import find_family


def test_the_ninth_revenants_seer_whose_samples_all_missed_still_votes() -> None:
    table = table_spec(find_family("one-night"), 9, scenario="revenants")
    spec = SimSpec(table, parse_bots("sensible"), games=200, seed=1)
    result = play_game(spec, 55)  # raised "no deal ... is consistent" before the fix
    assert result.index == 55
    assert len(result.roles) == 9

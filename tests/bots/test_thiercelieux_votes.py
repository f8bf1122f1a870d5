"""The sensible Thiercelieux bots' day ballots, watched over whole simulated games.

Equally suspected players are drawn at random: a fixed order among equals made a table
that knew nothing vote in a ring, each bot for the next seat (42 % of the first lynch's
ballots at nine players).  The Werewolves draw alike, from what the pack shares, so the
pack still votes as one (it split in a third of the games when each drew its own).
"""

from __future__ import annotations

from collections.abc import Iterator

from loupgarou.core.events import Event
from loupgarou.sim.runner import SimSpec, parse_bots, play_match
from loupgarou.sim.scenarios import table_spec
from loupgarou.variants.registry import find_family

PLAYERS = 9
GAMES = 120


def first_lynches() -> Iterator[tuple[dict[int, str], Event]]:
    """Each game's deal and the ballots of its first lynch vote."""
    spec = SimSpec(
        table_spec(find_family("thiercelieux"), PLAYERS, scenario="suggested"),
        parse_bots("sensible"),
        games=GAMES,
        seed=3,
    )
    for index in range(GAMES):
        match = play_match(spec, index)[0]
        dealt = {
            min(e.audience.seats): str(e.data["role"]) for e in match.events if e.kind == "dealt"
        }
        lynches = [e for e in match.events if e.kind == "votes" and e.data["vote"] == "lynch"]
        if lynches:
            yield dealt, lynches[0]


def test_a_table_that_knows_nothing_does_not_vote_in_a_ring() -> None:
    ring = ballots = 0
    for _, votes in first_lynches():
        for voter, target in votes.data["ballots"]:
            ballots += 1
            ring += (target - voter) % PLAYERS == 1
    assert ballots > GAMES * 5
    # one of eight others at random is 12.5 %; a ring is every ballot
    assert ring / ballots < 0.2, (ring, ballots)


def test_the_pack_votes_as_one_by_day() -> None:
    packs = 0
    for dealt, votes in first_lynches():
        wolves = {t for v, t in votes.data["ballots"] if dealt[v] == "werewolf"}
        if sum(dealt[v] == "werewolf" for v, _ in votes.data["ballots"]) >= 2:
            packs += 1
            assert len(wolves) == 1, votes.data
    assert packs > GAMES // 2

"""§4 Nothing leaks: what a seat is sent does not depend, by its content, its size or its
order, on cards and actions the seat's role never showed it."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from tests.one_night.table import Table, table

SEATS = "ann:villager bob:seer cid:robber dee:troublemaker eve:werewolf fay:werewolf"


def at_dawn(spec: str, night: Callable[[Table], None]) -> Table:
    game = table(spec)
    night(game)
    game.skip_night()
    assert game.phase == "day"
    return game


def sent(game: Table, who: str) -> bytes:
    """What the seat would be sent now, as bytes."""
    return json.dumps(game.match.view(game.seat(who)).to_json(), sort_keys=True).encode()


def busy_night(game: Table) -> None:
    game.act("bob", look="ann")
    game.act("cid", rob="eve")
    game.act("dee", swap=("ann", "fay"))


def quiet_night(game: Table) -> None:
    game.decline("bob")
    game.decline("cid")
    game.decline("dee")


def centre_night(game: Table) -> None:
    game.act("bob", centre=(1, 2))
    game.act("cid", rob="dee")
    game.act("dee", swap=("bob", "eve"))


NIGHTS = {
    "busy": (f"{SEATS} | drunk tanner villager", busy_night),
    "quiet": (f"{SEATS} | villager drunk tanner", quiet_night),
    "centre": (f"{SEATS} | tanner villager drunk", centre_night),
}


@pytest.mark.parametrize("night", ["quiet", "centre"])
def test_a_villager_is_sent_the_same_bytes_whatever_was_done_out_of_her_sight(night: str) -> None:
    reference = at_dawn(*NIGHTS["busy"])  # she was looked at, and her card was swapped away
    other = at_dawn(*NIGHTS[night])
    assert reference.card("ann") != "villager"
    assert sent(other, "ann") == sent(reference, "ann")
    assert reference.learned("ann") == [] == other.learned("ann")


@pytest.mark.parametrize("night", ["quiet", "centre"])
def test_a_werewolf_is_sent_the_same_bytes_whoever_looked_at_or_took_his_card(night: str) -> None:
    reference = at_dawn(*NIGHTS["busy"])  # the Robber took Eve's card
    other = at_dawn(*NIGHTS[night])
    assert reference.card("eve") == "robber"
    for wolf in ("eve", "fay"):
        assert sent(other, wolf) == sent(reference, wolf)


def test_the_same_seats_elsewhere_at_the_table_send_a_villager_the_same_bytes() -> None:
    moved = "ann:villager bob:werewolf cid:werewolf dee:seer eve:robber fay:troublemaker"
    reference = at_dawn(*NIGHTS["busy"])
    other = at_dawn(f"{moved} | drunk tanner villager", lambda game: None)
    assert sent(other, "ann") == sent(reference, "ann")


def test_only_the_players_who_acted_are_sent_anything_more_by_a_busy_night() -> None:
    quiet, busy = at_dawn(*NIGHTS["quiet"]), at_dawn(*NIGHTS["busy"])
    changed = [who for who in busy.names if sent(quiet, who) != sent(busy, who)]
    assert changed == ["bob", "cid", "dee"]
    assert busy.learned("bob") == [("card_seen", {"seat": 0, "role": "villager"})]
    assert busy.learned("cid") == [("robbed", {"seat": 4, "role": "werewolf"})]
    assert busy.learned("dee") == [("swapped", {"seats": [0, 5]})]

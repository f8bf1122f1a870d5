"""The sensible Thiercelieux bot as the voice of its table or of its pack.

With ``narrator_knows: results`` one seat states a result for others: the first awake
Werewolf gives the pack's victim, the first living player the elected Captain and the
lynch.  The bot answers those as it would cast the matching ballot: the pack's voice
hunts, the Captain's voice names whom it trusts.
"""

from __future__ import annotations

import random

from loupgarou.bots.thiercelieux import SensibleThiercelieux
from loupgarou.core.actions import Action
from tests.thiercelieux.table import Table, table

# ana sits first, so she is the table's voice on the first day.
DECK = "ana:villager wolf1:wolf wolf2:wolf seer witch hunter bob:villager cid:villager"


def _answer(game: Table, who: str) -> Action:
    seat = game.seat(who)
    bot = SensibleThiercelieux(seat, random.Random(7))
    return bot.decide(game.match.view(seat), game.decision(who))


def _second_night(**options: object) -> Table:
    """Bob is devoured, Cid elected Captain, the Witch lynched; the pack wakes again."""
    game = table(DECK, **options)  # type: ignore[arg-type]
    game.night(victim="bob")
    game.all_vote("cid")
    game.all_vote("witch", witch="ana")
    game.decline("seer")
    game.do("wolf1", "wake")
    game.do("wolf2", "wake")
    return game


def test_the_packs_voice_names_the_victim_its_ballot_would() -> None:
    # Nobody claimed anything: a hunting Werewolf goes for the Captain.
    ballots = _second_night()
    results = _second_night(narrator_knows="results")
    assert results.waiting() == [("wolf1", "pack_choice")]
    assert _answer(ballots, "wolf1") == Action("vote", (results.seat("cid"),))
    assert _answer(results, "wolf1") == Action("vote", (results.seat("cid"),))


def _to_the_pack(**options: object) -> Table:
    game = table(DECK, **options)  # type: ignore[arg-type]
    game.decline("seer")
    game.do("wolf1", "wake")
    game.do("wolf2", "wake")
    return game


def test_the_packs_voice_never_offers_up_a_werewolf() -> None:
    game = _to_the_pack(narrator_knows="results", pack_may_devour_werewolf=True)
    assert "wolf2" in game.targets("wolf1")
    answer = _answer(game, "wolf1")
    assert answer.kind == "vote" and game.name(answer.players[0]) not in ("wolf1", "wolf2")


def test_a_villager_giving_the_tables_captain_names_whom_it_trusts() -> None:
    # On the first morning, knowing nothing, a villager trusts only itself: the
    # result it states is the ballot it would cast, not the player it suspects most.
    ballots = table(DECK)
    results = table(DECK, narrator_knows="results")
    ballots.night(victim="bob")
    results.night(victim="bob")
    assert results.waiting() == [("ana", "captain_result")]
    assert _answer(ballots, "ana") == Action("vote", (0,))
    assert _answer(results, "ana") == Action("vote", (0,))

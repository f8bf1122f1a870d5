"""The sensible Lupus in Tabula bot: situations at the table, legality, and play strength.

The situations deal fixed cards with the Lupus notation (``tests/lupus/table.py``),
play the scripted part of the game through the engine, then ask one seat's bot
what it does, giving it only that seat's view (``match.view``) and decision.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from loupgarou.bots.lupus import SensibleLupus, side_of
from loupgarou.bots.registry import factory, family_bots
from loupgarou.core.actions import PASS, Action
from loupgarou.core.statements import Claim, Sighting, Statement
from loupgarou.engine import new_match
from loupgarou.engine.match import Match
from loupgarou.sim.runner import SimSpec, run
from loupgarou.sim.scenarios import TableSpec
from loupgarou.sim.stats import summarise
from loupgarou.sim.table import Table as BotTable
from loupgarou.variants.lupus import VARIANT, default_deck
from tests.lupus.table import NINE, Table, table

# NINE, seat by seat: ana:villager wolf1 bob:villager seer cid dan wolf2 eve fay

WITH_BODYGUARD = NINE.replace("bob:villager", "bob:bodyguard")
WITH_OWL = NINE.replace("cid:villager", "cid:owl")
WITH_MEDIUM = NINE.replace("eve:villager", "eve:medium")
WITH_HAMSTER = NINE.replace("bob:villager", "ham:werehamster")
WITH_MASONS = NINE.replace("cid:villager", "cid:freemason").replace("fay:villager", "fay:freemason")
WITH_POSSESSED = NINE.replace("dan:villager", "dan:possessed")


def bot(t: Table, who: str, seed: int = 0) -> SensibleLupus:
    return SensibleLupus(t.seat(who), random.Random(seed))


def decide(t: Table, player: SensibleLupus) -> Action:
    """The bot's answer to its pending decision, from its seat's view alone."""
    decision = t.match.decision_for(player.seat)
    assert decision is not None
    action = player.decide(t.match.view(player.seat), decision)
    assert action in decision.options
    return action


def speak(t: Table, player: SensibleLupus) -> Statement | None:
    said = player.speak(t.match.view(player.seat))
    if said is not None:
        t.match.say(player.seat, said)
    return said


def claim(t: Table, who: str, role: str, **saw: bool) -> None:
    """``who`` claims ``role`` and names each seat of ``saw`` a Werewolf (True) or not."""
    sightings = tuple(Sighting("werewolf" if w else "human", t.seat(s)) for s, w in saw.items())
    t.match.say(t.seat(who), Statement("", Claim(role, None, sightings)))


def sighted(said: Statement | None) -> dict[int, bool]:
    assert said is not None and said.claim is not None
    return {s.seat: s.role == "werewolf" for s in said.claim.saw if s.seat is not None}


def vote(player: SensibleLupus, t: Table) -> int:
    return decide(t, player).players[0]


def until(t: Table, *, seat: int | None = None, kind: str | None = None) -> None:
    """Play the defaults (declining what may be declined) until ``seat`` or ``kind`` is due."""
    while True:
        d = t.match.pending()[0]
        if (seat is None or d.seat == seat) and (kind is None or d.kind == kind):
            return
        t.match.submit(d.seat, PASS if d.optional else d.default)


# --- the Seer -------------------------------------------------------------------------------


def test_the_seer_who_found_a_werewolf_says_so_when_the_day_begins() -> None:
    t = table(NINE)
    seer = bot(t, "seer")
    t.night(kill="ana", look="wolf1")
    said = speak(t, seer)
    assert said is not None and said.claim is not None and said.claim.role == "seer"
    assert sighted(said) == {t.seat("wolf1"): True}
    assert "wolf1" in said.text


def test_the_seer_who_saw_only_a_human_keeps_quiet_until_someone_else_claims_her_role() -> None:
    t = table(NINE)
    seer = bot(t, "seer")
    t.night(kill="ana", look="bob")
    assert seer.speak(t.match.view(seer.seat)) is None
    claim(t, "wolf2", "seer", bob=True)  # a Werewolf poses as the Seer
    said = speak(t, seer)
    assert sighted(said) == {t.seat("bob"): False}


def test_the_seer_points_at_the_player_a_credible_claim_made_suspect() -> None:
    t = table(WITH_MEDIUM)
    seer = bot(t, "seer", seed=3)
    t.night(kill="ana", look="bob")
    claim(t, "wolf2", "seer", cid=True)
    claim(t, "dan", "seer", bob=False)
    t.lynch("cid", "fay")
    # the Seer knows both claims are lies: she looks at one of the two liars
    assert decide(t, seer).players[0] in (t.seat("wolf2"), t.seat("dan"))


def test_a_ghost_seer_still_names_the_werewolf_she_found_in_stage_1() -> None:
    t = table(NINE)
    seer = bot(t, "seer")
    t.night(kill="ana", look="wolf1")
    t.lynch("dan", "fay")
    t.night(kill="seer", look="wolf2")
    assert "seer" in t.ghosts
    until(t, seat=seer.seat)
    assert vote(seer, t) == t.seat("wolf1")


# --- the village reads the table -------------------------------------------------------------


def test_the_village_lynches_the_player_the_seer_named() -> None:
    t = table(NINE)
    seats = {name: bot(t, name, seed=i) for i, name in enumerate(t.names)}
    t.night(kill="ana", look="wolf1")
    speak(t, seats["seer"])
    humans = {"bob", "seer", "cid", "dan", "eve", "fay"}
    stage1 = {}
    while t.step == "stage1":
        (d,) = t.match.pending()
        name = t.names[d.seat]
        action = decide(t, seats[name])
        stage1[name] = action.players[0]
        t.match.submit(d.seat, action)
    assert all(stage1[h] == t.seat("wolf1") for h in humans if h in stage1)
    assert "wolf1" in t.suspects
    t.defence()
    for d in t.match.pending():
        name = t.names[d.seat]
        action = decide(t, seats[name])
        if name in humans:
            assert action.players[0] == t.seat("wolf1")
        t.match.submit(d.seat, action)
    assert t.public("lynched")[-1]["seat"] == t.seat("wolf1")


def test_a_claim_the_night_proves_false_marks_the_liar() -> None:
    t = table(NINE)
    cid = bot(t, "cid")
    t.night(kill="ana")
    claim(t, "wolf2", "seer", bob=True)  # then the pack kills bob: he was no Werewolf
    t.lynch("dan", "fay")
    t.night(kill="bob")
    beliefs = cid.read(t.match.view(cid.seat))
    living = [s for s in t.state.living() if s != cid.seat]
    assert max(living, key=lambda s: beliefs[s]) == t.seat("wolf2")
    until(t, seat=cid.seat)
    assert vote(cid, t) == t.seat("wolf2")


def test_a_seer_killed_in_the_night_is_believed_over_her_rival() -> None:
    t = table(NINE)
    eve = bot(t, "eve")
    t.night(kill="ana", look="wolf1")
    claim(t, "seer", "seer", wolf1=True)
    claim(t, "wolf1", "seer", seer=True)
    t.lynch("dan", "fay")
    t.night(kill="seer")
    beliefs = eve.read(t.match.view(eve.seat))
    assert beliefs[t.seat("wolf1")] > 0.8
    assert beliefs[t.seat("wolf1")] == max(beliefs[s] for s in t.state.living())


def test_freemasons_name_each_other_and_the_table_trusts_the_pair() -> None:
    t = table(WITH_MASONS)
    cid, fay, eve = bot(t, "cid"), bot(t, "fay"), bot(t, "eve")
    t.night(kill="ana")
    assert cid.speak(t.match.view(cid.seat)) is None  # nobody asked: they keep it quiet
    t.stage1({"wolf1": "fay", "wolf2": "fay", "fay": "cid"}, rest="cid")
    assert set(t.suspects) == {"cid", "fay"}
    said = speak(t, cid)
    assert said is not None and said.claim is not None and said.claim.role == "freemason"
    assert [s.seat for s in said.claim.saw] == [t.seat("fay")]
    said = speak(t, fay)
    assert said is not None and said.claim is not None and said.claim.role == "freemason"
    beliefs = eve.read(t.match.view(eve.seat))
    trusted = min(t.state.living(), key=lambda s: beliefs[s] if s != eve.seat else 1.0)
    assert trusted in (t.seat("cid"), t.seat("fay"))


# --- the special characters ------------------------------------------------------------------


def test_the_bodyguard_protects_the_claimed_seer() -> None:
    t = table(WITH_BODYGUARD)
    guard = bot(t, "bob")
    t.night(kill="ana", look="cid")
    claim(t, "seer", "seer", cid=False)
    t.lynch("dan", "fay")
    until(t, kind="bodyguard")
    assert decide(t, guard) == Action("protect", (t.seat("seer"),))


def test_the_medium_shares_that_the_lynched_player_was_a_werewolf() -> None:
    t = table(WITH_MEDIUM)
    medium = bot(t, "eve")
    t.night(kill="ana")
    assert medium.speak(t.match.view(medium.seat)) is None
    t.lynch("wolf1", "fay")
    t.night(kill="bob")
    said = speak(t, medium)
    assert said is not None and said.claim is not None and said.claim.role == "medium"
    assert sighted(said) == {t.seat("wolf1"): True}


def test_the_owl_marks_the_player_the_seer_named() -> None:
    t = table(WITH_OWL)
    owl = bot(t, "cid")
    t.night(kill="ana")
    claim(t, "seer", "seer", wolf2=True)
    t.lynch("dan", "fay")
    until(t, kind="owl")
    assert decide(t, owl) == Action("pick", (t.seat("wolf2"),))


def test_with_nothing_to_go_on_the_owl_stays_silent() -> None:
    t = table(WITH_OWL)
    owl = bot(t, "cid")
    until(t, kind="owl")
    assert decide(t, owl) == PASS


def test_the_possessed_poses_as_the_seer_and_names_the_real_one() -> None:
    claimed = 0
    for seed in range(12):
        t = table(WITH_POSSESSED)
        possessed = bot(t, "dan", seed=seed)
        t.night(kill="ana", look="wolf1")
        claim(t, "seer", "seer", wolf1=True)
        said = possessed.speak(t.match.view(possessed.seat))
        if said is None:
            continue
        claimed += 1
        assert said.claim is not None and said.claim.role == "seer"
        assert sighted(said) == {t.seat("seer"): True}
    assert claimed >= 6  # usually


# --- the Werewolves --------------------------------------------------------------------------


def test_the_werewolves_hunt_the_claimed_seer_together() -> None:
    t = table(NINE)
    wolf1, wolf2 = bot(t, "wolf1", 1), bot(t, "wolf2", 2)
    t.night(kill="ana", look="bob")
    claim(t, "seer", "seer", bob=False)
    t.lynch("dan", "fay")
    until(t, kind="werewolves")
    first = decide(t, wolf1)
    assert first == Action("kill", (t.seat("seer"),))
    t.match.submit(wolf1.seat, first)
    assert decide(t, wolf2) == first


def test_the_werewolves_spare_the_werehamster_and_push_him_at_the_vote() -> None:
    t = table(WITH_HAMSTER)
    wolf1 = bot(t, "wolf1")
    t.night(kill="ham")  # no Bodyguard: the victim who survives is the Werehamster
    assert "ham" in t.alive
    until(t, seat=wolf1.seat)
    assert vote(wolf1, t) == t.seat("ham")
    t.stage1(rest="dan")
    t.defence()
    t.stage2(rest="dan")
    until(t, kind="werewolves")
    assert decide(t, wolf1).players[0] != t.seat("ham")


def test_a_suspect_werewolf_claims_the_seer_against_the_other_suspect_or_plays_innocent() -> None:
    roles = Counter[str]()
    for seed in range(10):
        t = table(NINE)
        wolf1 = bot(t, "wolf1", seed)
        t.night(kill="ana")
        t.stage1({"wolf1": "cid", "cid": "wolf1"}, rest="wolf1")
        assert set(t.suspects) == {"wolf1", "cid"}
        said = wolf1.speak(t.match.view(wolf1.seat))
        assert said is not None and said.claim is not None and said.claim.role is not None
        roles[said.claim.role] += 1
        if said.claim.role == "seer":
            assert sighted(said) == {t.seat("cid"): True}
        else:
            assert said.claim.role == "villager"
    assert roles["seer"] >= 3 and roles["villager"] >= 1


# --- whole games -----------------------------------------------------------------------------

DECKS = {
    "basic-8": list(default_deck(8)),
    "specials-12": list(
        default_deck(12, ["medium", "possessed", "bodyguard", "owl", "werehamster"])
    ),
    "all-13": list(
        default_deck(
            13,
            [
                "medium",
                "possessed",
                "bodyguard",
                "owl",
                "werehamster",
                "mythomaniac",
                "freemason",
                "freemason",
            ],
        )
    ),
    "deadly-owl-21": list(default_deck(21, ["owl", "bodyguard", "medium", "werehamster"])),
}


def game(deck: list[str], seed: int, kinds: list[str]) -> Match:
    match = new_match(VARIANT, [f"p{i}" for i in range(len(deck))], deck, seed=seed)
    bots = [
        factory("lupus", kinds[s % len(kinds)])(s, random.Random(seed * 100 + s))
        for s in range(len(deck))
    ]
    # check=True: every view a bot gets is compared with match.view(seat) at that moment,
    # and every answer must be one of its decision's options (else BotError).
    BotTable(match, bots, rng=random.Random(seed), check=True).play()
    assert match.over
    return match


@pytest.mark.parametrize("deck", sorted(DECKS))
def test_every_choice_is_legal_over_many_seeded_games(deck: str) -> None:
    games = 4 if deck == "deadly-owl-21" else 12
    for seed in range(games):
        game(DECKS[deck], seed, ["sensible"])
        game(DECKS[deck], seed, ["sensible", "random"])


def test_the_pack_agrees_and_never_turns_on_itself() -> None:
    for seed in range(15):
        match = game(DECKS["specials-12"], seed, ["sensible"])
        cards = [str(e.data["role"]) for e in match.events if e.kind == "dealt"]
        wolves = {s for s, r in enumerate(cards) if r == "werewolf"}
        ballots: dict[int, set[int]] = {}
        night = 0
        for e in match.events:
            if e.kind == "night_begins":
                night = int(e.data["night"])
            if e.kind == "wolf_vote":
                ballots.setdefault(night, set()).add(int(e.data["target"]))
            if e.kind == "vote" and int(e.data["seat"]) in wolves:
                assert int(e.data["target"]) not in wolves  # stage 1: never a packmate
        assert all(len(targets) == 1 for targets in ballots.values())


def test_same_seed_same_game() -> None:
    a = game(DECKS["all-13"], 5, ["sensible"])
    b = game(DECKS["all-13"], 5, ["sensible"])
    assert [i.to_json() for i in a.inputs] == [i.to_json() for i in b.inputs]


def test_sensible_bots_talk_in_claims() -> None:
    said = Counter[str]()
    for seed in range(10):
        match = game(DECKS["all-13"], seed, ["sensible"])
        for e in match.events:
            if e.kind == "statement":
                said[str(e.data["claim"]["role"])] += 1
    assert said["seer"] > 0 and said["medium"] > 0


def test_cards_the_seat_never_saw_change_nothing_in_what_it_does() -> None:
    """Two deals that differ only where the Seer cannot see: same views, same choices."""
    one = table(NINE.replace("cid:villager", "cid:medium"))
    two = table(NINE.replace("bob:villager", "bob:medium"))
    answers = []
    for t in (one, two):
        seer = bot(t, "seer", seed=7)
        first = decide(t, seer)
        t.match.submit(seer.seat, first)
        t.night(kill="ana")
        answers.append((first, seer.speak(t.match.view(seer.seat)), t.match.view(seer.seat)))
    assert answers[0][0] == answers[1][0] and answers[0][1] == answers[1][1]
    assert answers[0][2].events == answers[1][2].events


def test_odd_claims_from_people_do_not_upset_it() -> None:
    t = table(NINE)
    eve = bot(t, "eve")
    t.night(kill="ana")
    t.match.say(t.seat("cid"), Statement("", Claim("seer", None, (Sighting("werewolf", 40),))))
    t.match.say(t.seat("dan"), Statement("", Claim("fortune teller", None, (Sighting("x", -3),))))
    t.match.say(t.seat("bob"), Statement("I trust nobody"))
    t.match.say(t.seat("fay"), Statement("", Claim("medium", None, (Sighting("villager", 1),))))
    until(t, seat=eve.seat)
    assert decide(t, eve).players[0] in t.state.living()


# --- registration and strength ---------------------------------------------------------------


def test_sensible_is_registered_for_lupus_with_its_talk_moments() -> None:
    entry = family_bots("lupus")
    assert entry.kinds["sensible"] is SensibleLupus
    assert {"day_begins", "suspects"} <= entry.talk_after
    assert side_of("possessed") == "werewolves" and side_of("mythomaniac") == "humans"
    assert side_of("werehamster") == "werehamster"


def test_each_side_wins_clearly_more_often_when_it_plays_sensibly() -> None:
    """Seeded games of the 8-player basic deck (deterministic; the gaps are wide: +59 points
    for the humans, +13 for the Werewolves in docs/bots.md, measured on 1,000 to 4,000 games)."""
    tab = TableSpec("lupus", 8, tuple(default_deck(8)), (), "basic (8)")
    sides = ("humans", "werewolves")

    def rates(bots: tuple[tuple[str, str], ...], games: int) -> dict[str, tuple[float, ...]]:
        got = summarise("x", run(SimSpec(tab, bots, games=games, seed=11)), sides)
        return {s: (got.teams[s].rate, *got.teams[s].interval) for s in sides}

    base = rates((("*", "random"),), 600)
    village = rates((("*", "random"), ("humans", "sensible")), 300)
    pack = rates((("*", "random"), ("werewolves", "sensible")), 600)
    # (rate, low, high): the intervals do not overlap, and the gains are wide
    assert village["humans"][1] > base["humans"][2]
    assert village["humans"][0] > base["humans"][0] + 0.3
    assert pack["werewolves"][1] > base["werewolves"][2]
    assert pack["werewolves"][0] > base["werewolves"][0] + 0.05


def test_the_owl_reads_whether_it_is_deadly_from_the_table_not_from_its_size() -> None:
    # Nine players with deadly_owl = always: the bot knows its pick kills (the public
    # table rule), where it used to guess from the table's size (more than 20).
    t = table(WITH_OWL, deadly_owl="always")
    owl = bot(t, "cid")
    until(t, kind="owl")
    decide(t, owl)
    assert owl.r.deadly_owl is True
    t = table(WITH_OWL)
    owl = bot(t, "cid")
    until(t, kind="owl")
    decide(t, owl)
    assert owl.r.deadly_owl is False

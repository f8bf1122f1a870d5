"""Thiercelieux scripts: the dialect, the chance outcomes, the story and the report (RULINGS §2)."""

from __future__ import annotations

from typing import Any

import pytest

from loupgarou.core.errors import LoupGarouError, ScriptError, SetupError
from loupgarou.scripting import Verdict, parse_script, play, render
from loupgarou.scripting.speech import speech_for
from tests.scripting.builders import first_night, verdict_of
from tests.scripting.thiercelieux_builders import DEAL, PLAYERS, everyone, night_one, nine

SEVEN = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Hal"]
"""Who is alive on day 1 after :func:`night_one` with its defaults (Ivy devoured, Gus grieving)."""


def deaths(v: Verdict) -> list[tuple[str, str, str | None, str]]:
    """(name, cause, by, 'night 1') of every death the story tells."""
    assert v.story is not None
    return [
        (
            d["name"],
            d["cause"],
            None if d["by"] is None else d["by"]["name"],
            f"{d['when']['phase']} {d['when']['number']}",
        )
        for d in v.story["deaths"]
    ]


def votes_told(v: Verdict) -> list[tuple[str, str | None, str | None]]:
    """(vote, outcome kind, chosen) of every vote the story tells."""
    assert v.story is not None
    out = []
    for vote in v.story["votes"]:
        outcome = vote["outcome"]
        chosen = None if outcome is None or outcome["player"] is None else outcome["player"]["name"]
        out.append((vote["vote"], None if outcome is None else outcome["kind"], chosen))
    return out


def refused(doc: dict[str, Any]) -> tuple[int, str]:
    v = verdict_of(doc)
    assert v.rejected is not None, "a step should have been refused"
    return v.rejected.number, v.rejected.code


def script_error(doc: dict[str, Any]) -> ScriptError:
    with pytest.raises(ScriptError) as caught:
        verdict_of(doc)
    return caught.value


# --- a whole chain: grief, a lynched Hunter's shot, the Captain's successor ------------------------

CHAIN = [
    *night_one(),
    everyone("Dan", SEVEN),  # the election: Dan is Captain
    everyone("Dan", SEVEN, Dan="Bob"),  # Dan is lynched
    {"seat": "Dan", "do": "shoot", "players": "Fay"},
    {"seat": "Dan", "do": "name", "players": "Cat"},
]


def test_deaths_carry_their_cause_who_caused_them_and_when() -> None:
    v = verdict_of(nine(steps=CHAIN))
    assert v.status == "incomplete"
    assert deaths(v) == [
        ("Ivy", "devoured", None, "night 1"),
        ("Gus", "grief", "Ivy", "night 1"),
        ("Dan", "lynched", None, "day 1"),
        ("Fay", "shot", "Dan", "day 1"),
    ]
    assert [PLAYERS[s] for s in v.standing.dead] == ["Ivy", "Gus", "Dan", "Fay"]
    assert [PLAYERS[s] for s in v.standing.alive] == ["Ann", "Bob", "Cat", "Eve", "Hal"]


def test_the_captain_over_time_and_the_lovers_are_in_the_story() -> None:
    v = verdict_of(nine(steps=CHAIN))
    assert v.story is not None
    assert [(c["name"], c["how"], c["by"] and c["by"]["name"]) for c in v.story["captains"]] == [
        ("Dan", "elected", None),
        ("Cat", "named", "Dan"),
    ]
    lovers = v.story["lovers"]
    assert [p["name"] for p in lovers["players"]] == ["Gus", "Ivy"]
    assert lovers["cupid"]["name"] == "Ann"
    assert lovers["team"] == "village"
    assert v.state_extra["captain"] == {"seat": 2, "name": "Cat"}
    assert v.state_extra["night"] == 2


def test_the_stopped_game_waits_for_the_seer_of_night_2() -> None:
    v = verdict_of(nine(steps=CHAIN))
    (pending,) = v.standing.pending
    assert (PLAYERS[pending.seat], pending.kind) == ("Cat", "seer")
    text = render(v)
    assert (
        "Now: night 2 (seer); Captain: Cat; the Witch's potions left: healing and poison." in text
    )
    assert "Deaths so far: Ivy (devoured by the Werewolves, night 1); Gus (died of grief" in text


def test_the_report_tells_the_chain_in_order() -> None:
    text = render(verdict_of(nine(steps=CHAIN)))
    chain = [
        "Dan is lynched by the village.",
        "Dan's card is turned over: Hunter.",
        "Dan, the dying Hunter, shoots Fay.",
        "Fay's card is turned over: Werewolf.",
        "Dan, the dying Captain, names Cat as the new Captain.",
    ]
    positions = [text.index(line) for line in chain]
    assert positions == sorted(positions)
    assert "Captain: Dan (elected on day 1); then Cat (named by Dan, the dying Captain" in text
    assert "Lovers: Gus and Ivy, chosen by Ann (Cupid); they play for the village." in text


# --- the Little Girl, the Witch, starvation ---------------------------------------------------------


def spying_night(caught: bool) -> dict[str, Any]:
    steps = [
        {"seat": "Ann", "do": "pair", "players": ["Gus", "Ivy"]},
        {"seat": "Cat", "do": "pass"},
        {"seat": "Bob", "do": "wake"},
        {"seat": "Fay", "do": "wake"},
        {"seat": "Eve", "do": "spy"},
        {"votes": {"Bob": "Ivy", "Fay": "Ivy"}},
    ]
    return nine(steps=steps, chance={"little_girl_caught": caught})


def test_a_caught_little_girl_becomes_the_victim_and_the_witch_is_shown_her() -> None:
    v = verdict_of(spying_night(caught=True))
    by_seat = {PLAYERS[k.seat]: [line.text for line in k.learned] for k in v.knowledge}
    assert "Eve (Little Girl) was caught spying by the Werewolves." in by_seat["Eve"]
    assert (
        "The pack caught Eve, the Little Girl, spying: Eve becomes tonight's victim instead."
        in by_seat["Bob"]
    )
    assert "Hal (Witch) was shown tonight's victim: Eve." in by_seat["Hal"]
    (pending,) = v.standing.pending
    assert {"kind": "heal", "players": [4]} in [a.to_json() for a in pending.options]


def test_an_unnoticed_little_girl_learns_the_pack() -> None:
    v = verdict_of(spying_night(caught=False))
    eve = [line.text for line in v.knowledge[4].learned]
    assert eve[-1] == "Eve (Little Girl) went unnoticed and saw the Werewolves awake: Bob and Fay."


def test_werewolves_who_all_sleep_starve_and_the_village_wins() -> None:
    steps = [
        {"seat": "Ann", "do": "pair", "players": ["Bob", "Gus"]},
        {"seat": "Cat", "do": "pass"},
        {"seat": "Bob", "do": "sleep"},
        {"seat": "Fay", "do": "sleep"},
    ]
    v = verdict_of(nine(steps=steps))
    assert v.ending is not None
    assert [r.code for r in v.ending.reasons] == ["village.starved"]
    assert deaths(v) == [
        ("Bob", "starved", None, "night 1"),
        ("Fay", "starved", None, "night 1"),
        ("Gus", "grief", "Bob", "night 1"),
    ]
    assert v.story is not None and v.story["lovers"]["team"] == "lovers"


def test_a_poisoning_names_the_witch() -> None:
    steps = [
        *night_one(victim="Ivy")[:-1],
        {"seat": "Hal", "do": "poison", "players": "Fay"},
        {"seat": "Hal", "do": "pass"},
    ]
    v = verdict_of(nine(steps=steps))
    assert ("Fay", "poisoned", "Hal", "night 1") in deaths(v)


def test_a_witch_who_heals_then_passes_keeps_her_poison() -> None:
    """Her pass after a heal is her other potion kept, not "no potion" at all; a Witch who
    passes at once used none (the story of every seat, in both languages)."""
    healed = [*night_one(victim="Ivy")[:-1], {"seat": "Hal", "do": "heal", "players": "Ivy"}]
    steps = [*healed, {"seat": "Hal", "do": "pass"}]
    story = [line.text for line in verdict_of(nine(steps=steps)).timeline]
    assert "Hal (Witch) used the healing potion to save Ivy." in story
    assert "Hal (Witch) used no other potion." in story
    assert "Hal (Witch) used no potion." not in story
    passed = [line.text for line in verdict_of(nine(steps=night_one(victim="Ivy"))).timeline]
    assert "Hal (Witch) used no potion." in passed
    french = play(parse_script(nine(steps=steps), "<test>"), speech_for("thiercelieux", "fr"))
    told = [line.text for line in french.verdict.timeline]
    assert "Hal (Sorcière) n'a pas utilisé d'autre potion." in told


# --- chance outcomes by name ------------------------------------------------------------------------


def tied_pack(tiebreak: Any) -> dict[str, Any]:
    """Bob votes for Gus, Fay for no victim: a tie drawn by ``tiebreak`` (step 7)."""
    steps = [*night_one()[:5], {"seat": "Bob", "vote": "Gus"}, {"seat": "Fay", "do": "no_victim"}]
    return nine(steps=steps, chance={"tiebreak": tiebreak})


@pytest.mark.parametrize(
    ("tiebreak", "victim"), [(["Gus"], "Gus"), (["no_victim"], None), ([0], "Gus"), (1, None)]
)
def test_a_tied_pack_vote_is_drawn_as_the_script_says(tiebreak: Any, victim: str | None) -> None:
    v = verdict_of(tied_pack(tiebreak))
    assert votes_told(v) == [("pack", "drawn", victim)]
    assert v.warnings == ()


def test_a_tiebreak_naming_someone_not_tied_is_refused() -> None:
    err = script_error(tied_pack(["Cat"]))
    assert err.code == "chance.bad_outcome"
    assert err.message == (
        "step 7: 'tiebreak' names Cat, who is not among the tied (Gus and no victim)"
    )


def test_a_tiebreak_naming_nobody_at_the_table_is_refused_before_play() -> None:
    with pytest.raises(ScriptError) as caught:
        parse_script(tied_pack(["Zed"]))
    assert caught.value.code == "script.unknown_player"


def test_the_captain_drawn_at_random_can_be_fixed_by_name() -> None:
    doc = nine(
        steps=night_one(witch="heal"),
        options={"captain_mode": "random"},
        chance={"captain_draw": "Eve"},
    )
    v = verdict_of(doc)
    assert v.story is not None
    assert [(c["name"], c["how"]) for c in v.story["captains"]] == [("Eve", "drawn")]
    assert v.standing.pending[0].kind == "lynch"


# --- tie handling in day votes ----------------------------------------------------------------------


def no_captain(second_tie: str) -> dict[str, Any]:
    """Nobody dies on night 1; no Captain; a three-way tie, voted again, tied again."""
    nine_alive = list(PLAYERS)
    first = {
        "Ann": "Bob",
        "Bob": "Cat",
        "Cat": "Dan",
        "Dan": "Bob",
        "Eve": "Cat",
        "Fay": "Dan",
        "Gus": "Bob",
        "Hal": "Cat",
        "Ivy": "Dan",
    }
    assert list(first) == nine_alive
    options = {"captain": False, "lynch_second_tie": second_tie}
    chance = {"tiebreak": ["Cat"]} if second_tie == "random" else {}
    return nine(
        steps=[*night_one(witch="heal"), {"votes": first}, {"votes": first}],
        options=options,
        chance=chance,
    )


def test_a_second_tie_without_captain_lynches_nobody() -> None:
    v = verdict_of(no_captain("nobody"))
    assert votes_told(v)[1:] == [("lynch", "revote", None), ("lynch_revote", "no_lynch", None)]
    assert "nobody is lynched today" in render(v)


def test_a_second_tie_may_be_drawn_by_name() -> None:
    v = verdict_of(no_captain("random"))
    assert votes_told(v)[1:] == [("lynch", "revote", None), ("lynch_revote", "drawn", "Cat")]
    assert ("Cat", "lynched", None, "day 1") in deaths(v)


def test_an_election_tie_goes_to_a_second_round() -> None:
    first = everyone("Ann", SEVEN, Bob="Bob", Cat="Bob", Dan="Bob", Ann="Eve")
    v = verdict_of(nine(steps=[*night_one(), first]))
    # Ann 3 (Eve, Fay, Hal), Bob 3 (Bob, Cat, Dan), Eve 1: a tie between Ann and Bob
    assert votes_told(v)[1:] == [
        ("captain_election", "revote", None),
        ("captain_revote", None, None),
    ]
    assert {PLAYERS[p.seat] for p in v.standing.pending} == set(SEVEN)
    assert {a.players for a in v.standing.pending[0].options} == {(0,), (1,)}


# --- the Lovers' common ballot: a votes step is checked as a whole ----------------------------------


def together(second: str) -> dict[str, Any]:
    return nine(
        steps=[
            *night_one(lovers=("Gus", "Ivy"), victim="Ann"),
            {"votes": {"Gus": "Cat", "Ivy": second}},
        ],
        options={"lovers_vote_together": True},
    )


def test_the_second_lover_must_follow_the_first_and_nothing_is_cast_otherwise() -> None:
    assert refused(together("Dan")) == (8, "action.illegal")
    v = verdict_of(together("Dan"))
    assert v.rejected is not None
    assert v.rejected.message.startswith("Ivy cannot 'vote Dan' now; legal: vote Cat")
    assert not [line for line in v.timeline if line.step == 8]
    assert len(v.standing.pending) == 8  # Ann was devoured; nobody has voted


def test_the_lovers_common_ballot_is_accepted() -> None:
    v = verdict_of(together("Cat"))
    assert v.rejected is None
    assert len(v.standing.pending) == 6


# --- refusals, statements, the end ------------------------------------------------------------------


def test_speaking_at_night_and_the_dead_speaking_are_refused() -> None:
    at_night = nine(steps=[{"seat": "Ann", "say": "Hello"}])
    assert refused(at_night) == (1, "action.cannot_speak")
    dead = nine(steps=[*night_one(), {"seat": "Ivy", "say": "I was the Villager"}])
    assert refused(dead) == (8, "action.cannot_speak")
    rejected = verdict_of(dead).rejected
    assert rejected is not None and "Ivy is dead, and the dead do not speak" in rejected.message


def test_out_of_turn_and_after_the_end() -> None:
    early = nine(steps=[{"seat": "Cat", "do": "look", "players": "Bob"}])
    assert refused(early) == (1, "action.not_your_turn")
    starve = [
        {"seat": "Ann", "do": "pair", "players": ["Gus", "Ivy"]},
        {"seat": "Cat", "do": "pass"},
        {"seat": "Bob", "do": "sleep"},
        {"seat": "Fay", "do": "sleep"},
        {"seat": "Hal", "do": "pass"},
    ]
    assert refused(nine(steps=starve)) == (5, "action.game_over")


def test_timeouts_apply_and_name_the_default() -> None:
    v = verdict_of(nine(steps=[{"seat": "Ann", "timeout": True}]))
    assert v.played[0].text == "Ann did not answer in time (default: make Bob and Cat the Lovers)"
    assert v.story is not None
    assert [p["name"] for p in v.story["lovers"]["players"]] == ["Bob", "Cat"]


def test_a_player_learns_only_what_is_addressed_to_them() -> None:
    result = play(parse_script(nine(steps=CHAIN)))
    for k in result.verdict.knowledge:
        private = [e for e in result.match.view(k.seat).events if not e.audience.everyone]
        assert [line.kind for line in k.learned] == [e.kind for e in private]


def test_what_the_seer_and_a_werewolf_learned() -> None:
    v = verdict_of(nine(steps=CHAIN))
    assert [line.text for line in v.knowledge[2].learned][:2] == [
        "Cat looked at their card: Seer.",
        "Cat (Seer) looked at Bob's card: Werewolf.",
    ]
    bob = [line.text for line in v.knowledge[1].learned]
    assert "The pack awake tonight: Bob and Fay." in bob
    assert "Fay (Werewolf) voted to devour Ivy." in bob
    assert "Bob voted for Dan as Captain." in bob


# --- the Thief and the explicit deal ----------------------------------------------------------------


def thief(**changes: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "format": "loupgarou-script",
        "version": 1,
        "family": "thiercelieux",
        "players": ["Kai", "Lea", "Max", "Nia", "Oto", "Pia", "Quin", "Rob"],
        "deck": ["thief", "werewolf", "werewolf", "seer", "hunter", *["villager"] * 5],
        "deal": {
            "players": [
                "thief",
                "werewolf",
                "seer",
                "villager",
                "villager",
                "hunter",
                *["villager"] * 2,
            ],
            "set_aside": ["villager", "werewolf"],
        },
        "steps": [],
    }
    doc.update(changes)
    return doc


@pytest.mark.parametrize("field", ["set_aside", "centre"])
def test_the_thief_takes_a_set_aside_card_named_either_way(field: str) -> None:
    v = verdict_of(thief(steps=[{"seat": "Kai", "do": "take", field: 1}]))
    assert v.rejected is None
    assert v.standing.table is not None
    assert v.standing.table.cards[0] == "werewolf"
    assert v.standing.table.centre == ("villager", "thief")
    kai = [line.text for line in v.knowledge[0].learned]
    assert kai[1:] == [
        "Kai (Thief) looked at the two set-aside cards: Villager and Werewolf.",
        "Kai (Thief) took set-aside card c2, a Werewolf, and set their Thief card aside in its place.",
    ]


def test_the_thief_who_took_a_werewolf_hunts_the_same_night() -> None:
    steps = [
        {"seat": "Kai", "do": "take", "set_aside": 1},
        {"seat": "Max", "do": "look", "players": "Kai"},
        {"seat": "Kai", "do": "wake"},
    ]
    v = verdict_of(thief(steps=steps))
    assert "Max (Seer) looked at Kai's card: Werewolf." in [line.text for line in v.timeline]
    assert "Kai (Werewolf, dealt the Thief) woke up to hunt." in [line.text for line in v.timeline]


@pytest.mark.parametrize(
    ("deal", "code", "words"),
    [
        (
            {"players": ["thief"] + ["villager"] * 7},
            "setup.card_count",
            "8 players need 10 cards (one each and two set aside for the Thief); the deal gives 8",
        ),
        (
            {
                "players": ["thief", "werewolf", "seer", "villager"] + ["villager"] * 4,
                "set_aside": [],
            },
            "setup.card_count",
            "the deal gives 8",
        ),
        (
            {
                "players": ["thief", "werewolf", "seer", "werewolf"] + ["villager"] * 4,
                "set_aside": ["werewolf", "hunter"],
            },
            "script.deal_mismatch",
            "it has 1 more Werewolf and 1 fewer Villager than the deck",
        ),
        (
            {"players": ["thief"] + ["villager"] * 7, "centre": ["villager", "werewolf"]},
            "script.unknown_field",
            "allowed: players, set_aside",
        ),
    ],
)
def test_a_bad_deal_is_refused(deal: dict[str, Any], code: str, words: str) -> None:
    with pytest.raises(LoupGarouError) as caught:
        verdict_of(thief(deal=deal))
    err = caught.value
    assert (err.code, err.kind) == (code, code.partition(".")[0])
    assert words in err.message


def test_a_deck_without_thief_sets_nothing_aside() -> None:
    doc = nine()
    doc["deal"]["set_aside"] = ["villager", "villager"]
    with pytest.raises(SetupError) as caught:
        verdict_of(doc)
    assert caught.value.code == "setup.card_count"
    assert "9 players need 9 cards (one each); the deal gives 11" in caught.value.message


def test_a_verb_of_another_family_is_unknown() -> None:
    err = script_error(nine(steps=[{"seat": "Ann", "do": "rob", "players": "Bob"}]))
    assert err.code == "script.unknown_verb"
    assert "no_victim, pair, pass, poison" in err.message


def test_a_step_may_not_name_the_set_aside_cards_twice() -> None:
    err = script_error(thief(steps=[{"seat": "Kai", "do": "take", "set_aside": 1, "centre": 1}]))
    assert err.code == "script.bad_step"


def test_a_scenario_is_refused_with_a_hint() -> None:
    doc = nine()
    del doc["deck"]
    doc["scenario"] = "premiere-nuit"
    with pytest.raises(ScriptError) as caught:
        parse_script(doc)
    assert caught.value.code == "script.no_scenarios"
    assert "give the 'deck'" in caught.value.message


def test_the_deal_may_name_seats_by_number_and_the_family_by_alias() -> None:
    doc = nine(family="loups-garous")
    doc["deal"] = {"players": dict(enumerate(DEAL.values()))}
    v = verdict_of(doc)
    assert v.family == "thiercelieux"
    assert v.standing.table is not None
    assert list(v.standing.table.cards) == list(DEAL.values())


def test_a_captain_draw_naming_nobody_at_the_table_is_refused_before_play() -> None:
    doc = nine(options={"captain_mode": "random"}, chance={"captain_draw": ["Zed"]})
    with pytest.raises(ScriptError) as caught:
        parse_script(doc)
    assert caught.value.code == "script.unknown_player"
    assert "'chance.captain_draw': 'Zed' is not a player" in caught.value.message


# --- what a narrator really knows: the pack's victim, the elected Captain, the lynch ------------


def narrated(steps: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
    return {
        "format": "loupgarou-script",
        "version": 1,
        "family": "thiercelieux",
        "players": ["Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"],
        "deck": ["werewolf", "werewolf", "seer", "witch", "hunter"] + ["villager"] * 3,
        "deal": {"players": ["werewolf", "werewolf", "seer", "witch", "hunter"] + ["villager"] * 3},
        "options": {"narrator_knows": "results", **options},
        "steps": steps,
    }


NIGHT_ONE = [
    {"seat": "Ann", "do": "wake"},
    {"seat": "Ben", "do": "wake"},
    {"pack": "Fay"},
]


def test_the_narrator_states_the_packs_victim_and_the_lynch_without_ballots() -> None:
    # Silence covers the Seer and the Witch; nobody's ballot is typed or invented.
    v = verdict_of(narrated([*NIGHT_ONE, {"elected": "Cid"}, {"lynched": "Ann"}]))
    assert v.rejected is None
    texts = [p.text for p in v.played]
    assert texts[2] == "the pack chose Fay (given by Ann for the pack)"
    assert (
        texts[3] == "(Dee: silence, declined) Cid is elected Captain (given by Ann for the table)"
    )
    assert texts[4] == "Ann is lynched (given by Ann for the table)"
    kinds = [line.kind for line in v.timeline]
    assert "pack_vote" not in kinds and "voted" not in kinds and "votes" not in kinds
    assert [line.data for line in v.timeline if line.kind == "lynched"] == [{"seat": 0}]


def test_the_narrator_may_say_nobody_was_lynched_or_the_pack_took_no_victim() -> None:
    steps: list[dict[str, Any]] = [
        *NIGHT_ONE[:2],
        {"pack": "no_victim"},
        {"elected": "Cid"},
        {"lynched": None},
    ]
    v = verdict_of(narrated(steps))
    assert v.rejected is None
    assert [line.data for line in v.timeline if line.kind == "no_lynch"] == [{"tied": []}]
    assert [p.text for p in v.played][-1] == "nobody is lynched (given by Ann for the table)"


def test_a_result_the_game_does_not_wait_for_is_refused_with_what_it_waits_for() -> None:
    v = verdict_of(narrated([*NIGHT_ONE, {"lynched": "Ann"}]))  # the Captain comes first
    assert v.rejected is not None and v.rejected.code == "action.not_your_turn"
    assert v.rejected.message.startswith("the game does not wait for the lynch's result now;")
    assert "the table waits for Ann (captain_result: vote, mandatory)" in v.rejected.message


def test_a_result_needs_the_option_and_the_family() -> None:
    doc = narrated([*NIGHT_ONE])
    doc["options"] = {}
    err = script_error(doc)
    assert err.code == "script.bad_step" and "narrator_knows: results" in err.message
    with pytest.raises(ScriptError) as caught:
        verdict_of(first_night(steps=[{"lynched": "Bob"}]))
    assert caught.value.code == "script.bad_step" and "Thiercelieux" in caught.value.message


def test_a_claim_is_told_as_what_the_player_is() -> None:
    """After night 1 Bob says he is the Seer and found Gus a Werewolf: "claims: to be the
    Seer" (it said "dealt the Seer", One Night's words for a card that may have moved)."""
    claim = {"role": "seer", "saw": [{"seat": "Gus", "role": "werewolf"}]}
    v = verdict_of(nine(steps=[*night_one(), {"seat": "Bob", "claim": claim}]))
    assert v.rejected is None
    assert v.played[-1].text == "Bob claims: to be the Seer; saw: Gus: Werewolf"

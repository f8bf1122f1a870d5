"""Lupus in Tabula scripts: the dialect, chance by name, the story and the report (RULINGS §3)."""

from __future__ import annotations

from typing import Any

import pytest

from loupgarou.core.errors import ScriptError
from loupgarou.scripting import Verdict, parse_script, play, render
from loupgarou.scripting.speech import speech_for
from tests.scripting.builders import verdict_of
from tests.scripting.lupus_builders import (
    DAY_ONE,
    PLAYERS,
    defence,
    night,
    nine,
    stage1,
    stage2,
)

GUY_DIES = night("Cy", cy="Guy", ivy="Guy")
"""Night 1: Di finds Cy; the pack kills Guy, who becomes a Ghost and takes the Welcome card."""


def refused(doc: dict[str, Any]) -> tuple[int, str]:
    v = verdict_of(doc)
    assert v.rejected is not None, "a step should have been refused"
    return v.rejected.number, v.rejected.code


def script_error(doc: dict[str, Any]) -> ScriptError:
    with pytest.raises(ScriptError) as caught:
        verdict_of(doc)
    return caught.value


def votes(v: Verdict) -> list[dict[str, Any]]:
    assert v.story is not None
    return list(v.story["votes"])


def names(refs: list[dict[str, Any]]) -> list[str]:
    return [str(r["name"]) for r in refs]


def deaths(v: Verdict) -> list[tuple[str, str, str | None, str]]:
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


def learned(v: Verdict, who: str) -> list[str]:
    return [line.text for line in v.knowledge[v.players.index(who)].learned]


def timeline(v: Verdict) -> list[str]:
    return [line.text for line in v.timeline]


# --- the table ------------------------------------------------------------------------------------


def test_without_a_deck_the_default_deck_for_the_table_is_played() -> None:
    doc = {
        "format": "loupgarou-script",
        "version": 1,
        "family": "lupus",
        "players": ["Ann", "Ben", "Cal", "Dan", "Eve", "Fay", "Gus", "Hal"],
        "deal": {
            "players": ["villager", "werewolf", "seer", *["villager"] * 3, "werewolf", "villager"]
        },
    }
    v = verdict_of(doc)
    assert v.deck == ("werewolf", "werewolf", "seer", *["villager"] * 5)
    assert v.warnings == ()
    assert v.standing.table is not None
    assert v.standing.table.cards[1] == "werewolf"
    (pending,) = v.standing.pending
    assert (pending.seat, pending.kind) == (2, "seer")


def test_a_deal_that_is_not_the_deck_says_how_they_differ() -> None:
    doc = nine(deal={"players": {**dict.fromkeys(PLAYERS, "villager"), "Cy": "werewolf"}})
    err = script_error(doc)
    assert err.code == "script.deal_mismatch"
    assert err.message == (
        "the deal does not match the deck: it has 1 fewer Werewolf, 3 more Villager, "
        "1 fewer Seer and 1 fewer Werehamster than the deck "
        "(Werewolf ×2, Seer, Werehamster, Villager ×5)"
    )


def test_lupus_has_no_face_down_cards_and_no_scenarios() -> None:
    deal = script_error(nine(deal={"players": [], "centre": ["villager"]}))
    assert (deal.code, deal.message) == (
        "script.unknown_field",
        "'deal': unknown field 'centre'; allowed: players",
    )
    step = script_error(nine(steps=[{"seat": "Di", "do": "look", "centre": 0}]))
    assert (step.code, step.message) == (
        "script.unknown_field",
        "step 1: unknown field 'centre'; allowed: do, note, players, seat",
    )
    scenario = {k: v for k, v in nine(scenario="basic").items() if k != "deck"}
    assert script_error(scenario).code == "script.no_scenarios"


def test_the_verbs_are_those_of_the_lupus_decisions() -> None:
    err = script_error(nine(steps=[{"seat": "Cy", "do": "wake"}]))
    assert err.code == "script.unknown_verb"
    assert err.message.endswith("use one of choose, kill, look, pass, pick, protect, rest, vote")


# --- stage 1: the calling order, the Ghosts, the ties --------------------------------------------


def test_stage_1_follows_the_calling_order_from_the_welcome_card() -> None:
    assert refused(nine(steps=[*GUY_DIES, {"seat": "Ada", "vote": "Bo"}])) == (
        4,
        "action.not_your_turn",
    )
    called = (
        "Stage 1 calls the players in this order: Ivy, Jo, Ada, Bo, Cy, Di, Ed, Flo, Guy (Ghost)."
    )
    assert timeline(verdict_of(nine(steps=GUY_DIES)))[-1].endswith(called)


def test_a_votes_step_of_stage_1_may_list_the_voters_in_any_order() -> None:
    # The table wrote the ballots down as they came to mind: the adjudicator casts them
    # in the calling order (Ivy first, after Guy's Welcome card), whatever the order given.
    written = nine(steps=[*GUY_DIES, stage1(Jo="Cy", Ivy="Di")])
    v = verdict_of(written)
    assert v.rejected is None
    (step,) = [p for p in v.played if p.number == 4]
    assert [i["seat"] for i in step.inputs] == [PLAYERS.index("Ivy"), PLAYERS.index("Jo")]
    assert step.text.startswith("Ivy: vote")
    (pending,) = v.standing.pending
    assert (PLAYERS[pending.seat], pending.kind) == ("Ada", "stage1")


def test_an_owl_who_said_nothing_is_declined_before_stage_1_is_sorted_into_calling_order() -> None:
    # Bo holds the Owl and the script never mentions him: when the day's ballots come
    # (out of order), his silence is read first, and then the votes are sorted.
    deal = {**nine()["deal"]["players"], "Bo": "owl"}
    deck = ["owl" if c == "villager" and i == 4 else c for i, c in enumerate(nine()["deck"])]
    doc = nine(deck=deck, deal={"players": deal}, steps=[*GUY_DIES, stage1(Jo="Cy", Ivy="Di")])
    v = verdict_of(doc)
    assert v.rejected is None
    step = v.played[-1]
    assert step.declined == (PLAYERS.index("Bo"),)
    assert [i["seat"] for i in step.inputs] == [1, 7, 8]  # Bo's pass, then Ivy, then Jo


def test_a_stage_1_votes_step_with_a_gap_in_the_calling_order_casts_nothing() -> None:
    # Ivy and Ada vote, but Jo, called between them, does not: Ada's turn never comes.
    v = verdict_of(nine(steps=[*GUY_DIES, stage1(Ada="Cy", Ivy="Di")]))
    assert v.rejected is not None and v.rejected.code == "action.not_your_turn"
    assert not [line for line in v.timeline if line.step == 4], "nothing of the step is cast"
    assert "the table waits for Jo (stage1: vote, mandatory)" in v.rejected.message


def test_a_ghost_names_a_suspect_but_never_speaks() -> None:
    assert refused(nine(steps=[*GUY_DIES, {"seat": "Guy", "say": "Cy did it!"}])) == (
        4,
        "action.cannot_speak",
    )
    v = verdict_of(nine(steps=[*GUY_DIES, *DAY_ONE]))
    ballots = votes(v)[1]["ballots"]
    assert [(b["name"], b["for"]["name"], b["ghost"]) for b in ballots][-2:] == [
        ("Flo", "Bo", False),
        ("Guy", "Ada", True),
    ]
    assert "Guy (Ghost) names Ada (stage 1)." in timeline(v)


def test_a_stage_1_tie_goes_to_the_first_met_clockwise_from_the_holder_wrapping_around() -> None:
    v = verdict_of(nine(steps=[*GUY_DIES, *DAY_ONE]))
    day = votes(v)[1]
    assert day["vote"] == "stage1"
    assert day["holder"] == {"seat": 6, "name": "Guy"}
    assert names(day["order"]) == ["Ivy", "Jo", "Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Guy"]
    assert [(c["for"]["name"], c["votes"]) for c in day["counts"]] == [
        ("Cy", 3),
        ("Jo", 2),
        ("Ada", 2),
        ("Bo", 1),
        ("Di", 1),
    ]
    assert names(day["tied"]) == ["Jo", "Ada"]  # Jo, seat 8, before Ada, seat 0
    assert names(day["leaders"]) == names(day["suspects"]) == ["Cy", "Jo"]
    assert day["outcome"] == {"kind": "clockwise", "player": None, "by": None}
    assert (
        "Stage 1 count: Cy 3, Jo 2, Ada 2, Bo 1, Di 1; a tie between Jo and Ada at 2 votes: "
        "Jo is met first going clockwise from Guy, who holds the Welcome card. "
        "The two most named: Cy and Jo."
    ) in timeline(v)


def test_before_anyone_holds_the_welcome_card_the_count_starts_at_seat_0() -> None:
    steps = [
        *night("Cy", cy="Flo", ivy="Flo"),  # the Werehamster cannot be killed: nobody dies
        stage1(Ada="Cy", Bo="Jo", Cy="Bo", Di="Cy", Ed="Cy", Flo="Jo", Guy="Bo", Ivy="Ed", Jo="Di"),
    ]
    v = verdict_of(nine(steps=steps))
    day = votes(v)[1]
    assert day["holder"] is None
    assert names(day["tied"]) == ["Bo", "Jo"]
    assert names(day["suspects"]) == ["Cy", "Bo"]
    assert v.story is not None
    assert v.story["dawns"][0] == {
        "when": {"phase": "night", "number": 1},
        "deaths": [],
        "attacked": {"seat": 5, "name": "Flo"},
        "saved": "werehamster",
    }
    text = render(v)
    assert "going clockwise from seat 0 (nobody held the Welcome card)" in text
    assert "The pack's attack on Flo fails: the Werewolves cannot kill the Werehamster." in text
    assert "Dawn: nobody died; nobody holds the Welcome card yet." in text


# --- stage 2 -------------------------------------------------------------------------------------


def test_a_stage_2_tie_lynches_the_suspect_met_first_clockwise() -> None:
    steps = [*GUY_DIES, *DAY_ONE, stage2(Ada="Cy", Bo="Jo", Di="Cy", Ed="Cy", Flo="Jo", Ivy="Jo")]
    v = verdict_of(nine(steps=steps))
    day = votes(v)[2]
    assert day["vote"] == "stage2"
    assert names(day["candidates"]) == ["Cy", "Jo"]
    assert [(c["for"]["name"], c["votes"]) for c in day["counts"]] == [("Jo", 3), ("Cy", 3)]
    assert day["outcome"] == {"kind": "clockwise", "player": {"seat": 8, "name": "Jo"}, "by": None}
    assert deaths(v)[-1] == ("Jo", "lynched", None, "day 1")
    assert (
        "Stage 2, revealed together: Ada for Cy; Bo for Jo; Di for Cy; Ed for Cy; Flo for Jo; "
        "Ivy for Jo. Count: Jo 3, Cy 3; a tie between Jo and Cy: Jo is met first going "
        "clockwise from Guy, who holds the Welcome card -> Jo is lynched."
    ) in render(v)


def test_stage_2_ballots_are_secret_until_revealed_together() -> None:
    steps = [*GUY_DIES, *DAY_ONE, stage2(Ada="Cy", Bo="Jo")]
    v = verdict_of(nine(steps=steps))
    assert learned(v, "Bo")[-1] == "Bo voted in secret to lynch Jo."
    assert not [line for line in v.timeline if line.kind == "votes_revealed"]
    assert votes(v)[2]["outcome"] is None
    assert "Stage 2: the secret ballots are not all in yet." in render(v)
    assert {PLAYERS[p.seat] for p in v.standing.pending} == {"Di", "Ed", "Flo", "Ivy"}


def test_a_stage_2_ballot_for_someone_not_suspected_is_refused_whole() -> None:
    steps = [*GUY_DIES, *DAY_ONE, stage2(Ada="Cy", Bo="Ada")]
    v = verdict_of(nine(steps=steps))
    assert v.rejected is not None
    assert (v.rejected.number, v.rejected.code) == (7, "action.illegal")
    assert v.rejected.message == "Bo cannot 'vote Ada' now; legal: vote Cy; vote Jo"
    assert len(v.standing.pending) == 6  # nobody voted, not even Ada


def test_only_a_suspect_who_has_not_rested_speaks_and_nobody_speaks_in_stage_2() -> None:
    before = [*GUY_DIES, DAY_ONE[0]]
    assert refused(nine(steps=[*before, {"seat": "Ada", "say": "Me too!"}])) == (
        5,
        "action.cannot_speak",
    )
    v = verdict_of(nine(steps=[*before, {"seat": "Jo", "say": "I am no Werewolf."}]))
    assert v.rejected is None
    rested = [*before, {"seat": "Jo", "do": "rest"}, {"seat": "Jo", "say": "One more thing"}]
    assert refused(nine(steps=rested)) == (6, "action.cannot_speak")
    silent = [*GUY_DIES, *DAY_ONE, {"seat": "Ada", "say": "I vote Cy"}]
    assert refused(nine(steps=silent)) == (7, "action.cannot_speak")


# --- chance by name ---------------------------------------------------------------------------------


def tied_pack(tiebreak: Any) -> dict[str, Any]:
    return nine(steps=night("Cy", cy="Guy", ivy="Jo"), chance={"tiebreak": tiebreak})


@pytest.mark.parametrize(
    ("tiebreak", "victim"), [(["Jo"], "Jo"), ("guy", "Guy"), ([0], "Guy"), (1, "Jo")]
)
def test_a_tied_pack_is_drawn_as_the_script_says(tiebreak: Any, victim: str) -> None:
    v = verdict_of(tied_pack(tiebreak))
    pack = votes(v)[0]
    assert (pack["vote"], names(pack["tied"])) == ("pack", ["Guy", "Jo"])
    assert pack["outcome"] == {
        "kind": "drawn",
        "player": {"seat": PLAYERS.index(victim), "name": victim},
        "by": None,
    }
    assert deaths(v) == [(victim, "devoured", None, "night 1")]
    assert f"The pack's vote was tied between Guy and Jo; the draw chose {victim}." in learned(
        v, "Cy"
    )


def test_a_tiebreak_naming_someone_not_tied_is_refused() -> None:
    err = script_error(tied_pack(["Ada"]))
    assert (err.code, err.message) == (
        "chance.bad_outcome",
        "step 3: 'tiebreak' names Ada, who is not among the tied (Guy and Jo)",
    )
    with pytest.raises(ScriptError) as caught:
        parse_script(tied_pack(["Zed"]))
    assert caught.value.code == "script.unknown_player"


def two_deaths(welcome: Any) -> dict[str, Any]:
    """Di points at Flo, the Werehamster, while the pack kills Ed: two deaths at dawn."""
    return nine(steps=night("Flo", cy="Ed", ivy="Ed"), chance={"welcome_card": welcome})


@pytest.mark.parametrize(("welcome", "holder"), [(["Ed"], "Ed"), ("Flo", "Flo"), ([1], "Flo")])
def test_with_two_deaths_the_welcome_card_is_drawn_as_the_script_says(
    welcome: Any, holder: str
) -> None:
    v = verdict_of(two_deaths(welcome))
    assert deaths(v) == [("Ed", "devoured", None, "night 1"), ("Flo", "seen", "Di", "night 1")]
    assert v.story is not None
    (card,) = v.story["welcome_card"]
    assert (card["name"], card["how"], names(card["among"])) == (holder, "drawn", ["Ed", "Flo"])
    assert v.state_extra["welcome_card"] == {"seat": PLAYERS.index(holder), "name": holder}
    order = names(v.state_extra["order"])
    assert order[-1] == holder and order[0] == PLAYERS[(PLAYERS.index(holder) + 1) % 9]
    assert f"The Welcome card is drawn between Ed and Flo: {holder} takes it." in timeline(v)
    assert "Flo (the Werehamster, found by Di, the Seer, night 1)" in render(v)


def test_a_welcome_card_for_someone_who_did_not_die_is_refused() -> None:
    err = script_error(two_deaths(["Guy"]))
    assert (err.code, err.message) == (
        "chance.bad_outcome",
        "step 3: 'welcome_card' names Guy, who is not among the night's dead (Ed and Flo)",
    )


# --- the special characters -------------------------------------------------------------------------

TWELVE = ["Ana", "Bea", "Cid", "Dot", "Eli", "Fin", "Gia", "Hub", "Ike", "Joy", "Kit", "Lou"]
SPECIALS = [
    "villager",
    "werewolf",
    "seer",
    "medium",
    "bodyguard",
    "werewolf",
    "owl",
    "werehamster",
    "mythomaniac",
    "villager",
    "villager",
    "villager",
]
"""By seat: Bea and Fin Werewolves, Cid Seer, Dot Medium, Eli Bodyguard, Gia Owl,
Hub Werehamster, Ike Mythomaniac."""


def twelve(**changes: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "format": "loupgarou-script",
        "version": 1,
        "family": "lupus",
        "players": list(TWELVE),
        "deck": sorted(SPECIALS),
        "deal": {"players": list(SPECIALS)},
        "steps": [],
    }
    doc.update(changes)
    return doc


def everyone(order: list[str], target: str, **others: str) -> dict[str, Any]:
    """A ``votes`` step in which everyone in ``order`` votes for ``target`` unless named."""
    return {"votes": {voter: others.get(voter, target) for voter in order}}


def test_the_deadly_owl_kills_its_pick_and_the_pick_who_died_names_no_suspect() -> None:
    steps = [
        {"seat": "Cid", "do": "look", "players": "Fin"},
        {"seat": "Bea", "do": "kill", "players": "Joy"},
        {"seat": "Fin", "do": "kill", "players": "Joy"},
        {"seat": "Gia", "do": "pick", "players": "Kit"},
    ]
    order = ["Lou", *TWELVE[:9], "Joy", "Kit"]  # Kit holds the card: Lou is called first
    doc = twelve(
        steps=[*steps, everyone(order, "Fin", Fin="Cid")],
        options={"deadly_owl": "always"},
        chance={"welcome_card": "Kit"},
    )
    v = verdict_of(doc)
    assert deaths(v) == [("Joy", "devoured", None, "night 1"), ("Kit", "owl", "Gia", "night 1")]
    day = votes(v)[1]
    assert names(day["order"]) == order
    assert (day["owl_pick"], names(day["suspects"])) == (None, ["Fin", "Cid"])
    assert "Kit (picked by Gia, the Deadly Owl, night 1)" in render(v)


def test_the_owls_pick_takes_the_place_of_the_second_suspect() -> None:
    steps = [
        {"seat": "Cid", "do": "pass"},
        {"seat": "Bea", "do": "kill", "players": "Joy"},
        {"seat": "Fin", "do": "kill", "players": "Joy"},
        {"seat": "Gia", "do": "pick", "players": "Bea"},
    ]
    order = [*TWELVE[10:], *TWELVE[:10]]  # Joy holds the card: Kit is called first
    v = verdict_of(twelve(steps=[*steps, everyone(order, "Fin", Fin="Cid", Bea="Cid")]))
    day = votes(v)[1]
    assert names(day["leaders"]) == ["Fin", "Cid"]
    assert (day["owl_pick"]["name"], day["replaced"]["name"]) == ("Bea", "Cid")
    assert names(day["suspects"]) == ["Fin", "Bea"]
    assert "The Owl's pick is revealed: Bea, who takes the place of Cid as a suspect." in (
        timeline(v)
    )
    assert "Cid (Seer) chose not to point at anyone." in learned(v, "Cid")


def test_the_mythomaniac_who_takes_after_the_seer_looks_from_night_3() -> None:
    night_one = [
        {"seat": "Cid", "do": "look", "players": "Fin"},
        {"seat": "Bea", "do": "kill", "players": "Ana"},
        {"seat": "Fin", "do": "kill", "players": "Ana"},
        {"seat": "Gia", "do": "pass"},
    ]
    order = [*TWELVE[1:], "Ana"]
    day_one = [
        everyone(order, "Fin", Fin="Kit"),
        {"seat": "Fin", "do": "rest"},
        {"seat": "Kit", "do": "rest"},
        everyone([p for p in TWELVE if p not in ("Ana", "Fin", "Kit")], "Fin"),
    ]
    night_two = [
        {"seat": "Cid", "do": "look", "players": "Bea"},
        {"seat": "Eli", "do": "protect", "players": "Cid"},
        {"seat": "Bea", "do": "kill", "players": "Lou"},
        {"seat": "Gia", "do": "pass"},
        {"seat": "Ike", "do": "choose", "players": "Cid"},
    ]
    order = list(TWELVE)  # Lou (seat 11) holds the card: Ana is called first, Lou last
    day_two = [
        everyone(order, "Bea", Bea="Kit"),
        {"seat": "Bea", "do": "rest"},
        {"seat": "Kit", "do": "rest"},
        everyone(["Cid", "Dot", "Eli", "Gia", "Hub", "Ike", "Joy"], "Kit"),
    ]
    night_three = [
        {"seat": "Cid", "do": "look", "players": "Bea"},
        {"seat": "Ike", "do": "look", "players": "Hub"},
    ]
    steps = [*night_one, *day_one, *night_two, *day_two, *night_three]
    v = verdict_of(twelve(steps=steps))
    assert v.rejected is None, v.rejected
    assert learned(v, "Ike")[-4:] == [
        "Ike (Mythomaniac) chose Cid.",
        "Ike (Mythomaniac) now plays as a Seer.",
        "Ike voted in secret to lynch Kit.",
        "Ike (Seer, dealt the Mythomaniac) pointed at Hub: not a Werewolf.",
    ]
    assert (
        learned(v, "Dot")[-1] == "Dot (Medium) learned that Kit, lynched last, was not a Werewolf."
    )
    assert v.story is not None
    assert v.story["mythomaniac"] == {
        "when": {"phase": "night", "number": 2},
        "by": {"seat": 8, "name": "Ike"},
        "player": {"seat": 2, "name": "Cid"},
        "became": "seer",
    }
    assert [(a["by"]["name"], a["player"]["name"], a["werewolf"]) for a in v.story["seer"]] == [
        ("Cid", "Fin", True),
        ("Cid", "Bea", True),
        ("Cid", "Bea", True),
        ("Ike", "Hub", False),
    ]
    assert [(a["player"]["name"], a["werewolf"]) for a in v.story["medium"]] == [
        ("Fin", True),
        ("Kit", False),
    ]
    assert v.story["dawns"][1]["saved"] is None  # the pack went for Lou, not for Cid
    assert v.state_extra["roles"][8] == "seer"
    assert "Ike holds the Mythomaniac card and now plays as a Seer." in render(v)


def test_the_freemasons_know_each_other_on_night_1() -> None:
    players = [*TWELVE, "Max"]
    deck = ["werewolf", "werewolf", "seer", "freemason", "freemason", *["villager"] * 8]
    deal = ["freemason", "werewolf", "seer", *["villager"] * 4, "freemason", "werewolf"]
    doc = {
        "format": "loupgarou-script",
        "version": 1,
        "family": "lupus",
        "players": players,
        "deck": deck,
        "deal": {"players": [*deal, *["villager"] * 4]},
    }
    v = verdict_of(doc)
    assert v.warnings == ()
    assert (
        learned(v, "Ana")[-1]
        == "Ana and Hub opened their eyes as the Freemasons and know each other."
    )
    assert v.story is not None
    assert names(v.story["freemasons"]) == ["Ana", "Hub"]
    assert "Freemasons: Ana and Hub know each other." in render(v)


# --- timeouts, stopping, what each player knows ---------------------------------------------------


def test_timeouts_apply_the_documented_defaults() -> None:
    steps = [
        {"seat": "Di", "timeout": True},
        {"seat": "Cy", "do": "kill", "players": "Guy"},
        {"seat": "Ivy", "timeout": True},
        {"seat": "Ivy", "timeout": True},
    ]
    v = verdict_of(nine(steps=steps))
    assert [p.text for p in v.played] == [
        "Di did not answer in time (default: do nothing)",
        "Cy: vote to kill Guy",
        "Ivy did not answer in time (default: vote to kill Guy)",
        "Ivy did not answer in time (default: vote for Jo)",
    ]
    assert deaths(v) == [("Guy", "devoured", None, "night 1")]
    assert learned(v, "Di")[-1] == "Di (Seer) chose not to point at anyone."


def test_a_game_stopped_in_stage_1_shows_the_ballots_so_far_and_who_is_called() -> None:
    v = verdict_of(nine(steps=[*GUY_DIES, stage1(Ivy="Di", Jo="Cy", Ada="Jo")]))
    assert v.status == "incomplete"
    (pending,) = v.standing.pending
    assert (PLAYERS[pending.seat], pending.kind) == ("Bo", "stage1")
    extra = v.state_extra
    assert (extra["night"], extra["day"], extra["step"]) == (1, 1, "stage1")
    assert names(extra["ghosts"]) == ["Guy"] and extra["suspects"] == []
    text = render(v)
    assert "Now: day 1, stage 1; the Welcome card: Guy; Ghosts: Guy." in text
    assert "Stage 1 so far: 3 of 9 ballots cast (Ivy for Di; Jo for Cy; Ada for Jo)." in text
    assert (
        "Bo — stage 1: name a suspect, aloud [stage1] (mandatory; if no answer: vote for Cy)"
        in (text)
    )
    assert "Deaths so far: Guy (killed by the Werewolves, night 1)." in text


def test_a_game_stopped_at_night_names_the_call() -> None:
    v = verdict_of(nine(steps=night("Cy", cy="Guy")))
    text = render(v)
    assert "Now: night 1, the Werewolves' call; the Welcome card: nobody yet; Ghosts: none." in text
    assert "The pack's vote: Cy for Guy (not settled yet)." in text
    (pending,) = v.standing.pending
    assert (PLAYERS[pending.seat], pending.kind) == ("Ivy", "werewolves")


def test_a_player_learns_only_what_is_addressed_to_them() -> None:
    result = play(parse_script(nine(steps=[*GUY_DIES, *DAY_ONE, stage2(Ada="Cy")])))
    for k in result.verdict.knowledge:
        private = [e for e in result.match.view(k.seat).events if not e.audience.everyone]
        assert [line.kind for line in k.learned] == [e.kind for e in private]
    v = result.verdict
    assert learned(v, "Di") == [
        "Di looked at their card: Seer.",
        "Di (Seer) pointed at Cy: a Werewolf.",
    ]
    assert learned(v, "Ivy")[1:] == [
        "The pack awake tonight: Cy and Ivy.",
        "Cy (Werewolf) voted to kill Guy.",
        "Ivy (Werewolf) voted to kill Guy.",
        "The pack chose its victim: Guy.",
    ]
    assert learned(v, "Ada")[-1] == "Ada voted in secret to lynch Cy."


def test_the_werewolves_win_at_parity_after_a_lynch() -> None:
    # Night 1 Guy, day 1 Jo (the stage 2 tie), night 2 Ed and Flo, day 2 Di:
    # Cy and Ivy against Ada and Bo.
    steps = [
        *GUY_DIES,
        *DAY_ONE,
        stage2(Ada="Cy", Bo="Jo", Di="Cy", Ed="Cy", Flo="Jo", Ivy="Jo"),
        *night("Flo", cy="Ed", ivy="Ed"),
        stage1(Guy="Cy", Ivy="Di", Jo="Cy", Ada="Di", Bo="Cy", Cy="Di", Di="Cy", Ed="Di", Flo="Di"),
        *defence("Cy", "Di"),
        stage2(Ada="Di", Bo="Cy", Ivy="Di"),
    ]
    v = verdict_of(nine(steps=steps, chance={"welcome_card": "Flo"}))
    assert v.ending is not None
    assert [r.code for r in v.ending.reasons] == ["werewolves.parity"]
    assert [PLAYERS[s] for s in v.ending.winners] == ["Cy", "Ivy"]
    assert "against 2 living humans [werewolves.parity]" in render(v)
    assert deaths(v)[-1] == ("Di", "lynched", None, "day 2")
    assert v.warnings == ()
    assert refused(nine(steps=[*steps, *night(None, cy="Ada")])) == (
        len(steps) + 1,
        "action.game_over",
    )


def test_a_claim_is_told_as_what_the_player_is() -> None:
    """Di says she is the Seer and found Cy; Jo says he is no Werewolf.  The report and the
    story said "claims: dealt the Seer" and "dealt the human" (a Lupus card is never
    dealt anew, and "human" is no card), "saw: Cy's card: Werewolf" (no card is shown in
    Lupus in Tabula), and "human" in a French story."""
    seer = {
        "role": "seer",
        "saw": [{"seat": "Cy", "role": "werewolf"}, {"seat": "Ed", "role": "human"}],
    }
    steps = [*GUY_DIES, {"seat": "Di", "claim": seer}, {"seat": "Jo", "claim": {"role": "human"}}]
    v = verdict_of(nine(steps=steps))
    assert v.rejected is None
    assert [p.text for p in v.played[-2:]] == [
        "Di claims: to be the Seer; saw: Cy: Werewolf, Ed: not a Werewolf",
        "Jo claims: to be human (not a Werewolf)",
    ]
    told = [line.text for line in v.timeline if "claims" in line.text]
    assert told == [
        "Di claims: to be the Seer; saw: Cy: Werewolf, Ed: not a Werewolf.",
        "Jo claims: to be human (not a Werewolf).",
    ]
    fr = play(parse_script(nine(steps=steps), "<test>"), speech_for("lupus", "fr")).verdict
    told = [line.text.replace("\u00a0", " ") for line in fr.timeline if "affirme" in line.text]
    assert told == [
        "Di affirme : être Voyant ; a vu : Cy : Loup-Garou, Ed : pas un Loup-Garou.",
        "Jo affirme : être humain (pas un Loup-Garou).",
    ]

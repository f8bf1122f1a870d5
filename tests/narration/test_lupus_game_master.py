"""The Lupus in Tabula game master, played instantly: a fake clock and the moderator's typed answers."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from loupgarou.core.errors import ScriptError
from loupgarou.core.events import JSON
from loupgarou.engine.record import replay, to_record
from loupgarou.narration import CueKind, Timing, load_locale
from loupgarou.tablemaster import LupusGameMaster, LupusTable
from loupgarou.variants.lupus import Role, default_deck
from tests.narration.fakes import Game, play_at_table

NAMES = ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lea", "Mia")
W, V, S, M, P = Role.WEREWOLF, Role.VILLAGER, Role.SEER, Role.MEDIUM, Role.POSSESSED
B, OWL, F, H, Y = Role.BODYGUARD, Role.OWL, Role.FREEMASON, Role.WEREHAMSTER, Role.MYTHOMANIAC
DECK = (W, W, S, M, P, B, OWL, F, F, H, Y, V, V)
DEAL = (
    "villager, wolf, seer, medium, freemason, bodyguard, wolf, owl, freemason, werehamster, "
    "mythomaniac, possessed, villager"
)
"""Bob and Gus are the Werewolves, Cid the Seer, Dan the Medium, Eve and Ivy the Freemasons,
Fay the Bodyguard, Hal the Owl, Jon the Werehamster, Kim the Mythomaniac, Lea the Possessed."""
OPTIONS: dict[str, JSON] = {"deadly_owl": "always", "discussion_minutes": 1}
TIMING = Timing(
    step_seconds=20,
    announce_seconds=2,
    defence_seconds=30,
    token_seconds=10,
)

NIGHT_1 = ["Gus", "Ann", "none"]  # the Seer reads Gus; the pack kills Ann; the Owl passes
DAY_1 = [
    # Ann (a Ghost) holds the Welcome card: Bob votes first, Ann last.
    *["Lea", "Gus", "Gus", "Cid", "Gus", "Lea", "Cid", "Gus", "Mia", "Dan", "Mia", "Jon", "Hal"],
    # Stage 2 between Gus and Cid, every ballot (Bob, Dan, Eve, Fay, Hal, Ivy, Jon, Kim, Lea,
    # Mia): 5 against 5, so the Welcome card's order lynches Cid, the Seer.
    "Cid, Gus, Gus, Gus, Cid, Gus, Cid, Gus, Cid, Cid",
]
NIGHT_2 = ["Mia", "Eve", "Lea", "Dan"]  # Bodyguard, pack, Owl (deadly), Mythomaniac
DAY_2 = ["Bob", "Bob", "Gus", *["Bob"] * 10, "Bob"]  # from Mia; Bob votes third
NIGHT_3 = ["Dan", "Hal", "Gus"]  # Bodyguard, pack, Owl (a Werewolf: he survives)
DAY_3 = [
    *["Dan", "Dan", "Fay", "Dan", "Fay", "Dan", "Fay", "Dan", "Fay", "Ivy", "Dan", "Fay", "Mia"],
    "Gus",
]
WHOLE_GAME = [DEAL, *NIGHT_1, *DAY_1, *NIGHT_2, *DAY_2, *NIGHT_3, *DAY_3]


def play(
    answers: list[str],
    *,
    deck: tuple[Role, ...] = DECK,
    names: tuple[str, ...] = NAMES,
    language: str = "en",
    options: Mapping[str, JSON] = OPTIONS,
    think: float = 0.0,
) -> Game:
    table = LupusTable(names, deck, load_locale(language, "lupus"), TIMING, dict(options))
    return play_at_table(LupusGameMaster(table, seed=7), answers, think)


@pytest.fixture(scope="module")
def game() -> Game:
    return play(WHOLE_GAME)


def test_a_whole_game_reaches_the_verdict_with_its_reasons(game: Game) -> None:
    outcome = game.match.outcome
    assert outcome is not None and outcome.teams == frozenset({"werehamster"})
    assert game.out.texts[-7:] == [
        # the last lynch makes no Ghost (it said "who joins the Ghosts: no more speaking, and
        # the card stays hidden", then "turn your card face up")
        "The village lynches Gus.",
        "The game is over. Everyone, turn your card face up.",
        "Kim held the Mythomaniac card and played as: Villager.",
        "The Werehamster wins, alone!",
        "No Werewolf is left alive.",
        "The Werehamster is still alive at that moment, and takes the whole victory.",
        "Winners: Jon.",
    ]
    assert game.out.closed and game.speaker.closed


def test_the_night_is_paced_by_the_script_and_the_answers_reach_the_engine(game: Game) -> None:
    lines = game.out.lines
    start = lines.index("Freemasons, open your eyes and look for each other.")
    assert lines[start : start + 9] == [
        "Freemasons, open your eyes and look for each other.",
        "» Freemasons: Eve and Ivy.",
        "Take a good look: from now on, you know whom you can trust.",
        "Freemasons, close your eyes.",
        "Seer, open your eyes.",
        "Point at the player you want me to read. Thumb up: a Werewolf. Thumb down: not a "
        "Werewolf.",
        "? Whom did the Seer (Cid) point at? (a player, or none) Gus",
        "» Show the Seer (Cid) a thumb up: Gus is a Werewolf.",
        "Seer, close your eyes.",
    ]
    assert "» Werewolves: Bob and Gus." in lines
    assert "? Whom did the Werewolves choose to kill? Ann" in lines
    assert "» Show the Medium (Dan) a thumb down: Cid, the last player lynched, was not a " in (
        " ".join(lines)
    )
    assert "» Show the Medium (Dan) a thumb up: Bob, the last player lynched, was a Werewolf." in (
        lines
    )
    assert "» Let the Mythomaniac (Kim) know silently what they play from now on: Villager." in (
        lines
    )
    # The Bodyguard saved Mia on night 2: only the Owl's deadly pick and the pack's victim died.
    assert "Last night, the village lost Eve and Lea." in lines
    kinds = [entry.type for entry in game.match.inputs]
    assert kinds[0] == "chance" and kinds.count("chance") == 2  # the deal, one Welcome draw


def test_a_dead_seer_is_still_called_and_asks_nothing(game: Game) -> None:
    lines = game.out.lines
    nights = [k for k, line in enumerate(lines) if line.startswith("Night falls")]
    assert len(nights) == 3
    for night in nights[1:]:
        assert lines[night + 1 : night + 5] == [
            "Seer, open your eyes.",
            "» Nobody acts at this call: say the words and wait for the call to end.",
            "Point at the player you want me to read. Thumb up: a Werewolf. Thumb down: not "
            "a Werewolf.",
            "Seer, close your eyes.",
        ]


def test_every_night_call_lasts_the_same_time_dead_holder_or_not(game: Game) -> None:
    shown = game.out.shown
    durations: dict[str, set[float]] = {}
    for k, (elapsed, _, cue) in enumerate(shown):
        if cue.kind is CueKind.WAKE:
            call = (CueKind.ACTION, CueKind.SLEEP)
            end = next(t for t, _, c in shown[k + 1 :] if c.kind not in call)
            durations.setdefault(cue.step, set()).add(end - elapsed)
    assert set(durations) == {
        "freemasons",
        "seer",
        "medium",
        "bodyguard",
        "werewolves",
        "owl",
        "mythomaniac",
    }
    assert all(lengths == {20.0} for lengths in durations.values()), durations


def test_stage_1_calls_every_voter_in_turn_after_the_welcome_card_ghosts_included(
    game: Game,
) -> None:
    asked = [q.removeprefix("Whom does ") for q in game.prompter.asked if "vote for" in q]
    first_day = [q.removesuffix(" vote for?") for q in asked[:13]]
    assert first_day == [*NAMES[1:], "Ann"]
    second_day = [q.removesuffix(" vote for?") for q in asked[13:26]]
    assert second_day == ["Mia", *NAMES[:12]]
    lines = game.out.lines
    assert "» Stage 1 order: Bob, Cid, Dan, Eve, Fay, Gus, Hal, Ivy, Jon, Kim, Lea, Mia, Ann." in (
        lines
    )
    call = lines.index("Bob, your vote.")
    assert lines[call + 1] == "? Whom does Bob vote for? Lea"


def test_the_welcome_card_goes_to_the_dead_and_moves(game: Game) -> None:
    texts = game.out.texts
    given = [t for t in texts if "Welcome card" in t and "Stage 1" not in t]
    assert given == [
        "Ann takes the Welcome card.",
        "Chance gives the Welcome card to Lea.",
        "Hal takes the Welcome card.",
    ]
    assert "» Hand a Ghost card to Eve and Lea." in game.out.lines


def test_ties_go_to_the_first_player_clockwise_from_the_welcome_card(game: Game) -> None:
    texts = game.out.texts
    assert "Votes: Gus 4, Cid 2, Lea 2, Mia 2, Dan 1, Hal 1, Jon 1." in texts
    tie = "Cid, Lea and Mia are tied with 2 votes; counting clockwise from Bob, Cid comes first."
    assert tie in texts
    assert "The suspects are Gus and Cid." in texts
    at = texts.index("Votes: Cid 5, Gus 5.")
    assert texts[at + 1 : at + 3] == [
        "A tie: counting clockwise from Bob, Cid comes first.",
        "The village lynches Cid, who joins the Ghosts: no more speaking, and the card stays "
        "hidden.",
    ]


def test_the_suspects_defend_themselves_then_the_secret_stage_2(game: Game) -> None:
    lines = game.out.lines
    at = lines.index("The suspects are Gus and Cid.")
    assert lines[at + 1 : at + 10] == [
        "» Put the paw-print clue in front of Gus and the tuft-of-fur clue in front of Cid.",
        "Gus, you are a suspect: you have 30 seconds to plead your case.",
        "Cid, you are a suspect: you have 30 seconds to plead your case.",
        "Stage 2, in silence. Everyone alive but Gus and Cid: lay your vote token down with the "
        "side for the player you want lynched against the table (the paw print for Gus, the "
        "tuft of fur for Cid), and keep your hand on it.",
        "3…",
        "2…",
        "1…",
        "Turn your tokens over: show your votes!",
        "? Stage 2 result: the suspect lynched, or every ballot in this order: Bob, Dan, Eve, "
        "Fay, Hal, Ivy, Jon, Kim, Lea, Mia Cid, Gus, Gus, Gus, Cid, Gus, Cid, Gus, Cid, Cid",
    ]
    defence = [t for t, _, c in game.out.shown if c.kind is CueKind.DEFENCE]
    assert len(defence) == 6


def test_the_owls_pick_replaces_the_second_suspect(game: Game) -> None:
    texts = game.out.texts
    at = texts.index("Votes: Dan 6, Fay 5, Ivy 1, Mia 1.")
    assert texts[at + 1 : at + 3] == [
        "Last night, the Owl pointed at Gus, who becomes a suspect in place of Fay.",
        "The suspects are Dan and Gus.",
    ]


def test_the_discussion_is_timed_before_each_stage_1(game: Game) -> None:
    texts = game.out.texts
    opening = "You have one minute to talk it over and unmask the Werewolves."
    assert sum(t.startswith(opening) for t in texts) == 3
    assert game.out.ticks[0][1] == 60  # the discussion counts down to "Time is up"


def test_only_cues_and_news_are_spoken(game: Game) -> None:
    said = game.speaker.said
    assert "Gus, your vote." in said
    assert not any("thumb" in text.lower() and "Show" in text for text in said)
    assert not any(text.startswith(("Whom", "Stage 1 order", "Hand a")) for text in said)


def test_the_record_of_a_table_game_replays(game: Game) -> None:
    again = replay(to_record(game.match))
    assert again.outcome == game.match.outcome
    assert again.events == game.match.events


def test_bad_answers_are_refused_with_a_message_and_change_nothing(game: Game) -> None:
    noisy = [
        "wolf, wolf, wolf",  # the deck holds two Werewolves
        DEAL,
        "Cid",  # the Seer cannot read her own card
        "Gus",
        "Bob",  # the pack cannot kill one of its own
        "none",  # the pack must kill someone
        "Ann",
        "none",
        "Bob",  # Bob cannot vote for himself
        *DAY_1[:-1],
        "Ann",  # Ann is no suspect
        "Cid Gus",  # two ballots for ten voters
        DAY_1[-1],
        "Mia",
        "Eve",
        "Lea",
        "Kim",  # the Mythomaniac points at another player
        *NIGHT_2[3:],
        *DAY_2,
        *NIGHT_3,
        *DAY_3,
    ]
    again = play(noisy)
    assert again.match.inputs == game.match.inputs
    notes = again.out.notes
    said = " ".join(notes)
    assert "No Werewolf card is left to deal; cards still to deal: Werewolf ×2, Seer, " in said
    assert "Cid cannot be chosen here; you may choose: Ann, Bob, Dan, Eve, Fay, Gus, " in said
    assert any(n.startswith("Bob cannot be chosen here") for n in notes)
    assert any(n.startswith("'none' is not a player") for n in notes)
    assert any(n.startswith("Ann cannot be chosen here; you may choose: Cid, Gus") for n in notes)
    assert "Give one suspect (everyone voted for that player), or 10 ballots (one per " in said
    assert any(n.startswith("Kim cannot be chosen here") for n in notes)


def test_a_stage_2_result_stands_for_every_ballot() -> None:
    game = play(WHOLE_GAME)
    ballots = [e for e in game.match.events if e.kind == "votes_revealed"]
    assert [b.data["counts"] for b in ballots] == [
        [[2, 5], [6, 5]],
        [[1, 7], [6, 0]],
        [[3, 0], [6, 5]],
    ]


def test_a_stage_2_result_is_announced_without_a_count_nobody_saw(game: Game) -> None:
    """Given the lynched suspect alone (days 2 and 3), the game master recorded every ballot
    for that suspect; it used to read that count out ("Votes: Bob 7, Gus 0."), which the
    tokens turned over on the table could belie.  It says the lynch; a count given ballot by
    ballot (day 1) is still read."""
    texts = game.out.texts
    assert "Votes: Cid 5, Gus 5." in texts
    assert not [t for t in texts if t in ("Votes: Bob 7, Gus 0.", "Votes: Gus 5, Dan 0.")]
    assert (
        "The village lynches Bob, who joins the Ghosts: no more speaking, and the card stays "
        "hidden." in texts
    )


def test_the_end_of_the_input_is_an_error() -> None:
    with pytest.raises(ScriptError) as err:
        play(WHOLE_GAME[:5])
    assert err.value.code == "narrate.input_ended"


# --- in French: the Mythomaniac joins the pack, who win at that dawn ----------------------------

FR_NAMES = NAMES[:9]
FR_DECK = tuple(Role(r) for r in default_deck(9, ["mythomaniac"]))
FR_GAME = [
    "villageois, loup, voyant, villageois, villageois, villageois, loup, villageois, mythomane",
    "Bob",  # the Seer (Cid) reads Bob
    "Cid",  # the pack kills the Seer
    *["Ann", "Ann", "Dan", "Ann", "Dan", "Ann", "Dan", "Dan", "Eve"],  # from Dan to Cid
    "Ann",
    "Dan",  # night 2: the pack kills Dan
    "Gus",  # the Mythomaniac (Ivy) points at a Werewolf
]


def test_a_french_game_where_the_mythomaniac_becomes_a_werewolf() -> None:
    game = play(FR_GAME, deck=FR_DECK, names=FR_NAMES, language="fr", options={})
    assert "Vous avez 3 minutes pour en discuter" in " ".join(game.out.texts)
    outcome = game.match.outcome
    assert outcome is not None and outcome.teams == frozenset({"werewolves"})
    assert outcome.winners == frozenset({1, 6, 8})
    lines = game.out.lines
    assert "» Montrez à Cid (Voyant) un pouce levé\u00a0: Bob est Loup-Garou." in lines
    assert "» Faites savoir en silence à Ivy (Mythomane) son rôle désormais\u00a0: Loup-Garou." in (
        lines
    )
    assert "Les suspects sont Dan et Ann." in lines  # 4 votes each: Dan comes first
    assert game.out.texts[-7:] == [
        "Cette nuit, le village a perdu Dan.",
        "Dan reçoit la carte Bienvenue.",  # even at the dawn that ends the game (§3.3)
        "La partie est terminée. Retournez tous votre carte.",
        "Ivy avait la carte Mythomane et jouait comme\u00a0: Loup-Garou.",
        "Les Loups-Garous gagnent\u00a0!",
        "Les Loups-Garous sont au moins aussi nombreux que les humains encore en vie.",
        "Gagnants\u00a0: Bob, Gus et Ivy.",
    ]

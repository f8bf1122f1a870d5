"""The Thiercelieux game master, played instantly: a fake clock and the narrator's typed answers."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from loupgarou.core.errors import ScriptError
from loupgarou.core.events import JSON
from loupgarou.engine.record import replay, to_record
from loupgarou.narration import CueKind, Timing, load_locale, load_theme
from loupgarou.tablemaster import GameMaster, Table
from loupgarou.variants.thiercelieux.roles import Role
from tests.narration.fakes import Game, play_at_table

NAMES = ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal")
W, V, S, WI, H = Role.WEREWOLF, Role.VILLAGER, Role.SEER, Role.WITCH, Role.HUNTER
C, T, LG = Role.CUPID, Role.THIEF, Role.LITTLE_GIRL
DECK = (W, W, S, WI, H, V, V, V)
DEAL = "wolf, seer, villager, wolf, witch, hunter, villager, villager"
"""Ann and Dan are the Werewolves, Bob the Seer, Eve the Witch, Fay the Hunter."""
TIMING = Timing(step_seconds=20, discussion_seconds=90, election_seconds=30, announce_seconds=2)


def play(
    answers: list[str],
    *,
    deck: tuple[Role, ...] = DECK,
    names: tuple[str, ...] = NAMES,
    language: str = "en",
    options: Mapping[str, JSON] | None = None,
    think: float = 0.0,
    theme: str | None = None,
) -> Game:
    locale = load_locale(language, "thiercelieux")
    if theme is not None:
        locale = load_theme(theme).apply(locale)
    table = Table(names, deck, locale, TIMING, dict(options or {}))
    return play_at_table(GameMaster(table, seed=7), answers, think)


# The shortest whole game: the Seer finds Dan, the pack devours Fay (the Hunter), who
# shoots Ann; Bob is elected Captain and the village lynches Dan.
WHOLE_GAME = [DEAL, "Dan", "", "Fay", "n", "none", "Ann", "Bob", "Dan"]


def test_a_whole_game_reaches_the_verdict_with_its_reasons() -> None:
    game = play(WHOLE_GAME)
    outcome = game.match.outcome
    assert outcome is not None and outcome.teams == frozenset({"village"})
    said = game.out.texts
    assert said[-4:] == [
        "The game is over. Everyone, turn your card face up.",
        "The village wins!",
        "All the Werewolves are dead.",
        "Winners: Bob, Cid, Eve, Fay, Gus and Hal.",
    ]
    assert "Last night, the village lost Fay." in said
    assert "Fay turns over their card: Hunter." in said
    assert "Fay fires a last shot, at Ann." in said
    assert "Bob is the Captain." in said
    assert "The village lynches Dan." in said
    assert game.out.closed and game.speaker.closed


def test_the_game_is_paced_by_the_script_and_every_answer_reaches_the_engine() -> None:
    game = play(WHOLE_GAME)
    lines = game.out.lines
    seer = lines.index("Seer, open your eyes.")
    assert lines[seer : seer + 4] == [
        "Seer, open your eyes.",
        "Point at the player whose card you want to see, and I will show it to you.",
        "? Whose card did the Seer ask to see? (a player, or none) Dan",
        "» Show the Seer the card of Dan: Werewolf.",
    ]
    assert "» Werewolves: Ann and Dan." in lines
    assert "» Show the Witch (Eve) tonight's victim: Fay." in lines
    kinds = [entry.type for entry in game.match.inputs]
    assert kinds[0] == "chance" and kinds.count("action") == 1 + 2 + 2 + 1 + 1 + 6 + 6
    night = 5 + 3 * 20 + 4  # nightfall, three calls, dawn
    dawn_news = 5 * 2  # Fay died, her card, the Hunter's call, the shot, Ann's card
    election = 30 + 4 + 3 + 5 + 2  # the speeches, get ready, 3 2 1, vote, the result
    lynch = 90 + 4 + 3 + 5  # the discussion, get ready, 3 2 1, vote
    end = 6 * 2  # lynched, the card, the game is over, the winner, the reason, the winners
    assert game.clock.elapsed == night + dawn_news + election + lynch + end


def test_the_record_of_a_table_game_replays() -> None:
    game = play(WHOLE_GAME)
    again = replay(to_record(game.match))
    assert again.outcome == game.match.outcome
    assert again.events == game.match.events


def test_a_bad_answer_is_refused_with_a_message_and_asked_again() -> None:
    clean = play(WHOLE_GAME)
    noisy = play(
        [
            DEAL,
            "Zed",  # nobody is called Zed
            "Bob",  # the Seer cannot look at her own card
            "Dan",
            "Cid",  # Cid is no Werewolf: he cannot have stayed asleep among them
            "",
            "Fay",
            "maybe",
            "n",
            "none",
            "Fay",  # the dead Hunter cannot shoot himself
            "Ann",
            "Bob Cid",  # two ballots for six voters
            "Bob",
            "Dan",
        ]
    )
    # Nothing of the refused answers reached the engine.
    assert [e.to_json() for e in noisy.match.inputs] == [e.to_json() for e in clean.match.inputs]
    assert noisy.out.notes == [
        *clean.out.notes[:1],
        "'Zed' is not a player: type a seat number from 1 to 8 or a name "
        "(Ann, Bob, Cid, Dan, Eve, Fay, Gus, Hal).",
        "Bob cannot be chosen here; you may choose: Ann, Cid, Dan, Eve, Fay, Gus, Hal, -.",
        *clean.out.notes[1:3],
        "Cid cannot be chosen here; you may choose: Ann, Dan.",
        *clean.out.notes[3:4],
        "Answer y (yes) or n (no).",
        "Fay cannot be chosen here; you may choose: Ann, Bob, Cid, Dan, Eve, Gus, Hal, -.",
        "Give one player (the result), or 6 ballots (one per voter, in order).",
        *clean.out.notes[4:],
    ]
    seer = "Whose card did the Seer ask to see? (a player, or none)"
    assert noisy.prompter.asked.count(seer) == 3
    assert noisy.prompter.asked[1:4] == [seer] * 3


def test_a_wrong_werewolf_is_refused_when_saying_who_slept() -> None:
    game = play([DEAL, "Dan", "Bob", "ann", "y", "", "Fay", "n", "none", "Ann", "Bob", "Dan"])
    assert "Bob cannot be chosen here; you may choose: Ann, Dan." in game.out.notes
    # "ann" stayed asleep, then the narrator changed their mind: nothing was applied
    assert game.match.outcome is not None


def test_the_deal_is_checked_against_the_deck() -> None:
    game = play(
        [
            "wolf, wolf, wolf",  # only two Werewolf cards
            "dragon",
            "wolf, seer, villager, wolf, witch, hunter, villager, villager, villager",
            "loup-garou, voyante, vil, LOUP, sorcière, chasseur, villageois, villageois",
            *WHOLE_GAME[1:],
        ]
    )
    notes = game.out.notes
    assert "No Werewolf card is left to deal; cards still to deal: " in notes[1]
    assert notes[2].startswith("'dragon' is not a card of this game")
    assert notes[3] == "That is 9 cards for 8 seats left."
    assert game.match.outcome is not None


def test_a_call_lasts_as_long_whether_or_not_anyone_acts_in_it() -> None:
    # Night 1 the pack devours Bob, the Seer; night 2 the Seer's call is still there,
    # and lasts as long as the others.
    game = play(
        [DEAL, "Dan", "", "Bob", "n", "none", "Eve", "Cid", "", "Gus", "n", "Ann", "Dan"],
    )
    wakes = [(t, c) for t, _, c in game.out.shown if c.kind is CueKind.WAKE]
    second_night = wakes[3:]
    assert [c.step for _, c in second_night] == ["seer", "werewolves", "witch"]
    assert second_night[1][0] - second_night[0][0] == 20
    assert second_night[2][0] - second_night[1][0] == 20
    assert "» Nobody acts at this call: say the words and wait for the call to end." in (
        game.out.lines
    )


def test_a_slow_answer_lengthens_its_own_call_and_nothing_else() -> None:
    game = play(WHOLE_GAME, think=30)
    shown = [(t, c) for t, _, c in game.out.shown]
    night = [(t, c) for t, c in shown if c.step in ("seer", "werewolves", "witch")]
    starts = {c.step: t for t, c in night if c.kind is CueKind.WAKE}
    sleeps = {c.step: t for t, c in night if c.kind is CueKind.SLEEP}
    # The Seer's answer took 30 s from the action cue (at +4): the call ends 34 + 4 s in.
    assert sleeps["seer"] - starts["seer"] == 34
    assert starts["werewolves"] - sleeps["seer"] == 4  # the sleep cue keeps its length


def test_the_narrators_notes_and_questions_are_never_read_aloud() -> None:
    game = play(WHOLE_GAME)
    said = " ".join(game.speaker.said)
    for note in game.out.notes:
        assert note not in said
    assert "Dan: Werewolf" not in said
    for question in game.prompter.asked:
        assert question not in said
    assert game.speaker.said == game.out.texts


def test_thief_cupid_lovers_little_girl_poison_and_the_hunter() -> None:
    deck = (W, W, W, S, WI, H, C, T, LG, V, W, V)
    names = (*NAMES, "Ivy", "Jon")
    game = play(
        [
            "thief, wolf, wolf, seer, witch",
            "hunter, cupid, little girl, villager, villager",
            "2",  # both set-aside cards are Werewolves: the Thief (Ann) must take one
            "Ann, Eve",  # Cupid's Lovers: a Werewolf and the Witch
            "Ivy",
            "Cid",  # Cid stayed asleep ...
            "Cid",  # ... and the awake pack devours him
            "y",  # the Little Girl (Hal) peeked
            "n",  # unnoticed
            "n",  # the Witch does not heal Cid
            "Gus",  # but poisons Cupid
            "Dan",  # day 1: Dan is elected Captain
            "Bob Ann Ann Ann Ann Ann Ann Ann",  # every ballot: Ann is lynched (Eve grieves)
            "Jon",  # night 2
            "",
            "Fay",  # the last Werewolf, Bob, devours the Hunter ...
            "n",
            "Bob",  # ... who shoots him
        ],
        deck=deck,
        names=names,
    )
    lines = game.out.lines
    assert "» Set aside, face down: Werewolf, Werewolf." in lines
    assert "» Show the Thief (Ann) the two set-aside cards: 1. Werewolf, 2. Werewolf." in lines
    assert "? The Thief's choice (both are Werewolves, one must be taken): 1 or 2? 2" in lines
    assert "» Ann is now the Werewolf; the Thief card is set aside." in lines
    assert "» Touch the heads of Ann and Eve." in lines
    assert "» Werewolves: Ann, Bob and Cid." in lines
    assert "» Little Girl: Hal." in lines
    assert "» The Little Girl (Hal) saw the Werewolves unnoticed." in lines
    assert "» Show the Witch (Eve) tonight's victim: Cid." in lines
    said = game.out.texts
    assert "Last night, the village lost Cid and Gus." in said
    assert "Heartbroken, Eve follows Ann into death." in said
    assert "Fay fires a last shot, at Bob." in said
    assert said[-6:] == [
        "The game is over. Everyone, turn your card face up.",
        "The cards set aside were: Werewolf, Thief.",
        "The Lovers were Ann and Eve.",
        "The village wins!",
        "All the Werewolves are dead.",
        "Winners: Dan, Fay, Gus, Hal, Ivy and Jon.",
    ]
    assert replay(to_record(game.match)).events == game.match.events


def test_a_caught_little_girl_is_shown_to_the_witch_who_may_heal_her() -> None:
    deck = (W, W, S, WI, H, C, LG, V, V, V)
    names = (*NAMES, "Ivy", "Jon")
    game = play(
        [
            "wolf, wolf, seer, witch, hunter, cupid, little girl, villager, villager, villager",
            "Ivy, Jon",
            "none",
            "",
            "Hal",  # the pack chooses Hal ...
            "y",
            "y",  # ... but catches the Little Girl (Gus), who dies in Hal's place ...
            "y",  # ... unless the Witch heals her: she does
            "none",
            "Cid",
            "Ann",
            "Bob",  # night 2
            "",
            "Eve",
            "n",
            "none",  # the Witch has used her healing potion: only the poison is asked
            "Bob",
        ],
        deck=deck,
        names=names,
    )
    lines = game.out.lines
    assert (
        "» The Little Girl (Gus) was caught, and becomes the victim in place of anyone the "
        "Werewolves chose." in lines
    )
    assert "» Show the Witch (Dan) tonight's victim: Gus." in lines
    assert "? Did the Witch heal Gus? (y/n) y" in lines
    assert "Nobody died last night." in game.out.texts
    assert game.prompter.asked.count("Did the Witch heal Eve? (y/n)") == 0
    assert game.match.outcome is not None


def test_the_pack_may_devour_one_of_its_two_awake_members() -> None:
    game = play([DEAL, "Cid", "", "Dan", "n", "none", "Bob", "Ann"])
    said = game.out.texts
    assert "Last night, the village lost Dan." in said
    assert "Dan turns over their card: Werewolf." in said
    assert replay(to_record(game.match)).events == game.match.events


def test_a_lone_awake_werewolf_is_refused_as_his_own_victim() -> None:
    game = play([DEAL, "Cid", "Dan", "Ann", "Gus", "n", "Dan", "Bob", "Ann"])
    assert "Ann cannot be chosen here; you may choose: Bob, Cid, Dan, Eve, Fay, Gus, Hal, -." in (
        game.out.notes
    )
    assert "Last night, the village lost Dan and Gus." in game.out.texts


def test_when_no_werewolf_wakes_they_starve_and_the_night_stops() -> None:
    game = play([DEAL, "none", "Ann, Dan", "n", "Ann Dan", "y"])
    said = game.out.texts
    assert "Witch, open your eyes." not in said
    assert said[said.index("Morning comes. Everyone, open your eyes.") + 1] == (
        "Not one of the Werewolves woke up last night: hunger took them all."
    )
    assert "The Werewolves starved." in said
    assert "» None of the Werewolves opened their eyes: they starve, and the village wins." in (
        game.out.lines
    )


def test_a_lynch_tie_the_captain_did_not_vote_in_is_his_to_settle() -> None:
    game = play(
        [
            *(DEAL, "Dan", "", "Cid", "n", "none", "Gus"),
            # Ann Bob Dan Eve Fay Gus Hal vote; Gus (Captain, x2) votes for Hal: Ann 3, Dan 3
            *("Dan Ann Ann Dan Dan Hal Ann", "Dan"),
            *("Eve", "", "Bob", "n", "Ann"),
        ],
    )
    said = game.out.texts
    assert (
        "Ann and Dan are tied. Gus, as the Captain, choose which of them the village lynches."
        in said
    )
    assert "Gus, the Captain, settles the tie." in said
    assert "The village lynches Dan." in said


def test_without_a_captain_a_tie_is_revoted_and_a_second_tie_spares_everyone() -> None:
    # Ann Bob Dan Eve Fay Hal vote: Ann 3, Dan 3, twice.
    tie = "Dan Ann Ann Dan Dan Ann"
    game = play(
        [DEAL, "Dan", "", "Cid", "n", "Gus", tie, tie, "Hal", "", "Fay", "n", "Ann", "Dan"],
        options={"captain": False},
    )
    said = game.out.texts
    revote = said.index("Ann and Dan are tied. Vote again, for one of them only.")
    assert said[revote + 1 : revote + 6] == [
        "3…",
        "2…",
        "1…",
        "Vote!",
        "Tied again: nobody is lynched today.",
    ]
    assert "Captain" not in " ".join(said)
    assert said[-3] == "The village wins!"


def test_the_result_of_a_vote_is_refused_when_it_cannot_win_outright() -> None:
    deck = (W, S, V, V, V)
    names = NAMES[:5]
    game = play(
        [
            "wolf, seer, villager, villager, villager",
            "Ann",
            "",
            "Cid",
            "Ann",  # Ann is elected Captain
            "Eve",  # the village lynches Eve
            "Ann",
            "",
            "none",  # night 2: the pack spares everyone; Ann (Captain), Bob and Dan are alive
            "Ann",  # Ann cannot vote for herself: her double ballot ties
            "Bob Ann Ann",
        ],
        deck=deck,
        names=names,
    )
    assert (
        "Ann would not win outright, since some voters cannot vote for them: type every "
        "ballot instead." in game.out.notes
    )
    outcome = game.match.outcome
    assert outcome is not None and outcome.teams == frozenset({"werewolves"})


def test_a_dead_captain_names_a_successor() -> None:
    game = play(
        [
            *(DEAL, "Dan", "", "Cid", "n", "none", "Gus", "Hal"),
            # night 2: the pack devours Gus, the Captain, and the Witch poisons Dan
            *("Ann", "", "Gus", "n", "Dan", "Eve", "Ann"),
        ]
    )
    said = game.out.texts
    assert "Gus, your title of Captain passes on: name who takes it." in said
    assert "Eve is the new Captain." in said


def test_the_game_master_speaks_french() -> None:
    game = play(
        [
            "loup, voyante, villageois, loup, sorcière, chasseur, villageois, villageois",
            *WHOLE_GAME[1:],
        ],
        language="fr",
    )
    said = game.out.texts
    assert said[0] == "La nuit tombe sur le village. Fermez tous les yeux et baissez la tête."
    assert "Loups-Garous, ouvrez les yeux et reconnaissez-vous." in said
    assert "Fay retourne sa carte\u00a0: Chasseur." in said
    assert said[-3] == "Le village gagne\u00a0!"
    assert "? Carte demandée par Voyante\u00a0? (un joueur, ou personne) Dan" in game.out.lines


def test_a_theme_renames_the_roles_at_the_table() -> None:
    game = play(
        [
            "mutineer, lookout, deckhand, mutineer, ship, gunner, deckhand, deckhand",
            *WHOLE_GAME[1:],
        ],
        theme="pirates",
    )
    said = game.out.texts
    assert "Mutineers, open your eyes and recognise one another." in said
    assert "Fay turns over their card: Gunner." in said
    assert "Bob is the Quartermaster." in said
    assert not any("Werewol" in text or "Captain" in text for text in said)


def test_the_end_of_the_answers_is_an_error_not_a_hang() -> None:
    with pytest.raises(ScriptError) as err:
        play([DEAL, "Dan"])
    assert err.value.code == "narrate.input_ended"


def test_a_drawn_captain_and_hidden_cards() -> None:
    game = play(
        [DEAL, "Dan", "", "Fay", "n", "none", "Ann", "Dan"],
        options={"captain_mode": "random", "reveal_on_death": False},
    )
    said = game.out.texts
    assert any(text.startswith("Chance decides: ") for text in said)
    assert "Before anything else, the village chooses its Captain." not in " ".join(said)
    assert not any("turns over their card" in text for text in said)
    # with hidden cards, calling the Hunter aloud would reveal him: only the narrator is asked
    assert not any("your card is the Hunter" in text for text in said)
    assert "? Whom does the Hunter (Fay) shoot? (a player, or none) Ann" in game.out.lines


def test_lovers_who_vote_together_cannot_be_given_two_ballots() -> None:
    deck = (W, W, S, WI, H, C, LG, V, V, V)
    game = play(
        [
            "wolf, wolf, seer, witch, hunter, cupid, little girl, villager, villager, villager",
            "Ivy, Jon",
            "none",
            "",
            "Hal",
            "n",
            "n",
            "none",
            "Bob Ann Ann Ann Ann Ann Ann Ann Bob",  # Ivy votes Ann, so Jon must too
            "Ann",
            "Bob",
            "",
            "Cid",
            "n",
            "n",
            "Bob",
        ],
        deck=deck,
        names=(*NAMES, "Ivy", "Jon"),
        options={"captain": False, "lovers_vote_together": True},
    )
    assert "Jon cannot vote for Bob; Jon may vote for: Ann." in game.out.notes
    assert "The village lynches Ann." in game.out.texts
    assert game.match.outcome is not None


# --- a narrator who knows results, not ballots (narrator_knows: results) --------------------

RESULTS = {"narrator_knows": "results"}


def test_a_narrator_who_knows_results_tells_them_and_no_ballot_is_invented() -> None:
    game = play(WHOLE_GAME, options=RESULTS)
    assert game.match.outcome == play(WHOLE_GAME).match.outcome
    assert game.prompter.asked[-2:] == [
        "Whom did the village elect Captain? (a player)",
        "Whom did the village lynch? (a player, or none)",
    ]
    acted = [(NAMES[e.seat], e.action.kind) for e in game.match.inputs if e.action is not None]
    # One answer each for the pack's victim, the Captain and the lynch: no ballots.
    assert acted == [
        ("Bob", "look"),
        ("Ann", "wake"),
        ("Dan", "wake"),
        ("Ann", "vote"),
        ("Eve", "pass"),
        ("Fay", "shoot"),
        ("Bob", "vote"),
        ("Bob", "vote"),
    ]
    assert "Bob is the Captain." in game.out.texts
    again = replay(to_record(game.match))
    assert again.events == game.match.events


def test_a_narrator_may_say_the_village_lynched_nobody() -> None:
    # Nobody is lynched; the next night the Witch poisons Dan, the last Werewolf.
    night2 = ["none", "", "Gus", "n", "Dan"]
    game = play([*WHOLE_GAME[:-1], "none", *night2], options=RESULTS)
    assert [e.data for e in game.match.events if e.kind == "no_lynch"] == [{"tied": []}]
    assert "The village wins!" in game.out.texts


def test_the_captain_cannot_be_told_as_nobody() -> None:
    game = play([DEAL, "Dan", "", "Fay", "n", "none", "Ann", "none", "Bob", "Dan"], options=RESULTS)
    asked = "Whom did the village elect Captain? (a player)"
    assert game.prompter.asked.count(asked) == 2
    assert game.match.outcome == play(WHOLE_GAME).match.outcome


def test_the_pack_told_as_one_answer_may_name_one_of_its_own() -> None:
    # Ann and Dan wake; the narrator saw them point at Dan himself.
    game = play([DEAL, "Dan", "", "Dan", "n", "none", "Bob", "Ann"], options=RESULTS)
    assert [e.data for e in game.match.events if e.kind == "pack_victim"] == [{"seat": 3}]
    assert game.match.outcome is not None and game.match.outcome.teams == {"village"}


def test_a_french_narrator_is_asked_for_results_in_french() -> None:
    game = play(WHOLE_GAME, options=RESULTS, language="fr")
    assert game.prompter.asked[-2:] == [
        "Qui le village a-t-il élu Capitaine\u00a0? (un joueur)",
        "Qui le village a-t-il éliminé\u00a0? (un joueur, ou personne)",
    ]

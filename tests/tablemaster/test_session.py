"""The table game masters driven by answers alone: no clock, no terminal, and a game rebuilt
from the log of what was sent in."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from loupgarou.engine.record import to_record
from loupgarou.narration import Timing, load_locale
from loupgarou.tablemaster import (
    Answer,
    Ask,
    GameMaster,
    LupusGameMaster,
    LupusTable,
    Note,
    Say,
    Session,
    Table,
    TableMaster,
    Tick,
    Wait,
    replay,
)
from loupgarou.variants.thiercelieux.roles import Role
from tests.narration import test_game_master as thiercelieux_game
from tests.narration import test_lupus_game_master as lupus_game

TIMING = Timing(step_seconds=20, discussion_seconds=90, election_seconds=30, announce_seconds=2)
W, V, S, WI, H = Role.WEREWOLF, Role.VILLAGER, Role.SEER, Role.WITCH, Role.HUNTER


def thiercelieux(seed: int = 7, language: str = "en") -> GameMaster:
    locale = load_locale(language, "thiercelieux")
    return GameMaster(
        Table(thiercelieux_game.NAMES, thiercelieux_game.DECK, locale, TIMING), seed=seed
    )


def every_thiercelieux_role(seed: int) -> GameMaster:
    """The Thief, Cupid and the Little Girl too, and a Captain."""
    names = (*thiercelieux_game.NAMES, "Ivy", "Jon")
    deck = (W, W, W, S, WI, H, Role.CUPID, Role.THIEF, Role.LITTLE_GIRL, V, W, V)
    return GameMaster(Table(names, deck, load_locale("en", "thiercelieux"), TIMING), seed=seed)


def lupus(seed: int = 7) -> LupusGameMaster:
    table = LupusTable(
        lupus_game.NAMES,
        lupus_game.DECK,
        load_locale("en", "lupus"),
        lupus_game.TIMING,
        dict(lupus_game.OPTIONS),
    )
    return LupusGameMaster(table, seed=seed)


def answer_all(session: Session, answers: list[str], *, think: float = 0.0) -> None:
    """Serve the session as a driver with no clock would: every Wait resumed at its time,
    every question answered from ``answers`` (``think`` seconds later), until they run out."""
    answers = list(answers)
    while session.request is not None:
        request = session.request
        if isinstance(request, Ask):
            if not answers:
                return
            session.answer(answers.pop(0), session.now + think)
        elif isinstance(request, Wait):
            session.send(request.until)
        else:
            session.send(None)


def test_a_whole_game_is_played_by_answers_alone() -> None:
    session = Session(thiercelieux())
    assert session.match is None
    assert isinstance(session.request, Note)  # how to deal
    assert session.send(None) == Ask(
        "ask.card",
        "Card of Ann (seat 1)?",
        ("Werewolf", "Seer", "Witch", "Hunter", "Villager"),
    )
    answer_all(session, thiercelieux_game.WHOLE_GAME)
    assert session.done and session.request is None
    assert session.result is not None and session.result is session.match
    outcome = session.result.outcome
    assert outcome is not None and outcome.teams == frozenset({"village"})


def test_the_requests_are_what_the_terminal_showed() -> None:
    """The same game in the terminal's driver (on a fake clock) and by answers alone: the
    same cues at the same times, the same notes, the same record."""
    at_terminal = thiercelieux_game.play(thiercelieux_game.WHOLE_GAME)
    session = Session(thiercelieux())
    said: list[tuple[float, str]] = []
    notes: list[str] = []
    ticks: list[float] = []
    answers = list(thiercelieux_game.WHOLE_GAME)
    while session.request is not None:
        request = session.request
        if isinstance(request, Say):
            said.append((request.at, request.cue.text))
        elif isinstance(request, Note):
            notes.append(request.text)
        elif isinstance(request, Tick):
            ticks.append(request.left)
        if isinstance(request, Wait):
            session.send(request.until)
        elif isinstance(request, Ask):
            session.answer(answers.pop(0), session.now)
        else:
            session.send(None)
    assert said == [(at, cue.text) for _, at, cue in at_terminal.out.shown]
    assert notes == at_terminal.out.notes
    assert ticks == [left for _, left in at_terminal.out.ticks]
    assert session.match is not None
    assert to_record(session.match) == to_record(at_terminal.match)
    assert session.now == at_terminal.clock.elapsed


@pytest.mark.parametrize("cut", [0, 1, 2, 5, 7, 9])
def test_a_game_rebuilt_from_its_log_is_at_the_same_point(cut: int) -> None:
    """Play ``cut`` answers (a slow narrator, and one refused answer), keep the log of every
    value sent, replay it into a fresh game master: the same match, the same request."""
    answers = [*thiercelieux_game.WHOLE_GAME[:1], "Zed", *thiercelieux_game.WHOLE_GAME[1:]]
    session = Session(thiercelieux())
    answer_all(session, answers[: cut + 1], think=3.5)
    again = replay(thiercelieux(), session.log)
    assert again.request == session.request
    assert again.now == session.now
    assert again.log == session.log
    if session.match is None:
        assert again.match is None
    else:
        assert again.match is not None
        assert to_record(again.match) == to_record(session.match)
        assert again.match.events == session.match.events
    # Both go on the same way from there.
    answer_all(session, answers[cut + 1 :])
    answer_all(again, answers[cut + 1 :])
    assert session.result is not None and again.result is not None
    assert to_record(again.result) == to_record(session.result)


def test_the_log_is_json_and_a_lupus_game_replays_from_it() -> None:
    session = Session(lupus())
    answer_all(session, lupus_game.WHOLE_GAME[:20], think=1.25)
    stored = json.loads(json.dumps(session.log_json()))
    again = replay(lupus(), stored)
    assert again.request == session.request
    assert again.match is not None and session.match is not None
    assert to_record(again.match) == to_record(session.match)
    answer_all(session, lupus_game.WHOLE_GAME[20:])
    answer_all(again, lupus_game.WHOLE_GAME[20:])
    assert session.result is not None and again.result is not None
    assert to_record(again.result) == to_record(session.result)
    assert session.result.outcome is not None
    assert session.result.outcome.teams == frozenset({"werehamster"})


def test_the_draws_come_from_the_seed() -> None:
    """A Captain drawn at random: the same seed, the same Captain; replay needs the seed."""
    options = {"captain_mode": "random"}
    locale = load_locale("en", "thiercelieux")
    table = Table(thiercelieux_game.NAMES, thiercelieux_game.DECK, locale, TIMING, options)
    answers = [thiercelieux_game.DEAL, "Dan", "", "Fay", "n", "none", "Ann"]

    def captain(seed: int) -> str:
        session = Session(GameMaster(table, seed=seed))
        answer_all(session, answers)
        assert session.match is not None
        drawn = [e for e in session.match.events if e.kind == "captain_elected"]
        return str(drawn[0].data["seat"])

    assert captain(3) == captain(3)
    assert len({captain(seed) for seed in range(8)}) > 1


def test_a_refused_answer_is_a_note_then_the_same_question() -> None:
    session = Session(thiercelieux())
    answer_all(session, [thiercelieux_game.DEAL])
    question = session.request
    assert isinstance(question, Ask) and question.key == "ask.seer"
    assert question.choices == ("Ann", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "none")
    refusal = session.answer("Bob", session.now)
    assert refusal == Note(
        "Bob cannot be chosen here; you may choose: Ann, Cid, Dan, Eve, Fay, Gus, Hal, -."
    )
    assert session.send(None) == question
    assert session.match is not None and session.match.inputs[-1].type == "chance"


def test_a_late_answer_pushes_the_rest_of_the_call_back() -> None:
    session = Session(thiercelieux())
    answer_all(session, [thiercelieux_game.DEAL])
    asked_at = session.now
    session.answer("Dan", asked_at + 30)
    said: list[Say] = []
    request = session.request
    while not isinstance(request, Wait):
        if isinstance(request, Say):
            said.append(request)
        request = session.send(None)
    # The Seer's question came with the action cue, which lasts 12 s: answered 30 s later,
    # the sleep cue comes at once, and the next call 4 s after it (the sleep cue's length).
    assert [(say.at, say.cue.key) for say in said] == [(asked_at + 30, "step.seer.sleep")]
    assert request.until == asked_at + 30 + 4


def test_a_wrong_value_is_refused_and_changes_nothing() -> None:
    session = Session(thiercelieux())
    with pytest.raises(ValueError, match="None"):
        session.send(Answer("wolf", 0.0))
    session.send(None)
    before = session.request
    with pytest.raises(ValueError, match="Answer"):
        session.send(None)
    with pytest.raises(ValueError, match="Answer"):
        session.send(12.0)
    assert session.request == before and session.log == [None]
    answer_all(session, [thiercelieux_game.DEAL])
    session.answer("Dan", session.now)
    while not isinstance(session.request, Wait):
        session.send(None)
    with pytest.raises(ValueError, match="time"):
        session.send(Answer("Dan", 1.0))
    with pytest.raises(ValueError, match="time"):
        session.send(float("nan"))
    answer_all(session, thiercelieux_game.WHOLE_GAME[2:])
    with pytest.raises(ValueError, match="over"):
        session.send(None)


def _random_answer(rng: random.Random, ask: Ask) -> str:
    """What a page of buttons would send: one of the choices (Cupid's two Lovers: two)."""
    assert ask.choices, ask
    if ask.key == "ask.cupid":
        return ", ".join(rng.sample(ask.choices, 2))
    return rng.choice(ask.choices)


@pytest.mark.parametrize(
    "make",
    [
        thiercelieux,
        lambda seed: thiercelieux(seed, "fr"),
        every_thiercelieux_role,
        lupus,
    ],
    ids=["thiercelieux", "thiercelieux-fr", "every-thiercelieux-role", "lupus"],
)
@pytest.mark.parametrize("seed", range(8))
def test_a_page_of_buttons_plays_whole_games(make: Callable[[int], TableMaster], seed: int) -> None:
    """Every question offers choices, and answering only with them reaches the verdict.
    The only refusals are a vote's result that would not win outright (then another)."""
    rng = random.Random(seed)
    session = Session(make(seed))
    refused: list[str] = []
    while session.request is not None:
        request = session.request
        if isinstance(request, Ask):
            after = session.answer(_random_answer(rng, request), session.now)
            if isinstance(after, Note) and session.send(None) == request:
                refused.append(after.text)
        elif isinstance(request, Wait):
            session.send(request.until)
        else:
            session.send(None)
        assert len(session.log) < 20_000
    assert session.result is not None and session.result.outcome is not None
    assert all("outright" in text for text in refused), refused


def test_french_choices_are_french_words() -> None:
    session = Session(thiercelieux(language="fr"))
    first = session.send(None)
    assert isinstance(first, Ask)
    assert first.choices == ("Loup-Garou", "Voyante", "Sorcière", "Chasseur", "Villageois")
    answer_all(session, ["loup, voyante, villageois, loup, sorcière, chasseur, villageois"])
    answer_all(session, ["villageois"])
    seer = session.request
    assert isinstance(seer, Ask) and seer.choices[-1] == "personne"


def test_lupus_choices_follow_the_decision() -> None:
    session = Session(lupus())
    answer_all(session, [lupus_game.DEAL])
    seer = session.request
    assert isinstance(seer, Ask) and seer.key == "ask.seer"
    assert "Cid" not in seer.choices and seer.choices[-1] == "none"
    answer_all(session, ["Gus"])
    pack = session.request
    assert isinstance(pack, Ask) and pack.key == "ask.victim"
    assert "Bob" not in pack.choices and "Gus" not in pack.choices  # the pack


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("fr", "Les règles ne le permettent pas\u00a0: {who} n'a rien à décider maintenant\u00a0;"),
        ("en", "The rules do not allow that: {who} has nothing to decide now; the table waits"),
    ],
)
def test_a_refusal_of_the_rules_is_told_in_the_tables_language(
    language: str, expected: str
) -> None:
    from loupgarou.core.actions import Action
    from loupgarou.engine import Match, new_match
    from loupgarou.narration.answers import BadAnswer

    gm = thiercelieux(language=language)
    names = thiercelieux_game.NAMES
    gm.match = new_match(gm.variant, names, [r.value for r in thiercelieux_game.DECK], seed=3)
    deciding = {d.seat for d in gm.m.pending()}
    idle = next(s for s in range(len(names)) if s not in deciding)

    def idle_passes(m: Match) -> None:
        m.submit(idle, Action("pass"))

    with pytest.raises(BadAnswer) as refused:
        gm._attempt(idle_passes)
    said = gm.locale.text(refused.value.key, **refused.value.params)
    assert said.startswith(expected.format(who=names[idle])), said
    waiting = [names[s] for s in sorted(deciding)]
    assert all(name in said for name in waiting), said

"""Playing a script through the engine and writing the verdict.

Contract: :func:`adjudicate` sets the table up (raising :class:`ScriptError`
for a script that cannot even start, and the rules' own :class:`SetupError`
for a table they refuse), then submits every
step in order through :class:`Match`.  The first step the engine refuses
stops the game: the verdict names it with the engine's error code and
message, and nothing of that step or after it is applied (a ``votes`` step is
checked whole before any of its votes is cast).  The verdict then tells the
whole game from the moderator's side, what each player learned, the end (or
the state the game was left in), the family's story in short (if it has one)
and any warnings.  Pure: no I/O.

Silence: a table with physical cards types what happened, so, unless the script
is ``strict``, a step that cannot be played yet because the game waits for
decisions that may all be declined (optional powers, a Ghost's call) declines
them first (:func:`_silence`); a mandatory decision is never answered that way.
The votes of a ``votes`` step are cast in the order the rules call them
(:func:`_in_calling_order`: Lupus in Tabula's stage 1 calls one voter at a time).

A fixed chance outcome may be written in the family's terms (a player's name
for a Thiercelieux tie-break): the match plays through a :class:`Watched`
variant, which remembers the state that asked for a draw, so that the dialect
can read the outcome against it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from loupgarou.core.actions import PASS, Action, Decision
from loupgarou.core.chance import ChanceRequest
from loupgarou.core.errors import IllegalAction, ScriptError, SetupWarning
from loupgarou.core.events import EVERYONE, JSON, Event
from loupgarou.core.outcome import Outcome
from loupgarou.core.statements import Statement
from loupgarou.core.variant import GameConfig, OptionSpec, Variant
from loupgarou.engine.match import Match, not_allowed, not_your_turn, waiting_for
from loupgarou.scripting.chance import DealBuilder, ScriptChance
from loupgarou.scripting.dialect import Dialect
from loupgarou.scripting.families import dialect_for
from loupgarou.scripting.model import RESULT_KINDS, Move, Script
from loupgarou.scripting.speech import Speech, speech_for
from loupgarou.scripting.verdict import (
    Knowledge,
    Line,
    Pending,
    PlayedStep,
    Rejection,
    Standing,
    Verdict,
)
from loupgarou.scripting.words import describe_statement, name_of
from loupgarou.variants.registry import find_family


@dataclass(frozen=True, slots=True)
class Played:
    """The outcome of :func:`play`: the match as the script left it, and the verdict."""

    match: Match
    verdict: Verdict


class Watched:
    """A family's rules, unchanged, that remember the last state asking for a draw."""

    def __init__(self, variant: Variant) -> None:
        self.inner = variant
        self.name: str = variant.name
        self.aliases: tuple[str, ...] = variant.aliases
        self.title: str = variant.title
        self.min_players: int = variant.min_players
        self.max_players: int = variant.max_players
        self.options: tuple[OptionSpec, ...] = variant.options
        self.victim_call: str | None = variant.victim_call
        self.asking: Any = None

    def setup(self, config: GameConfig) -> tuple[Any, tuple[SetupWarning, ...]]:
        return self.inner.setup(config)

    def chance_request(self, state: Any) -> ChanceRequest | None:
        self.asking = state
        return self.inner.chance_request(state)

    def apply_chance(self, state: Any, value: JSON) -> tuple[Any, tuple[Event, ...]]:
        return self.inner.apply_chance(state, value)

    def decisions(self, state: Any) -> tuple[Decision, ...]:
        return self.inner.decisions(state)

    def apply(self, state: Any, seat: int, action: Action) -> tuple[Any, tuple[Event, ...]]:
        return self.inner.apply(state, seat, action)

    def may_speak(self, state: Any, seat: int) -> bool:
        return self.inner.may_speak(state, seat)

    def speak(self, state: Any, seat: int, statement: Statement) -> tuple[Any, tuple[Event, ...]]:
        return self.inner.speak(state, seat, statement)

    def outcome(self, state: Any) -> Outcome | None:
        return self.inner.outcome(state)

    def public(self, state: Any) -> dict[str, JSON]:
        return self.inner.public(state)

    def night_calls(self, state: Any) -> tuple[str, ...]:
        return self.inner.night_calls(state)


def start(script: Script) -> tuple[Match, ScriptChance]:
    """Set the table up and deal, as the script says."""
    dialect = dialect_for(script.family)
    watched = Watched(find_family(script.family))

    def resolve(request: ChanceRequest, value: JSON) -> JSON:
        return dialect.chance_value(request, value, watched.asking, script.players)

    builder: DealBuilder | None = None
    if script.deal is not None:
        deal = script.deal

        def build(drawn: Sequence[tuple[str, JSON]]) -> JSON:
            return dialect.deal_outcome(
                deal, script.deck, len(script.players), script.options, drawn
            )

        builder = build
    chance = ScriptChance(script.chance, script.seed, builder, resolve)
    config = GameConfig(script.family, script.players, script.deck, dict(script.options))
    return Match(watched, config, chance), chance


def describe_move(
    move: Move,
    names: tuple[str, ...],
    dialect: Dialect,
    match: Match,
    speech: Speech | None = None,
) -> str:
    """A step's move in words (``speech``'s; English by default): "Bob: look at Ann's card"."""
    words = speech or speech_for(dialect.family)
    say = words.say
    if move.given_as:
        assert move.action is not None
        who = words.join([name_of(names, p) for p in move.action.players], say("common.nobody"))
        if move.given_as == "pack":
            chosen = who if move.action.players else say("thiercelieux.no_victim")
            said = say("report.move.pack", name=chosen)
        else:
            said = say(f"report.move.{move.given_as}", name=who)
        if move.seat < 0:
            return said
        voice = say(
            "report.move.voice_pack" if move.given_as == "pack" else "report.move.voice_table"
        )
        return say("report.move.given", said=said, name=name_of(names, move.seat), voice=voice)
    who = name_of(names, move.seat)
    if move.type == "timeout":
        decision = match.decision_for(move.seat)
        default = (
            ""
            if decision is None
            else say(
                "report.move.default",
                action=dialect.describe_action(decision.default, names, words),
            )
        )
        return say("report.move.timeout", who=who, default=default)
    if move.type == "statement":
        assert move.statement is not None
        role = words.role if words.roles else dialect.role_name
        said = describe_statement(
            move.statement,
            names,
            role,
            lambda a: dialect.describe_action(a, names, words),
            words,
            speaker=move.seat,
            present_claims=dialect.present_claims,
        )
        return say("statement", who=who, said=said)
    assert move.action is not None
    return say(
        "report.move.act", who=who, action=dialect.describe_action(move.action, names, words)
    )


def _in_calling_order(match: Match, moves: tuple[Move, ...]) -> tuple[Move, ...]:
    """The votes of a ``votes`` step in the order the rules call them.

    Where the rules wait for one voter at a time (Lupus in Tabula's stage 1, in calling
    order from the Welcome card), each next vote is the first written whose voter is
    called now; where they wait for every voter at once, the written order stays.
    Tried on the pure rules; a vote nobody waits for, or that the rules refuse, keeps
    its place for :func:`_check` to refuse, and a chance draw ends the reordering.
    """
    variant = match.variant
    state = match.state
    rest = list(moves)
    out: list[Move] = []
    while rest:
        waiting = {d.seat: d for d in variant.decisions(state)}
        move = next((m for m in rest if m.seat in waiting), None)
        if move is None or move.action is None or not waiting[move.seat].allows(move.action):
            break
        out.append(move)
        rest.remove(move)
        state, _ = variant.apply(state, move.seat, move.action)
        if variant.chance_request(state) is not None:
            break
    return (*out, *rest)


def _given_by(match: Match, move: Move) -> Move:
    """A result the narrator states, answered by whoever holds that decision now (the
    move itself if it names its seat, or if nobody holds the decision now)."""
    if move.seat >= 0:
        return move
    kind = RESULT_KINDS[move.given_as]
    for d in match.pending():
        if d.kind == kind:
            return replace(move, seat=d.seat)
    return move


_RESULT_WORDS = {
    "pack": "the pack's victim",
    "elected": "the elected Captain",
    "lynched": "the lynch's result",
}


def _not_now(match: Match, move: Move) -> IllegalAction:
    """The refusal of a stated result the game does not wait for now."""
    if match.over:
        return IllegalAction("action.game_over", "the game is over")
    return IllegalAction(
        "action.not_your_turn",
        f"the game does not wait for {_RESULT_WORDS[move.given_as]} now; "
        + waiting_for(match.players, match.pending()),
    )


def _waits_elsewhere(match: Match, move: Move) -> bool:
    """Whether the game waits for others before ``move`` can be played."""
    if move.seat < 0:
        return _given_by(match, move).seat < 0
    if move.type == "statement":
        return not match.variant.may_speak(match.state, move.seat)
    return match.decision_for(move.seat) is None


def _silence(match: Match, move: Move) -> list[int]:
    """Decline what the script moves past without a word (see the module docstring).

    While ``move`` cannot be played yet and every decision the game waits for may be
    declined (an optional power, a Ghost's call), each is declined in turn, as a table
    with physical cards reads silence.  A mandatory decision stops it (the step is then
    refused as usual).  Returns the seats that declined, in order.
    """
    declined: list[int] = []
    while not match.over and _waits_elsewhere(match, move):
        pending = match.pending()
        if not pending or not all(PASS in d.options for d in pending):
            break
        match.submit(pending[0].seat, PASS)
        declined.append(pending[0].seat)
    return declined


def _check(match: Match, moves: tuple[Move, ...]) -> None:
    """Refuse a multi-move step before any of it is applied.

    The moves are tried in order on the pure rules, from the match's state, so
    that a move whose options depend on an earlier one of the same step (the
    Lovers' common ballot) is judged as the engine will judge it.  The check stops
    at a chance draw: what follows it depends on the draw.
    """
    if len(moves) < 2:
        return
    variant = match.variant
    state = match.state
    for move in moves:
        assert move.action is not None
        pending = variant.decisions(state)
        decision = next((d for d in pending if d.seat == move.seat), None)
        if decision is None or not decision.allows(move.action):
            if state is match.state:
                match.submit(move.seat, move.action)  # the engine's own error; nothing changes
            raise _refusal(match.players, pending, decision, move, variant.outcome(state))
        state, _ = variant.apply(state, move.seat, move.action)
        if variant.chance_request(state) is not None:
            return


def _refusal(
    players: Sequence[str],
    pending: Sequence[Decision],
    decision: Decision | None,
    move: Move,
    outcome: Outcome | None,
) -> IllegalAction:
    """The engine's error for ``move``, worded as :meth:`Match.submit` words it."""
    assert move.action is not None
    if decision is None:
        if outcome is not None:
            return IllegalAction("action.game_over", "the game is over")
        return not_your_turn(players, move.seat, pending)
    return not_allowed(players, decision, move.action)


def _apply(match: Match, move: Move) -> tuple[Event, ...]:
    if move.type == "timeout":
        return match.timeout(move.seat)
    if move.type == "statement":
        assert move.statement is not None
        return match.say(move.seat, move.statement)
    assert move.action is not None
    return match.submit(move.seat, move.action)


def play(script: Script, speech: Speech | None = None) -> Played:
    """Play ``script``; see the module docstring.  The game is told in ``speech``'s
    words (English by default)."""
    dialect = dialect_for(script.family)
    names = script.players
    match, chance = start(script)
    caused: list[int | None] = [None] * len(match.events)
    played: list[PlayedStep] = []
    rejected: Rejection | None = None
    for step in script.steps:
        mark = len(match.inputs)
        moves = step.moves
        declined = [] if script.strict else _silence(match, moves[0])
        if step.kind == "votes":  # after the silence: the vote may open only then
            moves = _in_calling_order(match, moves)
        moves = tuple(_given_by(match, m) for m in moves)
        words = speech or speech_for(dialect.family)
        text = words.say("list.semicolon").join(
            describe_move(m, names, dialect, match, speech) for m in moves
        )
        if declined:
            silent = words.join([name_of(names, s) for s in declined], words.say("common.nobody"))
            text = words.say("report.move.declined", names=silent, text=text)
        try:
            if moves[0].seat < 0:
                raise _not_now(match, moves[0])
            _check(match, moves)
            for move in moves:
                _apply(match, move)
        except IllegalAction as exc:
            caused.extend([step.number] * (len(match.events) - len(caused)))
            rejected = Rejection(step.number, step.kind, text, exc.code, exc.message)
            break
        except ScriptError as exc:  # a fixed chance outcome drawn during the step is bad
            raise ScriptError(exc.code, f"step {step.number}: {exc.message}") from exc
        caused.extend([step.number] * (len(match.events) - len(caused)))
        inputs = tuple(i.to_json() for i in match.inputs[mark:])
        played.append(PlayedStep(step.number, step.kind, text, inputs, step.note, tuple(declined)))
    warnings = list(match.warnings)
    if match.over:
        warnings.extend(
            SetupWarning(
                "script.chance_unused",
                f"the fixed chance outcome(s) under '{label}' were not all used",
            )
            for label in chance.unused()
        )
    verdict = Verdict(
        source=script.source,
        title=script.title,
        family=script.family,
        scenario=script.scenario,
        players=names,
        deck=_deck(match, script),
        options=dict(script.options),
        warnings=tuple(warnings),
        steps_total=len(script.steps),
        played=tuple(played),
        rejected=rejected,
        **_told(match, dialect, caused, speech),
    )
    return Played(match, verdict)


def adjudicate(script: Script) -> Verdict:
    """The verdict of ``script`` (see :func:`play` to keep the match too)."""
    return play(script).verdict


def _deck(match: Match, script: Script) -> tuple[str, ...]:
    deck = match.variant.public(match.state).get("deck")
    if isinstance(deck, list) and deck:
        return tuple(str(r) for r in deck)
    return script.deck


def _timeline(
    match: Match, dialect: Dialect, caused: list[int | None], speech: Speech | None = None
) -> tuple[Line, ...]:
    teller = dialect.teller(match.players, speech)
    return tuple(
        Line(step, e.kind, e.audience.to_json(), teller.tell(e), e.data)
        for e, step in zip(match.events, caused, strict=True)
    )


def _knowledge(
    match: Match, dialect: Dialect, caused: list[int | None], speech: Speech | None = None
) -> tuple[Knowledge, ...]:
    """What each seat learned: the events of its view (``Match.view``), each labelled with
    the step that produced it.  The step is told by the event's place in the log, never by
    its value: the rules share one immutable event between games and nights (the same
    ``woke`` every night), so two entries of the log may be the very same object."""
    out = []
    for seat in range(len(match.players)):
        teller = dialect.teller(match.players, speech)
        learned: list[Line] = []
        dealt: str | None = None
        for e, step in zip(match.events, caused, strict=True):
            if not e.audience.includes(seat):
                continue
            text = teller.tell(e)
            if e.kind == "dealt" and dealt is None:
                dealt = str(e.data.get("role"))
            if e.audience != EVERYONE:
                learned.append(Line(step, e.kind, e.audience.to_json(), text, e.data))
        out.append(Knowledge(seat, dealt, tuple(learned)))
    return tuple(out)


def _standing(match: Match, dialect: Dialect) -> Standing:
    dead = tuple(d.seat for d in dialect.deaths(match))
    return Standing(
        over=match.over,
        phase=dialect.phase(match),
        alive=tuple(s for s in range(len(match.players)) if s not in dead),
        dead=dead,
        pending=tuple(
            Pending(d.seat, d.kind, d.optional, d.default, d.options) for d in match.pending()
        ),
        table=dialect.table_now(match),
    )


def _told(
    match: Match, dialect: Dialect, caused: list[int | None], speech: Speech | None = None
) -> dict[str, Any]:
    """What a verdict tells of its match, the same for a script's game and a served one:
    the timeline, what each player learned, the ending, the table now, the story; its
    sentences in ``speech``'s words (English by default)."""
    ending = dialect.ending(match)
    if ending is not None and speech is not None:
        ending = replace(ending, reasons=tuple(speech.reason(r) for r in ending.reasons))
    return {
        "timeline": _timeline(match, dialect, caused, speech),
        "knowledge": _knowledge(match, dialect, caused, speech),
        "ending": ending,
        "standing": _standing(match, dialect),
        "story": dialect.story(match),
        "state_extra": dialect.state_extra(match),
    }


def verdict_of_match(
    match: Match,
    *,
    source: str,
    title: str,
    scenario: str | None,
    speech: Speech | None = None,
) -> Verdict:
    """The verdict of a game played elsewhere than from a script (a served game): told
    from its match as the adjudicator tells a script's, with no steps to number, in
    ``speech``'s words (a room's language and theme; English by default)."""
    dialect = dialect_for(match.variant.name)
    caused: list[int | None] = [None] * len(match.events)
    return Verdict(
        source=source,
        title=title,
        family=match.variant.name,
        scenario=scenario,
        players=match.players,
        deck=tuple(
            str(r) for r in match.variant.public(match.state).get("deck") or match.config.deck
        ),
        options=dict(match.config.options),
        warnings=tuple(match.warnings),
        steps_total=0,
        played=(),
        rejected=None,
        **_told(match, dialect, caused, speech),
    )

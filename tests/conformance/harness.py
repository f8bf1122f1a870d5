"""A conformance harness that every rules family runs.

A family plugs in with a :class:`Family`: its :class:`~loupgarou.core.variant.Variant`,
a Hypothesis strategy producing table configurations, an invariant callback
(for One Night: cards are never created or lost), its rules of who may learn
each kind of event, a way to build *alternative worlds* (another deal of the
same deck), and the moments at which views may be compared across worlds.
The harness plays random games through the public :class:`~loupgarou.engine.Match`
API and checks the contracts of ``docs/architecture.md``:

(a) the family's invariant holds after every input;
(b) the same seed and the same random policy give the same record;
(c) every chosen action was among :meth:`Match.pending` at that moment, every
    decision is well formed (its default is legal, ``optional`` iff it may be
    declined), the game is live until it is over, and random illegal inputs
    (actions, timeouts, statements) raise :class:`IllegalAction` and change
    nothing (state, events, inputs, pending decisions);
(d) replaying the JSON record rebuilds the same inputs, events and outcome,
    and a spoilt record is refused with :class:`RecordError`;
(e) no view holds anything outside its audience: a seat's view holds exactly
    the events whose audience includes the seat, and only its own decision;
    each event's audience is the one the family's rules give it; and the
    ``public`` dict is a function of the public events (:class:`PublicLedger`);
(f) counterfactual secrecy: in another deal that replays the same inputs,
    every seat whose privately addressed events are unchanged sees exactly the
    same views at its own decision points, at the family's checkpoints and
    just before the last input; and the public part at the checkpoints is the
    same in every world.  Views are not compared at every input: the same
    input index is not the same moment in two worlds (a call that has no
    holder passes at once).

The random policy draws from a seeded :class:`random.Random` only; it times
out some decisions and makes public statements (accepted only when the family
allows speaking, which is checked too).

Typical use, in a family's test module (see ``test_one_night.py``)::

    FAMILY = Family(VARIANT, configs(), invariant, alternatives, checkpoint, audiences)

    @settings(max_examples=200, deadline=None)
    @given(FAMILY.configs, st.lists(seeds, min_size=4, max_size=4))
    def test_playouts(config: TableConfig, seeds: list[int]) -> None:
        check_playouts(FAMILY, config, seeds)

    @settings(max_examples=200, deadline=None)
    @given(FAMILY.configs, seeds)
    def test_secrecy(config: TableConfig, seed: int) -> None:
        check_counterfactuals(FAMILY, config, seed)
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Literal

from hypothesis import strategies as st

from loupgarou.core.actions import PASS, Action, Decision
from loupgarou.core.chance import ChanceRequest
from loupgarou.core.errors import IllegalAction, RecordError
from loupgarou.core.events import JSON, Event
from loupgarou.core.statements import Claim, Sighting, Statement
from loupgarou.core.variant import GameConfig, Variant
from loupgarou.engine import Match, SeatView, new_match, replay
from loupgarou.engine.record import to_record

ChanceEntries = list[tuple[str, JSON]]
"""The chance outcomes of a game, in order: ``(label, value)``."""

MAX_INPUTS = 2_000
"""A game that has not ended after this many inputs is reported as stuck."""


# --- configuration and family description ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableConfig:
    """A table to set up: player names clockwise, the deck, the options."""

    players: tuple[str, ...]
    deck: tuple[str, ...]
    options: Mapping[str, JSON] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Move:
    """One input a player gives: an action, a timeout, or a public statement."""

    type: Literal["action", "timeout", "statement"]
    seat: int
    action: Action | None = None
    statement: Statement | None = None


def apply_move(match: Match, move: Move) -> tuple[Event, ...]:
    """Give ``move`` to ``match`` through its public API."""
    if move.type == "action":
        assert move.action is not None
        return match.submit(move.seat, move.action)
    if move.type == "timeout":
        return match.timeout(move.seat)
    assert move.statement is not None
    return match.say(move.seat, move.statement)


@dataclass(frozen=True, slots=True)
class Family:
    """What the harness needs to know about one rules family.

    ``invariant(match)`` raises :class:`AssertionError` when the family's state
    breaks a rule that must always hold (for One Night: ``cards`` is a
    permutation of the card ids).

    ``alternatives(match, rng)`` returns other chance histories for the same
    table (each a full list of ``(label, value)``), typically the recorded deal
    with two cards of different roles exchanged.  The harness replays the
    recorded inputs on each; a world where an input becomes illegal is skipped.

    ``checkpoint(match)`` names the moments at which every seat's view may be
    compared across worlds (for One Night: ``"day"``, once the night is over),
    or returns None.  At such moments the public part (the ``public`` dict and
    the events addressed to everyone) must be the same in every world.

    ``audiences(match, move, events)`` checks the audience of the ``events``
    that ``move`` produced (``move`` is None for those of the set-up and deal)
    against the family's rules of who may learn what: the engine can only keep
    an event within its audience, so an audience that is too wide is caught
    here.  It should reject event kinds it does not know.
    """

    variant: Variant
    configs: st.SearchStrategy[TableConfig]
    invariant: Callable[[Match], None]
    alternatives: Callable[[Match, random.Random], list[ChanceEntries]]
    checkpoint: Callable[[Match], str | None]
    audiences: Callable[[Match, Move | None, Sequence[Event]], None]


# --- recorded inputs and the random policy --------------------------------------------------------


def recorded_moves(match: Match) -> list[Move]:
    """The non-chance inputs of ``match`` as moves (a timeout is replayed as a timeout)."""
    moves: list[Move] = []
    for entry in match.inputs:
        if entry.type == "action":
            moves.append(Move("action", entry.seat, action=entry.action))
        elif entry.type == "timeout":
            moves.append(Move("timeout", entry.seat))
        elif entry.type == "statement":
            moves.append(Move("statement", entry.seat, statement=entry.statement))
    return moves


def recorded_chance(match: Match) -> ChanceEntries:
    return [(entry.label, entry.value) for entry in match.inputs if entry.type == "chance"]


_TEXTS = (
    "I am a simple villager.",
    "Je suis la Voyante — vraiment !",
    "Vote for the player on my left.",
    "I did nothing tonight.",
    "💤",
)


def random_statement(rng: random.Random, match: Match) -> Statement:
    """A non-empty statement with a random text and/or a random (possibly false) claim."""
    n = len(match.players)
    roles = sorted(set(match.config.deck)) or ["villager"]
    text = rng.choice(_TEXTS) if rng.random() < 0.7 else ""
    claim = None
    if not text or rng.random() < 0.5:
        did = None
        if rng.random() < 0.5:
            did = Action(rng.choice(("look", "rob", "swap", "pass")), (rng.randrange(n),))
        saw = tuple(
            Sighting(rng.choice(roles), seat=rng.randrange(n))
            if rng.random() < 0.5
            else Sighting(rng.choice(roles), centre=rng.randrange(3))
            for _ in range(rng.randrange(3))
        )
        claim = Claim(role=rng.choice([None, *roles]), did=did, saw=saw)
    return Statement(text, claim)


class RandomPolicy:
    """Random players: uniform among pending decisions and their options.

    With probability ``timeout_rate`` the chosen seat times out instead, and
    with probability ``statement_rate`` a random seat tries to speak (the
    attempt is refused while the family does not allow speaking).  All draws
    come from ``rng``.
    """

    def __init__(
        self, rng: random.Random, *, timeout_rate: float = 0.1, statement_rate: float = 0.2
    ) -> None:
        self.rng = rng
        self.timeout_rate = timeout_rate
        self.statement_rate = statement_rate

    def choose(self, match: Match) -> Move:
        rng = self.rng
        if rng.random() < self.statement_rate:
            seat = rng.randrange(len(match.players))
            return Move("statement", seat, statement=random_statement(rng, match))
        pending = match.pending()
        decision = pending[rng.randrange(len(pending))]
        if rng.random() < self.timeout_rate:
            return Move("timeout", decision.seat)
        action = decision.options[rng.randrange(len(decision.options))]
        return Move("action", decision.seat, action=action)


def start(family: Family, config: TableConfig, seed: int) -> Match:
    return new_match(
        family.variant, config.players, config.deck, options=dict(config.options), seed=seed
    )


def play(family: Family, config: TableConfig, seed: int) -> Match:
    """A random game with no checks: the reference run for determinism."""
    match = start(family, config, seed)
    policy = RandomPolicy(random.Random(seed))
    for _ in range(MAX_INPUTS):
        if match.over:
            return match
        move = policy.choose(match)
        if move.type == "statement" and not match.variant.may_speak(match.state, move.seat):
            continue
        apply_move(match, move)
    raise AssertionError(f"the game did not end within {MAX_INPUTS} inputs")


# --- checks on one moment -------------------------------------------------------------------------


def check_decisions(match: Match) -> None:
    """(c) Every pending decision is well formed; the game is live until it is over."""
    pending = match.pending()
    n = len(match.players)
    if match.over:
        assert pending == (), f"the game is over but decisions are pending: {pending}"
        return
    assert pending, "the game is not over but nothing is pending: it is stuck"
    seats = [d.seat for d in pending]
    assert len(set(seats)) == len(seats), f"two decisions for one seat: {seats}"
    for d in pending:
        assert 0 <= d.seat < n, f"decision for a seat that does not exist: {d}"
        assert d.options, f"a decision with no option: {d}"
        assert len(set(d.options)) == len(d.options), f"duplicate options in {d.kind}"
        assert d.default in d.options, f"the default {d.default} of {d.kind} is not legal"
        assert d.optional == (PASS in d.options), f"'optional' disagrees with the options of {d}"
        assert match.decision_for(d.seat) == d
        assert match.legal(d.seat) == d.options


def check_views(match: Match) -> None:
    """(e) Each seat sees exactly the events addressed to it, and only its own decision."""
    public = None
    for seat in range(len(match.players)):
        view = match.view(seat)
        expected = [e for e in match.events if e.audience.includes(seat)]
        for event in view.events:
            assert event.audience.includes(seat), (
                f"seat {seat} sees {event.kind} addressed to {event.audience.to_json()}"
            )
        assert list(view.events) == expected, f"seat {seat}'s view misses events addressed to it"
        own = match.decision_for(seat)
        assert view.decision == own, f"seat {seat}'s view holds {view.decision}, not {own}"
        assert view.decision is None or view.decision.seat == seat
        assert view.outcome == match.outcome
        if public is None:
            public = view.public
        assert view.public == public, "two seats see different public parts"
        json.dumps(view.to_json())  # a view must be sendable as JSON


class PublicLedger:
    """(e) The ``public`` dict tells nothing that the public events did not.

    For one table, games that reached the same public event stream (the events
    addressed to everyone, in order) must show the same ``public`` dict; it is
    a function of what everyone was told.  Feed it the moments of several games
    with different deals: a ``public`` field that reveals who holds or does
    what (a seat acting now, a card ...) then disagrees with itself.
    """

    def __init__(self) -> None:
        self._seen: dict[str, tuple[str, int]] = {}

    def note(self, match: Match, game: int) -> None:
        stream = [e.to_json() for e in match.events if e.audience.everyone]
        key = json.dumps(stream, sort_keys=True)
        public = json.dumps(match.view(0).public, sort_keys=True)
        earlier = self._seen.setdefault(key, (public, game))
        assert earlier[0] == public, (
            "the public dict is not a function of the public events: after the same "
            f"public events, game {earlier[1]} showed {earlier[0]} and game {game} {public}"
        )


def _snapshot(match: Match) -> tuple[object, tuple[Event, ...], tuple[object, ...], object]:
    return (match.state, tuple(match.events), tuple(match.inputs), match.pending())


def _expect_refused(match: Match, what: str, attempt: Callable[[], object]) -> None:
    before = _snapshot(match)
    try:
        attempt()
    except IllegalAction as exc:
        assert exc.code.startswith("action."), f"{what}: unexpected code {exc.code}"
        assert exc.message
    else:
        raise AssertionError(f"{what} was accepted")
    after = _snapshot(match)
    assert after[0] is before[0] or after[0] == before[0], f"{what} changed the state"
    assert after[1] == before[1], f"{what} changed the events"
    assert after[2] == before[2], f"{what} changed the inputs"
    assert after[3] == before[3], f"{what} changed the pending decisions"


def _random_action(rng: random.Random, kinds: Sequence[str], n: int) -> Action:
    kind = rng.choice([*kinds, "pass", "vote", "dance"])
    players = tuple(rng.randrange(-1, n + 1) for _ in range(rng.randrange(3)))
    centre = tuple(rng.randrange(-1, 4) for _ in range(rng.randrange(3)))
    return Action(kind, players, centre)


def probe_illegal(match: Match, rng: random.Random, count: int) -> int:
    """(c) Try ``count`` random illegal inputs; each must be refused and change nothing."""
    n = len(match.players)
    pending = match.pending()
    by_seat: dict[int, Decision] = {d.seat: d for d in pending}
    kinds = sorted({a.kind for d in pending for a in d.options})
    every = [a for d in pending for a in d.options]
    tried = 0
    for _ in range(count):
        seat = rng.randrange(-1, n + 1)
        roll = rng.random()
        decision = by_seat.get(seat)
        if roll < 0.15:
            if decision is None:
                _expect_refused(
                    match, f"timeout for idle seat {seat}", partial(match.timeout, seat)
                )
                tried += 1
            continue
        if roll < 0.25:
            if not 0 <= seat < n or not match.variant.may_speak(match.state, seat):
                _expect_refused(
                    match, f"statement by seat {seat}", partial(match.say, seat, Statement("probe"))
                )
                tried += 1
            continue
        # Half the time an option legal for some seat (maybe not this one), else anything.
        action = rng.choice(every) if roll < 0.55 and every else _random_action(rng, kinds, n)
        if decision is not None and decision.allows(action):
            continue
        _expect_refused(
            match,
            f"seat {seat} submitting {action.describe()}",
            partial(match.submit, seat, action),
        )
        tried += 1
    return tried


# --- (a)-(e): one checked playout -----------------------------------------------------------------


@dataclass(slots=True)
class Playout:
    """What one checked playout did."""

    match: Match
    actions: int = 0
    timeouts: int = 0
    statements: int = 0
    refused_statements: int = 0
    probes: int = 0


def check_playouts(family: Family, config: TableConfig, seeds: Sequence[int]) -> list[Playout]:
    """:func:`check_playout` for each seed, with one :class:`PublicLedger` for them all."""
    ledger = PublicLedger()
    return [check_playout(family, config, seed, ledger=ledger) for seed in seeds]


def check_playout(
    family: Family,
    config: TableConfig,
    seed: int,
    *,
    probes: int = 2,
    ledger: PublicLedger | None = None,
) -> Playout:
    """Play a random game with every check (a)-(e) after every input; return what it did.

    ``probes`` illegal inputs are tried before each input.  Give a ``ledger``
    shared by games of the same table to check that the ``public`` dict is a
    function of the public events.
    """
    match = start(family, config, seed)
    policy = RandomPolicy(random.Random(seed))
    probe_rng = random.Random(f"probe/{seed}")
    out = Playout(match)

    def check_now() -> None:
        family.invariant(match)
        check_decisions(match)
        check_views(match)
        if ledger is not None:
            ledger.note(match, seed)

    check_now()
    family.audiences(match, None, match.events)
    while not match.over:
        assert len(match.inputs) < MAX_INPUTS, f"the game did not end within {MAX_INPUTS} inputs"
        if probes:
            out.probes += probe_illegal(match, probe_rng, probes)
        move = policy.choose(match)
        move_action: Action | None = None
        if move.type == "statement":
            assert move.statement is not None
            if not match.variant.may_speak(match.state, move.seat):
                out.refused_statements += 1
                _expect_refused(
                    match,
                    "a statement the family forbids",
                    partial(match.say, move.seat, move.statement),
                )
                continue
            out.statements += 1
        elif move.type == "timeout":
            out.timeouts += 1
            decision = match.decision_for(move.seat)
            assert decision is not None
            move_action = decision.default
        else:
            out.actions += 1
            decision = match.decision_for(move.seat)
            assert decision is not None and move.action is not None
            assert move.action in decision.options  # chosen among pending options
            move_action = move.action
        mark = len(match.inputs)
        returned = apply_move(match, move)
        # The new entries: the input itself, then any chance outcomes it triggered.
        entry = match.inputs[mark]
        assert entry.type == move.type and entry.seat == move.seat
        if move.type != "statement":
            assert entry.action == move_action, "the record holds another action than was taken"
        assert all(e.type == "chance" for e in match.inputs[mark + 1 :])
        assert tuple(match.events[len(match.events) - len(returned) :]) == returned
        family.audiences(match, move, returned)
        check_now()

    # (b) the same seed and policy give the same record (the probes above changed nothing).
    record = to_record(match)
    text = json.dumps(record, sort_keys=True)
    again = json.dumps(to_record(play(family, config, seed)), sort_keys=True)
    assert again == text, "the same seed and policy gave a different record"

    # (d) the JSON record replays to the same inputs, events and outcome.
    rebuilt = replay(json.loads(text))
    assert json.dumps(to_record(rebuilt), sort_keys=True) == text, "replay differs"
    assert rebuilt.outcome == match.outcome
    assert [e.to_json() for e in rebuilt.events] == [e.to_json() for e in match.events]
    return out


# --- (f) counterfactual worlds --------------------------------------------------------------------


class _ChanceMismatch(Exception):
    """An alternative chance history does not fit the draws the game asks for."""


class _FixedChance:
    """Chance outcomes given in advance, in order."""

    def __init__(self, entries: ChanceEntries) -> None:
        self._entries = list(entries)
        self._next = 0

    def draw(self, request: ChanceRequest) -> JSON:
        if self._next >= len(self._entries):
            raise _ChanceMismatch(request.label)
        label, value = self._entries[self._next]
        self._next += 1
        if label != request.label:
            raise _ChanceMismatch(request.label)
        return value


Trace = list[tuple[str, JSON]]
"""What one seat saw: ``(moment, SeatView.to_json())`` in order."""


@dataclass(slots=True)
class World:
    """A game rebuilt from given chance outcomes and moves, observed seat by seat."""

    match: Match
    traces: dict[int, Trace]
    public: list[tuple[str, JSON]]
    private: dict[int, list[JSON]]


def _public_part(view: SeatView) -> JSON:
    return {
        "public": view.public,
        "events": [e.to_json() for e in view.events if e.audience.everyone],
    }


def observe(
    family: Family, config: TableConfig, chances: ChanceEntries, moves: Sequence[Move]
) -> World | None:
    """Replay ``moves`` over ``chances``; None if a move is illegal in that world.

    Each seat's trace holds its view before each of its own moves, at each new
    checkpoint, and just before the last move (the last moment before the end).
    """
    game_config = GameConfig(family.variant.name, config.players, config.deck, dict(config.options))
    try:
        match = Match(family.variant, game_config, _FixedChance(chances))
    except _ChanceMismatch:
        return None
    n = len(config.players)
    traces: dict[int, Trace] = {s: [] for s in range(n)}
    public: list[tuple[str, JSON]] = []

    def mark(label: str, seats: Sequence[int]) -> None:
        for s in seats:
            traces[s].append((label, match.view(s).to_json()))

    last = family.checkpoint(match)
    if last is not None:
        mark(last, range(n))
        public.append((last, _public_part(match.view(0))))
    for k, move in enumerate(moves):
        if k == len(moves) - 1:
            mark("before the last input", range(n))
        else:
            mark(f"before its input #{k}", (move.seat,))
        try:
            apply_move(match, move)
        except (IllegalAction, _ChanceMismatch):
            return None
        label = family.checkpoint(match)
        if label is not None and label != last:
            mark(label, range(n))
            public.append((label, _public_part(match.view(0))))
        last = label
    private = {
        s: [e.to_json() for e in match.events if not e.audience.everyone and e.audience.includes(s)]
        for s in range(n)
    }
    return World(match, traces, public, private)


@dataclass(slots=True)
class Counterfactuals:
    """How many alternative worlds replayed, and how many seat comparisons were made."""

    worlds: int = 0
    skipped: int = 0
    compared: int = 0
    """(world, seat) pairs whose private events matched, so whose views were compared."""
    vacuous: int = 0
    """(world, seat) pairs whose private events differed (nothing to compare)."""


def _first_difference(a: Trace, b: Trace) -> str:
    for (label_a, view_a), (label_b, view_b) in zip(a, b, strict=False):
        if label_a != label_b:
            return f"moments differ: {label_a!r} / {label_b!r}"
        if view_a != view_b:
            for key in view_a:
                if view_a[key] != view_b[key]:
                    return f"at {label_a!r}, '{key}' differs:\n  {view_a[key]}\n  {view_b[key]}"
    return f"{len(a)} moments against {len(b)}"


def check_counterfactuals(
    family: Family, config: TableConfig, seed: int, *, worlds: int = 4
) -> Counterfactuals:
    """(f) A seat's views do not change when cards it never learnt about change.

    Plays a random game, then tries the family's alternative chance histories
    in turn until ``worlds`` of them replay the same inputs, and compares.
    """
    played = play(family, config, seed)
    chances = recorded_chance(played)
    moves = recorded_moves(played)
    actual = observe(family, config, chances, moves)
    assert actual is not None, "the recorded game does not replay its own inputs"
    report = Counterfactuals()
    for alternative in family.alternatives(played, random.Random(f"worlds/{seed}")):
        if report.worlds >= worlds:
            break
        other = observe(family, config, alternative, moves)
        if other is None:
            report.skipped += 1
            continue
        report.worlds += 1
        assert other.public == actual.public, (
            "the public part at a checkpoint depends on the deal:\n"
            f"  {actual.public}\n  {other.public}"
        )
        for seat, trace in actual.traces.items():
            if other.private[seat] != actual.private[seat]:
                report.vacuous += 1
                continue
            report.compared += 1
            assert other.traces[seat] == trace, (
                f"seat {seat} learnt nothing different privately, yet its view changed "
                f"with the deal {alternative} instead of {chances}: "
                + _first_difference(trace, other.traces[seat])
            )
    return report


# --- corrupted records ---------------------------------------------------------------------------


def _first_input(record: dict[str, JSON], kind: str) -> dict[str, JSON]:
    entry: dict[str, JSON] = next(i for i in record["inputs"] if i["type"] == kind)
    return entry


def _card_not_text(record: dict[str, JSON]) -> None:
    record["config"]["deck"][0] = 7


def _chance_holds_text(record: dict[str, JSON]) -> None:
    value = _first_input(record, "chance")["value"]
    value[-1] = str(value[-1])


def _seat_not_a_number(record: dict[str, JSON]) -> None:
    _first_input(record, "action")["seat"] = "one"


def _unknown_option(record: dict[str, JSON]) -> None:
    record["config"]["options"]["no_such_option"] = True


def _players_not_a_list(record: dict[str, JSON]) -> None:
    record["config"]["players"] = 5


def _no_inputs(record: dict[str, JSON]) -> None:
    del record["inputs"]


def _unknown_action(record: dict[str, JSON]) -> None:
    _first_input(record, "action")["action"] = {"kind": "dance"}


def _statement_not_an_object(record: dict[str, JSON]) -> None:
    record["inputs"].append({"type": "statement", "seat": 0, "statement": "hello"})


def _event_rewritten(record: dict[str, JSON]) -> None:
    record["events"][-1]["data"] = {"rewritten": True}


def _wrong_version(record: dict[str, JSON]) -> None:
    record["version"] = -1


def _unknown_input_type(record: dict[str, JSON]) -> None:
    record["inputs"].append({"type": "telepathy", "seat": 0})


def _extra_chance(record: dict[str, JSON]) -> None:
    first = next(i for i in record["inputs"] if i["type"] == "chance")
    record["inputs"].append(dict(first))


def _outcome_rewritten(record: dict[str, JSON]) -> None:
    record["outcome"] = {"winners": [], "teams": [], "reasons": []}


RECORD_CORRUPTIONS: dict[str, Callable[[dict[str, JSON]], None]] = {
    "an input of unknown type": _unknown_input_type,
    "a chance outcome the game never draws": _extra_chance,
    "a rewritten outcome": _outcome_rewritten,
    "a card that is not text": _card_not_text,
    "a chance outcome holding text": _chance_holds_text,
    "a seat that is not a number": _seat_not_a_number,
    "an unknown option": _unknown_option,
    "players that are not a list": _players_not_a_list,
    "no inputs": _no_inputs,
    "an unknown action": _unknown_action,
    "a statement that is not an object": _statement_not_an_object,
    "a rewritten event": _event_rewritten,
    "a wrong version": _wrong_version,
}
"""Family-independent ways to spoil a finished game's record (it needs an action and events)."""


def check_corrupt_record_is_refused(match: Match, corruption: str) -> None:
    """(d) A spoilt record is refused with :class:`RecordError`, never another exception."""
    record = json.loads(json.dumps(to_record(match)))
    RECORD_CORRUPTIONS[corruption](record)
    try:
        replay(record)
    except RecordError:
        return
    raise AssertionError(f"a record with {corruption} replays")

"""What every table game master shares: the interfaces, the chance at a physical table, and
:class:`TableMaster` (cues on time, questions to the narrator, answers tried on a copy of the
match and kept only if they all hold, the deal typed seat by seat, the night-and-day loop and
the reading out of the day's news).

Contract: this module knows no family.  A family's game master subclasses
:class:`TableMaster`, sets ``family`` and provides ``_night``, ``_news``, ``_open`` and
``_day_decision``; everything it says goes through a :class:`TableOutput` and a
:class:`Speaker`, everything it asks through a :class:`Prompter`, and it waits only on a
:class:`Clock`, so tests play a whole game instantly.
"""

from __future__ import annotations

import math
import random
from collections import Counter, deque
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from enum import StrEnum
from typing import Protocol, TypeVar

from loupgarou.core.actions import PASS, Action, Decision
from loupgarou.core.chance import ChanceRequest
from loupgarou.core.errors import IllegalAction, ScriptError
from loupgarou.core.events import JSON, Event
from loupgarou.core.variant import GameConfig
from loupgarou.engine.match import Match
from loupgarou.narration import Cue, CueKind, Locale, Timing, timeline, total_seconds
from loupgarou.narration.answers import (
    BadAnswer,
    Players,
    fold,
    parse_cards,
    split,
)
from loupgarou.narration.cues import ROLE_CALL_KINDS
from loupgarou.variants.registry import find_family

T = TypeVar("T")

TICKING = frozenset({CueKind.DISCUSSION, CueKind.COUNTDOWN})
_EPSILON = 1e-6


# --- the interfaces ----------------------------------------------------------------------------


class Clock(Protocol):
    """Monotonic time in seconds, and a way to wait."""

    def now(self) -> float: ...

    def sleep(self, seconds: float) -> None: ...


class TableOutput(Protocol):
    """Where the game master shows what it says, the countdown, and notes for the narrator."""

    def cue(self, at: float, cue: Cue) -> None:
        """A cue said to the table, ``at`` seconds after the game started."""

    def tick(self, left: float) -> None:
        """The discussion has ``left`` seconds to go."""

    def note(self, text: str) -> None:
        """Something for the narrator's eyes only (never read aloud)."""

    def close(self) -> None: ...


class Prompter(Protocol):
    """Asks the narrator one question and returns the answer typed (raises EOFError at the end)."""

    def ask(self, question: str) -> str: ...


class Speaker(Protocol):
    def say(self, text: str) -> None: ...

    def stop(self) -> None:
        """Cut any speech short (on Ctrl-C)."""

    def close(self) -> None:
        """Let the last text finish."""


class Silent:
    """A :class:`Speaker` that says nothing."""

    def say(self, text: str) -> None:
        pass

    def stop(self) -> None:
        pass

    def close(self) -> None:
        pass


# --- chance at a physical table ----------------------------------------------------------------


class TableChance:
    """The engine's chance source at a table with physical cards.

    ``deal`` answers the deal; :meth:`prime` fixes the next outcome of a label
    (what the narrator saw); every other draw comes from ``rng``.
    """

    def __init__(self, deal: Sequence[int], rng: random.Random) -> None:
        self.deal = list(deal)
        self.rng = rng
        self._primed: dict[str, deque[JSON]] = {}

    def prime(self, label: str, value: JSON) -> None:
        self._primed.setdefault(label, deque()).append(value)

    def reset(self) -> None:
        """Forget every primed outcome (an answer was refused)."""
        self._primed.clear()

    def draw(self, request: ChanceRequest) -> JSON:
        if request.label == "deal":
            return list(self.deal)
        queue = self._primed.get(request.label)
        if queue:
            return queue.popleft()
        if request.kind == "choice":
            return self.rng.randrange(request.size)
        if request.kind == "bernoulli":
            return self.rng.random() < request.p
        order = list(range(request.size))
        self.rng.shuffle(order)
        return order


R = TypeVar("R", bound=StrEnum)
"""A family's role type (its cards)."""

News = Cue | str
"""A piece of news: a cue said to the table, or a note (str) for the narrator's eyes only."""


def role_aliases(names: Mapping[str, R], roles: Iterable[R], locale: Locale) -> dict[str, R]:
    """Every name a card may be typed as: the family's ``names`` (English, French...), and
    the locale's (themed), singular and plural."""
    out = {fold(name): role for name, role in names.items()}
    for role in roles:
        out[fold(locale.role(role))] = role
        out[fold(locale.role(role, many=True))] = role
    return out


def aim(kind: str) -> Callable[[int], Action]:
    """The action ``kind`` aimed at a target (its one player)."""
    return lambda target: Action(kind, (target,))


def submit(match: Match, seat: int, action: Action) -> None:
    match.submit(seat, action)


def _dealt_order(deck: Sequence[R], dealt: Sequence[R]) -> list[int]:
    """The card ids in deal order: seat by seat as typed, then the cards left over."""
    ids = list(range(len(deck)))
    order: list[int] = []
    for role in dealt:
        card = next(i for i in ids if deck[i] is role)
        ids.remove(card)
        order.append(card)
    return order + ids


class TableMaster:
    """What a game master does for any family: say cues on time, ask the narrator, run the engine.

    A family's game master (:class:`GameMaster` for Thiercelieux,
    :class:`LupusGameMaster`) adds its nights and days.
    """

    family: str = ""
    """The registry name of the family this game master plays."""
    skip_calls_when_over: bool = True
    """Whether a script's remaining role calls are skipped once the game is over."""

    def __init__(
        self,
        names: Sequence[str],
        locale: Locale,
        timing: Timing,
        *,
        clock: Clock,
        output: TableOutput,
        prompter: Prompter,
        speaker: Speaker | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self.locale = locale
        self.timing = timing
        self.clock = clock
        self.output = output
        self.prompter = prompter
        self.speaker: Speaker = speaker or Silent()
        self.rng = rng or random.Random()
        self.players = Players(tuple(names))
        self.variant = find_family(self.family)
        self.n = len(names)
        self.chance = TableChance((), self.rng)
        self.match: Match | None = None
        self.seen = 0
        """How many of the match's events have been read out (or skipped)."""
        self.start = 0.0

    @property
    def m(self) -> Match:
        assert self.match is not None, "the game has not started"
        return self.match

    def _public(self) -> Mapping[str, JSON]:
        public: Mapping[str, JSON] = self.variant.public(self.m.state)
        return public

    def _alive(self) -> list[int]:
        return list(self._public()["alive"])

    # --- saying, showing, asking -----------------------------------------------------------

    def _show(self, cue: Cue) -> None:
        self.output.cue(self.clock.now() - self.start, cue)
        self.speaker.say(cue.text)

    def _note(self, key: str, **params: object) -> None:
        self.output.note(self.locale.text(key, **params))

    def _wait_until(self, moment: float) -> None:
        delay = moment - self.clock.now()
        if delay > 0:
            self.clock.sleep(delay)

    def _play(self, cues: Sequence[Cue], after: Callable[[Cue], None] | None = None) -> None:
        """Say ``cues`` on time; ``after`` runs once each cue is shown (it may ask questions).

        An answer that comes late pushes the rest back, so every cue keeps its length.
        Once the game is over, the remaining role calls are skipped
        (``skip_calls_when_over``).
        """
        origin = self.clock.now()
        times = timeline(cues)
        vote_at = next((at for at, c in times if c.kind is CueKind.VOTE), None)
        for at, cue in times:
            if (
                self.skip_calls_when_over
                and self.match is not None
                and self.m.over
                and cue.kind in ROLE_CALL_KINDS
            ):
                continue
            self._wait_until(origin + at)
            self._show(cue)
            if cue.kind in TICKING and vote_at is not None:
                left = vote_at - at
                self._count_down(origin + vote_at, left, left - cue.seconds)
            if after is not None:
                after(cue)
                late = self.clock.now() - (origin + at + cue.seconds)
                if late > 0:
                    origin += late
        self._wait_until(origin + total_seconds(cues))

    def _count_down(self, vote_at: float, left: float, until: float) -> None:
        """Tick from ``left`` seconds before the vote (due at ``vote_at``) down to ``until``,
        once per whole second."""
        while left > until + _EPSILON:
            self.output.tick(left)
            left = max(until, math.ceil(left - _EPSILON) - 1.0)
            self._wait_until(vote_at - left)

    def _ask(self, key: str, parse: Callable[[str], T], **params: object) -> T:
        """Ask until the answer parses (and whatever ``parse`` applies holds)."""
        question = self.locale.text(key, **params)
        while True:
            try:
                answer = self.prompter.ask(question)
            except EOFError:
                raise ScriptError(
                    "narrate.input_ended",
                    "the answers ran out before the game was over (end of input)",
                ) from None
            try:
                return parse(answer)
            except BadAnswer as error:
                self.output.note(self.locale.text(error.key, **error.params))

    def _attempt(self, apply: Callable[[Match], None]) -> None:
        """Apply answers to a copy of the match; keep it only if every step holds."""
        trial = self.m.fork()
        try:
            apply(trial)
        except IllegalAction as exc:
            raise BadAnswer("error.illegal", detail=exc.message) from exc
        finally:
            self.chance.reset()
        self.match = trial

    def _names(self, seats: Sequence[int]) -> str:
        return self.locale.join([self.players.name(s) for s in seats])

    def _ask_cards(
        self,
        deck: Sequence[R],
        aliases: Mapping[str, R],
        listing: Callable[[Iterable[R]], str],
    ) -> list[int]:
        """Ask each seat's card, in seat order (one answer may fill several seats); return
        the card ids in deal order (see :func:`_dealt_order`)."""
        self._note("note.deal")
        dealt: list[R] = []
        while len(dealt) < self.n:
            seat = len(dealt)

            def take(answer: str, seat: int = seat, dealt: list[R] = dealt) -> list[R]:
                left = Counter(deck) - Counter(dealt)
                remaining = listing(left.elements())
                cards = parse_cards(answer, aliases, remaining)
                if len(cards) > self.n - seat:
                    raise BadAnswer("error.card_count", count=len(cards), total=self.n - seat)
                for role, wanted in Counter(cards).items():
                    if wanted > left[role]:
                        raise BadAnswer(
                            "error.no_card_left", role=self.locale.role(role), cards=remaining
                        )
                return cards

            dealt += self._ask("ask.card", take, name=self.players.name(seat), seat=seat + 1)
        return _dealt_order(deck, dealt)

    # --- the game --------------------------------------------------------------------------

    def _run(self, config: GameConfig, deal: Sequence[int]) -> Match:
        """Start the match with ``deal``, then play nights and days until it is over."""
        self.chance = TableChance(deal, self.rng)
        self.match = Match(self.variant, config, self.chance)
        night = 0
        while not self.m.over:
            night += 1
            self._night(night)
            self._day()
        self.output.close()
        self.speaker.close()
        return self.m

    def _night(self, number: int) -> None:
        """Night ``number``: the family's script, and its questions at each call."""
        raise NotImplementedError

    # --- the day ---------------------------------------------------------------------------

    nightfall: str = ""
    """The public event after which the news is the night's (not read out by day)."""
    openers: frozenset[str] = frozenset()
    """The public events that open a part of the day (:meth:`_open` plays it)."""

    def _day(self) -> None:
        """Read out the news and ask the day's decisions until night falls or the game ends."""
        while True:
            self._read_news()
            if self.m.over or self._public()["phase"] == "night":
                return
            pending = self.m.pending()
            assert pending, "by day the engine always waits for a decision or is over"
            self._day_decision(pending)

    def _day_decision(self, pending: Sequence[Decision]) -> None:
        """Ask the first of the day's ``pending`` decisions (and any asked with it)."""
        raise NotImplementedError

    def _read_news(self) -> None:
        """Read out the public events not read yet, up to nightfall."""
        events = self.m.events
        batch: list[News] = []
        while self.seen < len(events):
            event = events[self.seen]
            self.seen += 1
            if not event.audience.everyone:
                continue
            if event.kind == self.nightfall:
                self.seen = len(events)
                break
            if event.kind in self.openers:
                self._tell(batch)
                batch = []
                self._open(event)
                continue
            batch += self._news(event)
        self._tell(batch)

    def _open(self, event: Event) -> None:
        """Play the part of the day ``event`` (one of :attr:`openers`) opens."""
        raise NotImplementedError

    def _news(self, event: Event) -> Sequence[News]:
        """What the table is told (and the narrator shown) of a public ``event``."""
        raise NotImplementedError

    def _tell(self, items: Sequence[News]) -> None:
        """Say the cues on time; show the notes between them, where they fall."""
        cues: list[Cue] = []
        for item in items:
            if isinstance(item, Cue):
                cues.append(item)
            else:
                self._play(cues)
                cues = []
                self.output.note(item)
        self._play(cues)

    def _verdict_reasons(
        self, data: Mapping[str, JSON], say: Callable[..., Cue], known: Collection[str]
    ) -> list[Cue]:
        """The verdict's reasons (``known`` ones in the locale's words, the others in the
        engine's) and its winners."""
        cues: list[Cue] = []
        for reason in data["reasons"]:
            code = reason["code"]
            if code in known:
                cues.append(say(f"end.reason.{code}"))
            else:  # a reason this locale does not know yet: the engine's English words
                cues.append(Cue(CueKind.ANNOUNCE, "day", code, reason["text"], 0.0))
        winners = [int(s) for s in data["winners"]]
        if winners:
            cues.append(say("end.winners", names=self._names(winners)))
        return cues

    # --- choices and votes -----------------------------------------------------------------

    def _choose(
        self,
        seat: int,
        key: str,
        targets: Sequence[int],
        act: Callable[[int], Action],
        *,
        none: bool = False,
        **params: object,
    ) -> int | None:
        """Ask ``seat``'s one target among ``targets`` and submit ``act(target)`` (or pass,
        when ``none`` allows nobody); return the target."""

        def parse(answer: str) -> int | None:
            target = self.players.one(answer, targets, none=none)
            action = PASS if target is None else act(target)
            self._attempt(lambda m: submit(m, seat, action))
            return target

        return self._ask(key, parse, **params)

    def _ask_ballots(self, key: str, voters: list[int], one: Callable[[int], None]) -> None:
        """A vote: every voter's ballot in seat order, or one player, ``one(player)``."""

        def parse(answer: str) -> None:
            items = split(answer)
            if len(items) == len(voters) and len(items) > 1:
                targets = [self.players.find(item) for item in items]
                self._attempt(lambda m: self._cast(m, voters, targets))
                return
            try:
                chosen = self.players.find(answer)
            except BadAnswer:
                if len(items) > 1:
                    raise BadAnswer("error.ballots", count=len(voters)) from None
                raise
            one(chosen)

        self._ask(key, parse, voters=self.players.listing(voters))

    def _cast(self, m: Match, voters: list[int], targets: list[int]) -> None:
        """Each voter votes for their target; refused if a ballot is not allowed."""
        for voter, target in zip(voters, targets, strict=True):
            action = Action("vote", (target,))
            if action not in m.legal(voter):
                allowed = [a.players[0] for a in m.legal(voter)]
                raise BadAnswer(
                    "error.ballot",
                    voter=self.players.name(voter),
                    name=self.players.name(target),
                    names=self.players.listing(allowed),
                )
            m.submit(voter, action)

"""What every table game master shares: the chance at a physical table and :class:`TableMaster`
(cues on time, questions to the narrator, answers tried on a copy of the match and kept only
if they all hold, the deal typed seat by seat, the night-and-day loop and the reading out of
the day's news).

Contract: this module knows no family.  A family's game master subclasses
:class:`TableMaster`, sets ``family`` and provides ``play``, ``_night``, ``_news``,
``_open`` and ``_day_decision``.  Every part that says, shows, waits or asks is a
generator of :mod:`~loupgarou.tablemaster.requests` (``yield from`` joins them): the game
master never touches the world, never sleeps and reads no clock; the only time it knows
is the one its driver sends back (:attr:`TableMaster.now`).  Its random draws come from a
generator seeded with the ``seed`` it is given, so a game is a pure function of the table,
the seed and the values sent in.
"""

from __future__ import annotations

import math
import random
from collections import Counter, deque
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from enum import StrEnum
from typing import TypeVar

from loupgarou.core.actions import PASS, Action, Decision
from loupgarou.core.chance import ChanceRequest
from loupgarou.core.errors import IllegalAction
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
from loupgarou.tablemaster.requests import (
    Answer,
    Ask,
    Note,
    Say,
    Steps,
    Tick,
    Wait,
    is_time,
)
from loupgarou.variants.registry import find_family

T = TypeVar("T")

TICKING = frozenset({CueKind.DISCUSSION, CueKind.COUNTDOWN})
"""Cues during which the discussion's time left is ticked, second by second."""
_EPSILON = 1e-6

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


def _unique(items: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


WORDS: Mapping[str, Mapping[str, str]] = {
    "en": {"yes": "yes", "no": "no", "none": "none", "keep": "keep"},
    "fr": {"yes": "oui", "no": "non", "none": "personne", "keep": "garder"},
}
"""The words offered as choices, per language (every language's words are understood)."""


class TableMaster:
    """What a game master does for any family: say cues on time, ask the narrator, run the engine.

    A family's game master (:class:`~loupgarou.tablemaster.thiercelieux.GameMaster`,
    :class:`~loupgarou.tablemaster.lupus.LupusGameMaster`) adds its deal, nights and days.
    :meth:`play` makes the generator a driver runs (see :mod:`loupgarou.tablemaster`).
    """

    family: str = ""
    """The registry name of the family this game master plays."""
    skip_calls_when_over: bool = True
    """Whether a script's remaining role calls are skipped once the game is over."""

    def __init__(
        self, names: Sequence[str], locale: Locale, timing: Timing, *, seed: int = 0
    ) -> None:
        self.locale = locale
        self.timing = timing
        self.seed = seed
        self.rng = random.Random(seed)
        self.players = Players(tuple(names))
        self.variant = find_family(self.family)
        self.n = len(names)
        self.chance = TableChance((), self.rng)
        self.match: Match | None = None
        """The match (``None`` until the deal is typed); it is replaced by a copy each time
        answers are applied."""
        self.seen = 0
        """How many of the match's events have been read out (or skipped)."""
        self.now = 0.0
        """The time, in seconds since the game started, as the driver last sent it."""
        self._words = WORDS.get(locale.language, WORDS["en"])

    def play(self) -> Steps[Match]:
        """The whole game: the deal, then nights and days until the engine declares the
        winner; returns the finished match."""
        raise NotImplementedError

    @property
    def m(self) -> Match:
        assert self.match is not None, "the game has not started"
        return self.match

    def _public(self) -> Mapping[str, JSON]:
        public: Mapping[str, JSON] = self.variant.public(self.m.state)
        return public

    def _alive(self) -> list[int]:
        return list(self._public()["alive"])

    # --- saying, showing, waiting, asking ---------------------------------------------------

    def _show(self, cue: Cue) -> Steps[None]:
        yield Say(self.now, cue)

    def _note(self, key: str, **params: object) -> Steps[None]:
        yield Note(self.locale.text(key, **params))

    def _wait_until(self, moment: float) -> Steps[None]:
        """Go on at ``moment``: a :class:`Wait`, unless that time has come already."""
        if moment > self.now:
            sent = yield Wait(moment)
            if not is_time(sent):
                raise TypeError(f"a Wait is resumed with the time, not {sent!r}")
            assert isinstance(sent, int | float)
            self.now = max(moment, float(sent))

    def _play(
        self, cues: Sequence[Cue], after: Callable[[Cue], Steps[None]] | None = None
    ) -> Steps[None]:
        """Say ``cues`` on time; ``after`` runs once each cue is said (it may ask questions).

        An answer that comes late pushes the rest back, so every cue keeps its length.
        Once the game is over, the remaining role calls are skipped
        (``skip_calls_when_over``).
        """
        origin = self.now
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
            yield from self._wait_until(origin + at)
            yield from self._show(cue)
            if cue.kind in TICKING and vote_at is not None:
                left = vote_at - at
                yield from self._count_down(origin + vote_at, left, left - cue.seconds)
            if after is not None:
                yield from after(cue)
                late = self.now - (origin + at + cue.seconds)
                if late > 0:
                    origin += late
        yield from self._wait_until(origin + total_seconds(cues))

    def _count_down(self, vote_at: float, left: float, until: float) -> Steps[None]:
        """Tick from ``left`` seconds before the vote (due at ``vote_at``) down to ``until``,
        once per whole second."""
        while left > until + _EPSILON:
            yield Tick(left)
            left = max(until, math.ceil(left - _EPSILON) - 1.0)
            yield from self._wait_until(vote_at - left)

    def _ask(
        self,
        key: str,
        parse: Callable[[str], T],
        choices: Iterable[str] = (),
        **params: object,
    ) -> Steps[T]:
        """Ask until the answer parses (and whatever ``parse`` applies holds); each refusal
        is a note that says why, and the same question again."""
        return (yield from self._ask_for(key, parse, choices, params))

    def _ask_for(
        self,
        key: str,
        parse: Callable[[str], T],
        choices: Iterable[str],
        params: Mapping[str, object],
        *,
        pick: int = 1,
        upto: bool = False,
        alone: tuple[str, ...] = (),
        typed: str = "",
    ) -> Steps[T]:
        """:meth:`_ask`, where ``pick`` of the choices together make an answer (Cupid's two
        Lovers), or one to ``pick`` with ``upto``, a choice of ``alone`` by itself; ``typed``
        the key of what a narrator who types is told to type for an answer no choice
        names (:class:`Ask`)."""
        text = self.locale.text(key, **params)
        hint = self.locale.text(typed) if typed else ""
        ask = Ask(key, text, _unique(choices), pick, upto, alone, hint)
        while True:
            sent = yield ask
            if not isinstance(sent, Answer):
                raise TypeError(f"an Ask is resumed with an Answer(text, now), not {sent!r}")
            self.now = max(self.now, sent.now)
            try:
                return parse(sent.text)
            except BadAnswer as error:
                yield Note(self.locale.text(error.key, **error.params))

    def _attempt(self, apply: Callable[[Match], None]) -> None:
        """Apply answers to a copy of the match; keep it only if every step holds."""
        trial = self.m.fork()
        try:
            apply(trial)
        except IllegalAction as exc:
            raise BadAnswer("error.illegal", detail=self._refusal(exc)) from exc
        finally:
            self.chance.reset()
        self.match = trial

    def _refusal(self, exc: IllegalAction) -> str:
        """Why the engine refused, in the table's language: the text of ``refusal.<code>``
        naming the players the refusal's data names (the engine's English message for a
        refusal the locale has no text for)."""
        key = "refusal.must_choose" if exc.data.get("mandatory") is True else f"refusal.{exc.code}"
        if key not in self.locale.texts:
            return exc.message
        names = self.players.names

        def name(seat: JSON) -> str:
            return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""

        waiting = exc.data.get("waiting")
        listed = [name(s) for s in waiting] if isinstance(waiting, list) else []
        return self.locale.text(
            key, name=name(exc.data.get("seat")), names=self.locale.join([n for n in listed if n])
        )

    def _names(self, seats: Sequence[int]) -> str:
        return self.locale.join([self.players.name(s) for s in seats])

    # --- choices ---------------------------------------------------------------------------

    def _named(self, seats: Iterable[int], *, none: bool = False) -> tuple[str, ...]:
        """The names of ``seats`` (in seat order) as choices, and "nobody" with ``none``."""
        names = tuple(self.players.name(s) for s in sorted(set(seats)))
        return (*names, self._words["none"]) if none else names

    def _yes_no(self) -> tuple[str, ...]:
        return (self._words["yes"], self._words["no"])

    def _ask_cards(
        self,
        deck: Sequence[R],
        aliases: Mapping[str, R],
        listing: Callable[[Iterable[R]], str],
    ) -> Steps[list[int]]:
        """Ask each seat's card, in seat order (one answer may fill several seats); return
        the card ids in deal order (see :func:`_dealt_order`)."""
        yield from self._note("note.deal")
        dealt: list[R] = []
        while len(dealt) < self.n:
            seat = len(dealt)
            left = Counter(deck) - Counter(dealt)

            def take(answer: str, seat: int = seat, left: Counter[R] = left) -> list[R]:
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

            choices = [self.locale.role(role) for role in deck if left[role]]
            name = self.players.name(seat)
            dealt += yield from self._ask("ask.card", take, choices, name=name, seat=seat + 1)
        return _dealt_order(deck, dealt)

    # --- the game --------------------------------------------------------------------------

    def _run(self, config: GameConfig, deal: Sequence[int]) -> Steps[Match]:
        """Start the match with ``deal``, then play nights and days until it is over."""
        self.chance = TableChance(deal, self.rng)
        self.match = Match(self.variant, config, self.chance)
        night = 0
        while not self.m.over:
            night += 1
            yield from self._night(night)
            yield from self._day()
        return self.m

    def _night(self, number: int) -> Steps[None]:
        """Night ``number``: the family's script, and its questions at each call."""
        raise NotImplementedError

    # --- the day ---------------------------------------------------------------------------

    nightfall: str = ""
    """The public event after which the news is the night's (not read out by day)."""
    openers: frozenset[str] = frozenset()
    """The public events that open a part of the day (:meth:`_open` plays it)."""

    def _day(self) -> Steps[None]:
        """Read out the news and ask the day's decisions until night falls or the game ends."""
        while True:
            yield from self._read_news()
            if self.m.over or self._public()["phase"] == "night":
                return
            pending = self.m.pending()
            assert pending, "by day the engine always waits for a decision or is over"
            yield from self._day_decision(pending)

    def _day_decision(self, pending: Sequence[Decision]) -> Steps[None]:
        """Ask the first of the day's ``pending`` decisions (and any asked with it)."""
        raise NotImplementedError

    def _read_news(self) -> Steps[None]:
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
                yield from self._tell(batch)
                batch = []
                yield from self._open(event)
                continue
            batch += self._news(event)
        yield from self._tell(batch)

    def _open(self, event: Event) -> Steps[None]:
        """Play the part of the day ``event`` (one of :attr:`openers`) opens."""
        raise NotImplementedError

    def _news(self, event: Event) -> Sequence[News]:
        """What the table is told (and the narrator shown) of a public ``event``."""
        raise NotImplementedError

    def _tell(self, items: Sequence[News]) -> Steps[None]:
        """Say the cues on time; show the notes between them, where they fall."""
        cues: list[Cue] = []
        for item in items:
            if isinstance(item, Cue):
                cues.append(item)
            else:
                yield from self._play(cues)
                cues = []
                yield Note(item)
        yield from self._play(cues)

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
    ) -> Steps[int | None]:
        """Ask ``seat``'s one target among ``targets`` and submit ``act(target)`` (or pass,
        when ``none`` allows nobody); return the target."""

        def parse(answer: str) -> int | None:
            target = self.players.one(answer, targets, none=none)
            action = PASS if target is None else act(target)
            self._attempt(lambda m: submit(m, seat, action))
            return target

        choices = self._named(targets, none=none)
        return (yield from self._ask(key, parse, choices, **params))

    def _ask_ballots(
        self, key: str, voters: list[int], one: Callable[[int], None], allowed: Iterable[int]
    ) -> Steps[None]:
        """A vote: every voter's ballot in seat order, or one player, ``one(player)``;
        ``allowed`` are the players offered as the result."""

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

        choices = self._named(allowed)
        yield from self._ask(key, parse, choices, voters=self.players.listing(voters))

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

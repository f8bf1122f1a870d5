"""The game masters of Thiercelieux and Lupus in Tabula: pace each night, ask the narrator what
happened, run the engine.

Contract: :class:`GameMaster` plays one game of Thiercelieux at a table with
physical cards.  The person at the keyboard (the narrator) deals the cards and
types who holds what; then, night after night, the game master reads the
night's script (:func:`loupgarou.narration.thiercelieux.night_script`) on
time and, at each call, asks the narrator what the called role did.  Every
answer becomes an action of the real engine
(:class:`~loupgarou.engine.match.Match` with the Thiercelieux variant), which
decides everything else: dawn's deaths (announced together, no cause), grief,
the Hunter's shot, the Captain's successor, the votes and their ties, and the
verdict with its reasons, all read out by the game master.

It talks to the world only through four small interfaces: a :class:`Clock`,
a :class:`TableOutput` (cues said aloud, countdown ticks, and notes for the
narrator's eyes only), a :class:`Prompter` (one question, one typed answer)
and a :class:`Speaker`.  Tests play a whole game instantly with a fake clock
and scripted answers.

Answers.  An answer that cannot be used (an unknown player, a choice the rules
do not allow) is refused with a message and the same question is asked again:
nothing is applied.  The answers of one call are tried together on a copy of
the match and kept only if every one of them holds.

Timing.  A call lasts its scripted time whether or not anybody acts in it; the
question comes right after the action cue, and the call goes on only once it
is answered, so answer within the call's time to keep every call equally long.

Chance at a physical table (:class:`TableChance`): the deal is the one typed
in; whether the Little Girl was caught is what the narrator saw; the other
draws (an election tied twice, a Captain drawn at random, a lynch tied twice
with ``lynch_second_tie`` ``random``) are drawn here and announced.

Lupus in Tabula: :class:`LupusGameMaster` shares the pacing, the questions and
the trial-then-keep application of answers (:class:`TableMaster`) and plays
the Lupus night (:func:`loupgarou.narration.lupus.night_script`: every
character of the deck called, dead or alive, for the same time; a Ghost's call
asks nothing) and day: dawn's Ghosts and the Welcome card (drawn here among
several dead), the discussion (the ``discussion_minutes`` option), stage 1
voter by voter, the suspects, the defence, the secret stage 2 and the lynch.
"""

from __future__ import annotations

import copy
import math
import random
from collections import Counter, deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Protocol, TypeVar

from loupgarou.core.actions import PASS, Action, Decision
from loupgarou.core.chance import ChanceRequest
from loupgarou.core.errors import IllegalAction, ScriptError
from loupgarou.core.events import JSON, Event
from loupgarou.core.variant import GameConfig
from loupgarou.engine.match import Match
from loupgarou.narration import Cue, CueKind, Locale, Timing, timeline, total_seconds
from loupgarou.narration import lupus as lupus_narration
from loupgarou.narration.answers import (
    KEEP_WORDS,
    BadAnswer,
    Players,
    fold,
    is_none,
    parse_cards,
    split,
    yes_no,
)
from loupgarou.narration.cues import ROLE_CALL_KINDS
from loupgarou.narration.locale import LUPUS_REASONS, LUPUS_TEAMS, THIERCELIEUX_REASONS
from loupgarou.narration.thiercelieux import (
    announcement,
    deck_text,
    election_script,
    lynch_script,
    night_script,
    revote_script,
)
from loupgarou.variants.lupus import night as lupus_night
from loupgarou.variants.lupus import variant as lupus_variant
from loupgarou.variants.lupus.day import REST
from loupgarou.variants.lupus.roles import ROLE_ALIASES as LUPUS_ALIASES
from loupgarou.variants.lupus.roles import Role as LupusRole
from loupgarou.variants.lupus.state import State as LupusState
from loupgarou.variants.lupus.state import first_clockwise
from loupgarou.variants.registry import find_family
from loupgarou.variants.thiercelieux.roles import ROLE_ALIASES, Role

T = TypeVar("T")

FAMILY = "thiercelieux"
TICKING = frozenset({CueKind.DISCUSSION, CueKind.COUNTDOWN})
NIGHT_STEP = {
    "thief": "thief",
    "cupid": "cupid",
    "seer": "seer",
    "werewolf_wake": "werewolves",
    "werewolf_vote": "werewolves",
    "little_girl": "werewolves",
    "witch": "witch",
}
"""The night call during which each kind of night decision is asked."""
VOTES = frozenset({"captain_election", "captain_revote", "lynch", "lynch_revote"})
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

    def stop(self) -> None: ...

    def close(self) -> None: ...


class _Silent:
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


# --- the table ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Table:
    """What the game master plays: players clockwise, the deck, the options, language, timing."""

    names: tuple[str, ...]
    deck: tuple[Role, ...]
    locale: Locale
    timing: Timing
    options: Mapping[str, JSON] = field(default_factory=dict)

    def config(self) -> GameConfig:
        return GameConfig(FAMILY, self.names, tuple(r.value for r in self.deck), dict(self.options))


def card_aliases(locale: Locale) -> dict[str, Role]:
    """Every name a card may be typed as: English and French names, and the locale's (themed)."""
    out = {fold(name): role for name, role in ROLE_ALIASES.items()}
    for role in Role:
        out[fold(locale.role(role))] = role
        out[fold(locale.role(role, many=True))] = role
    return out


def _submit(match: Match, seat: int, action: Action) -> None:
    match.submit(seat, action)


def fork(match: Match) -> Match:
    """A copy of ``match`` that can be changed without touching the original.

    The state is immutable, so a shallow copy with its own event and input
    lists is a full copy; the chance source is shared.
    """
    clone = copy.copy(match)
    clone.events = list(match.events)
    clone.inputs = list(match.inputs)
    return clone


R = TypeVar("R", bound=StrEnum)
"""A family's role type (its cards)."""


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
        self.speaker: Speaker = speaker or _Silent()
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

    def _announce(self, key: str, **params: object) -> None:
        self._play([announcement(self.locale, key, self.timing.announce_seconds, **params)])

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
        trial = fork(self.m)
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
    ) -> list[R]:
        """Ask each seat's card, in seat order (one answer may fill several seats)."""
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
        return dealt


class GameMaster(TableMaster):
    """Runs one game of Thiercelieux at a physical table (see the module docstring)."""

    family = FAMILY

    def __init__(
        self,
        table: Table,
        *,
        clock: Clock,
        output: TableOutput,
        prompter: Prompter,
        speaker: Speaker | None = None,
        rng: random.Random | None = None,
    ) -> None:
        super().__init__(
            table.names,
            table.locale,
            table.timing,
            clock=clock,
            output=output,
            prompter=prompter,
            speaker=speaker,
            rng=rng,
        )
        self.table = table
        self.cards: list[Role] = []
        """The card at each position (seats, then the set-aside pile), as the narrator typed it."""

    # --- the game --------------------------------------------------------------------------

    def play(self) -> Match:
        """Deal, then play nights and days until the engine declares the winner."""
        self.start = self.clock.now()
        deal = self._deal()
        self.chance = TableChance(deal, self.rng)
        self.match = Match(self.variant, self.table.config(), self.chance)
        night = 0
        while not self.m.over:
            night += 1
            self._night(night)
            self._day()
        self.output.close()
        self.speaker.close()
        return self.m

    def _holders(self, role: Role) -> list[int]:
        return [s for s in self._alive() if self.cards[s] is role]

    # --- the deal --------------------------------------------------------------------------

    def _deal(self) -> list[int]:
        """Ask each seat's card; the cards left over are set aside (with a Thief)."""
        deck = self.table.deck
        dealt = self._ask_cards(
            deck, card_aliases(self.locale), lambda cards: deck_text(cards, self.locale)
        )
        order = _dealt_order(deck, dealt)
        self.cards = [deck[i] for i in order]
        aside = self.cards[self.n :]
        if aside:
            self._note("note.set_aside", cards=", ".join(self.locale.role(r) for r in aside))
        return order

    # --- the night -------------------------------------------------------------------------

    def _night(self, number: int) -> None:
        cues = night_script(self.table.deck, number, self.locale, timing=self.timing)
        self._play(cues, self._during_call)

    def _during_call(self, cue: Cue) -> None:
        if self.m.over:
            return
        if cue.kind is CueKind.WAKE:
            self._call_notes(cue.step)
        elif cue.kind is CueKind.ACTION:
            while not self.m.over:
                mine = [d for d in self.m.pending() if NIGHT_STEP.get(d.kind) == cue.step]
                if not mine:
                    break
                self._night_decision(mine[0])

    def _acts(self, step: str) -> bool:
        return any(NIGHT_STEP.get(d.kind) == step for d in self.m.pending())

    def _call_notes(self, step: str) -> None:
        """What the narrator needs at the start of a call (never said aloud)."""
        loc = self.locale
        if step == "thief":
            if self._acts("thief"):
                seat = self.m.pending()[0].seat
                first, second = self.cards[self.n], self.cards[self.n + 1]
                self._note(
                    "note.thief",
                    name=self.players.name(seat),
                    first=loc.role(first),
                    second=loc.role(second),
                )
            else:
                self._note("note.nobody")
        elif step == "lovers":
            lovers = self._lovers()
            if lovers:
                self._note("note.lovers", names=self._names(lovers))
            else:
                self._note("note.no_lovers")
        elif step == "werewolves":
            wolves = self._holders(Role.WEREWOLF)
            self._note(
                "note.holders", role=loc.role(Role.WEREWOLF, many=True), names=self._names(wolves)
            )
            girl = self._holders(Role.LITTLE_GIRL)
            if girl:
                self._note("note.holders", role=loc.role(Role.LITTLE_GIRL), names=self._names(girl))
        elif step == "witch":
            self._witch_notes()
        elif not self._acts(step):
            self._note("note.nobody")

    def _lovers(self) -> list[int]:
        for event in self.m.events:
            if event.kind == "lovers":
                return [int(s) for s in event.data["seats"]]
        return []

    def _witch_notes(self) -> None:
        witch = self._holders(Role.WITCH)
        if not witch:
            self._note("note.nobody")
            return
        shown: JSON = None
        for event in reversed(self.m.events):
            if event.kind == "victim_shown":
                shown = event.data["seat"]
                break
            if event.kind == "night_begins":
                break
        name = self.players.name(witch[0])
        if not self._acts("witch"):
            target = "-" if shown is None else self.players.name(int(shown))
            self._note("note.witch_dry", name=name, target=target)
        elif shown is None:
            self._note("note.witch_nobody", name=name)
        else:
            self._note("note.witch", name=name, target=self.players.name(int(shown)))

    def _night_decision(self, decision: Decision) -> None:
        kind = decision.kind
        if kind == "thief":
            self._thief(decision)
        elif kind == "cupid":
            self._cupid(decision)
        elif kind == "seer":
            self._seer(decision)
        elif kind == "witch":
            self._witch(decision)
        else:
            self._werewolves()

    def _thief(self, decision: Decision) -> None:
        seat, n = decision.seat, self.n
        aside = self.cards[n : n + 2]
        forced = not decision.optional
        aliases = card_aliases(self.locale)

        def parse(answer: str) -> Action:
            word = fold(answer)
            if word in ("1", "2"):
                action = Action("take", (), (int(word) - 1,))
            elif word in KEEP_WORDS and not forced:
                action = PASS
            else:
                role = aliases.get(word)
                if role not in aside:
                    raise BadAnswer("error.thief")
                action = Action("take", (), (aside.index(role),))
            self._attempt(lambda m: _submit(m, seat, action))
            return action

        action = self._ask("ask.thief_forced" if forced else "ask.thief", parse)
        if action.kind == "take":
            slot = n + action.centre[0]
            self.cards[seat], self.cards[slot] = self.cards[slot], self.cards[seat]
            self._note(
                "note.thief_took",
                name=self.players.name(seat),
                role=self.locale.role(self.cards[seat]),
            )
        else:
            self._note("note.thief_kept", name=self.players.name(seat))

    def _cupid(self, decision: Decision) -> None:
        seat = decision.seat

        def parse(answer: str) -> tuple[int, ...]:
            chosen = self.players.many(answer)
            pair = tuple(sorted(set(chosen)))
            if len(chosen) != 2 or len(pair) != 2:
                raise BadAnswer("error.player_count", count=2)
            living = self._alive()
            for lover in pair:
                if lover not in living:
                    raise BadAnswer(
                        "error.not_allowed",
                        name=self.players.name(lover),
                        names=self.players.listing(living),
                    )
            self._attempt(lambda m: _submit(m, seat, Action("pair", pair)))
            return pair

        self._ask("ask.cupid", parse)

    def _seer(self, decision: Decision) -> None:
        seat = decision.seat
        targets = [a.players[0] for a in decision.options if a.kind == "look"]

        def parse(answer: str) -> int | None:
            target = self.players.one(answer, targets, none=True)
            action = PASS if target is None else Action("look", (target,))
            self._attempt(lambda m: _submit(m, seat, action))
            return target

        target = self._ask("ask.seer", parse)
        if target is not None:
            self._note(
                "note.seer",
                name=self.players.name(target),
                role=self.locale.role(self.cards[target]),
            )

    def _werewolves(self) -> None:
        """The Werewolves' call: who stayed asleep, the pack's victim, the Little Girl."""
        wolves = [d.seat for d in self.m.pending() if d.kind == "werewolf_wake"]
        while True:
            asleep = self._ask("ask.asleep", self._asleep(wolves), names=self._names(wolves))
            if len(asleep) < len(wolves) or self._ask("ask.all_asleep", yes_no):
                break
        awake = [w for w in wolves if w not in asleep]
        victim: int | None = None
        spied = caught = False
        girl = self._holders(Role.LITTLE_GIRL)
        if awake:
            living = self._alive()
            allowed = [s for s in living if awake != [s]]  # a lone Werewolf cannot pick himself
            victim = self._ask("ask.victim", lambda a: self.players.one(a, allowed, none=True))
            if girl:
                name = self.players.name(girl[0])
                spied = self._ask("ask.spied", yes_no, name=name)
                if spied:
                    caught = self._ask("ask.caught", yes_no, name=name)

        def apply(m: Match) -> None:
            for w in wolves:
                m.submit(w, Action("wake") if w in awake else Action("sleep"))
            if m.over:
                return
            if spied:
                self.chance.prime("little_girl_caught", caught)
            if victim is not None and victim in awake and len(awake) == 2:
                # The pack chose one of its two awake members: he cannot vote for himself,
                # so his "no victim" ballot ties with the other's; the tie goes to the victim
                # (the tied are listed in seat order, "no victim" last).
                self.chance.prime("tiebreak", 0)
            for w in awake:
                if victim is None or victim == w:
                    m.submit(w, Action("no_victim"))
                else:
                    m.submit(w, Action("vote", (victim,)))
            for d in m.pending():
                if d.kind == "little_girl":
                    m.submit(d.seat, Action("spy") if spied else PASS)

        first = len(self.m.events)
        self._attempt(apply)
        if any(e.kind == "starved" for e in self.m.events[first:]):
            self._note("note.starving")
        elif spied:
            name = self.players.name(girl[0])
            self._note("note.caught" if caught else "note.unseen", name=name)

    def _asleep(self, wolves: list[int]) -> Callable[[str], tuple[int, ...]]:
        def parse(answer: str) -> tuple[int, ...]:
            if not answer.strip() or is_none(answer):
                return ()
            chosen = self.players.many(answer)
            for seat in chosen:
                if seat not in wolves:
                    raise BadAnswer(
                        "error.not_allowed",
                        name=self.players.name(seat),
                        names=self.players.listing(wolves),
                    )
            return tuple(sorted(set(chosen)))

        return parse

    def _witch(self, decision: Decision) -> None:
        seat = decision.seat
        heal = next((a for a in decision.options if a.kind == "heal"), None)
        poisons = [a.players[0] for a in decision.options if a.kind == "poison"]
        heals = False
        if heal is not None:
            heals = self._ask("ask.heal", yes_no, name=self.players.name(heal.players[0]))
        target: int | None = None
        if poisons:
            target = self._ask("ask.poison", lambda a: self.players.one(a, poisons, none=True))

        def apply(m: Match) -> None:
            if heals and heal is not None:
                m.submit(seat, heal)
            if target is not None:
                m.submit(seat, Action("poison", (target,)))
            if any(d.kind == "witch" for d in m.pending()):
                m.submit(seat, PASS)  # both questions are answered: no other potion tonight

        self._attempt(apply)

    # --- the day ---------------------------------------------------------------------------

    def _day(self) -> None:
        """Read out the news and ask the day's decisions until night falls or the game ends."""
        while True:
            self._read_news()
            if self.m.over or self._public()["phase"] == "night":
                return
            pending = self.m.pending()
            assert pending, "by day the engine always waits for a decision or is over"
            decision = pending[0]
            if decision.kind == "hunter":
                self._hunter(decision)
            elif decision.kind == "captain_successor":
                self._successor(decision)
            elif decision.kind == "captain_pick":
                self._pick(decision)
            elif decision.kind in VOTES:
                self._ballots(decision.kind, [d.seat for d in pending])
            else:  # pragma: no cover - the engine asks nothing else by day
                raise AssertionError(f"unexpected decision {decision.kind}")

    def _read_news(self) -> None:
        """Read out the public events not read yet, up to dusk (the night's are for the night)."""
        events = self.m.events
        batch: list[Cue] = []
        while self.seen < len(events):
            event = events[self.seen]
            self.seen += 1
            if not event.audience.everyone:
                continue
            if event.kind == "dusk":
                self.seen = len(events)
                break
            if event.kind == "vote_opens":
                self._play(batch)
                batch = []
                self._vote_opens(event)
                continue
            batch += self._news(event)
        self._play(batch)

    def _news(self, event: Event) -> list[Cue]:
        loc, data, name = self.locale, event.data, self.players.name
        pause = self.timing.announce_seconds

        def say(key: str, **params: object) -> Cue:
            return announcement(loc, key, pause, **params)

        kind = event.kind
        if kind == "dawn":
            deaths = [int(s) for s in data["deaths"]]
            return [say("dawn.deaths", names=self._names(deaths)) if deaths else say("dawn.nobody")]
        if kind == "card_revealed":
            return [say("death.card", name=name(data["seat"]), role=loc.role(data["role"]))]
        if kind == "grief":
            return [say("death.grief", name=name(data["seat"]), target=name(data["lover"]))]
        if kind == "shot":
            return [say("hunter.shot", name=name(data["hunter"]), target=name(data["seat"]))]
        if kind == "starved":
            return [say("death.starved")]
        if kind == "captain_elected":
            key = "captain.drawn" if data["how"] == "draw" else "captain.elected"
            return [say(key, name=name(data["seat"]))]
        if kind == "captain_decides":
            return [say("captain.decides", name=name(data["by"]))]
        if kind == "lynched":
            return [say("lynch.done", name=name(data["seat"]))]
        if kind == "lynch_drawn":
            return [say("lynch.drawn", name=name(data["seat"]))]
        if kind == "no_lynch":
            return [say("lynch.nobody")]
        if kind == "captain_named":
            return [say("captain.named", name=name(data["seat"]))]
        if kind == "cards_revealed":
            cues = [say("end.over")]
            if data["set_aside"]:
                aside = ", ".join(loc.role(r) for r in data["set_aside"])
                cues.append(say("end.set_aside", cards=aside))
            if data["lovers"]:
                cues.append(say("end.lovers", names=self._names(data["lovers"])))
            return cues
        if kind == "game_over":
            return self._verdict(data, say)
        return []

    def _verdict(self, data: Mapping[str, JSON], say: Callable[..., Cue]) -> list[Cue]:
        teams = sorted(data["teams"])
        cues = [say(f"end.win.{team}") for team in teams] or [say("end.win.nobody")]
        for reason in data["reasons"]:
            code = reason["code"]
            if code in THIERCELIEUX_REASONS:
                cues.append(say(f"end.reason.{code}"))
            else:  # a reason this locale does not know yet: the engine's English words
                cues.append(Cue(CueKind.ANNOUNCE, "day", code, reason["text"], 0.0))
        winners = [int(s) for s in data["winners"]]
        if winners:
            cues.append(say("end.winners", names=self._names(winners)))
        return cues

    def _vote_opens(self, event: Event) -> None:
        vote = event.data["vote"]
        if vote == "captain_election":
            self._play(election_script(self.locale, timing=self.timing))
        elif vote == "lynch":
            self._play(lynch_script(self.locale, timing=self.timing))
        else:
            tied = [self.players.name(int(s)) for s in event.data["candidates"]]
            self._play(revote_script(self.locale, tied, timing=self.timing))

    def _hunter(self, decision: Decision) -> None:
        seat = decision.seat
        targets = [a.players[0] for a in decision.options if a.kind == "shoot"]
        if self.table.options.get("reveal_on_death", True):
            self._announce("hunter.call", name=self.players.name(seat))

        def parse(answer: str) -> None:
            target = self.players.one(answer, targets, none=True)
            action = PASS if target is None else Action("shoot", (target,))
            self._attempt(lambda m: _submit(m, seat, action))

        self._ask("ask.hunter", parse, name=self.players.name(seat))

    def _successor(self, decision: Decision) -> None:
        seat = decision.seat
        heirs = [a.players[0] for a in decision.options]
        self._announce("captain.successor", name=self.players.name(seat))

        def parse(answer: str) -> None:
            heir = self.players.one(answer, heirs)
            assert heir is not None
            self._attempt(lambda m: _submit(m, seat, Action("name", (heir,))))

        self._ask("ask.successor", parse, name=self.players.name(seat))

    def _pick(self, decision: Decision) -> None:
        seat = decision.seat
        tied = [a.players[0] for a in decision.options]
        self._announce("captain.pick", names=self._names(tied), name=self.players.name(seat))

        def parse(answer: str) -> None:
            chosen = self.players.one(answer, tied)
            assert chosen is not None
            self._attempt(lambda m: _submit(m, seat, Action("vote", (chosen,))))

        self._ask("ask.pick", parse, name=self.players.name(seat), names=self.players.listing(tied))

    def _ballots(self, vote: str, voters: list[int]) -> None:
        """A day vote: the result (one player), or every voter's ballot in seat order."""

        def parse(answer: str) -> None:
            items = split(answer)
            if len(items) == len(voters) and len(items) > 1:
                targets = [self.players.find(item) for item in items]
                self._attempt(lambda m: self._cast(m, vote, voters, targets))
                return
            try:
                chosen = self.players.find(answer)
            except BadAnswer:
                if len(items) > 1:
                    raise BadAnswer("error.ballots", count=len(voters)) from None
                raise
            self._attempt(lambda m: self._outright(m, vote, chosen))

        self._ask("ask.vote", parse, voters=self.players.listing(voters))

    def _cast(self, m: Match, vote: str, voters: list[int], targets: list[int]) -> None:
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

    def _outright(self, m: Match, vote: str, chosen: int) -> None:
        """Everybody who may votes for ``chosen``; the others cast their default ballot.
        Refused unless ``chosen`` then wins the vote outright."""
        first = len(m.events)
        if not any(Action("vote", (chosen,)) in d.options for d in m.pending()):
            raise BadAnswer(
                "error.not_allowed",
                name=self.players.name(chosen),
                names=self.players.listing(
                    sorted({a.players[0] for d in m.pending() for a in d.options})
                ),
            )
        while True:
            ballots = [d for d in m.pending() if d.kind == vote]
            if not ballots:
                break
            decision = ballots[0]
            action = Action("vote", (chosen,))
            m.submit(decision.seat, action if decision.allows(action) else decision.default)
        for event in m.events[first:]:
            if event.kind in ("lynched", "captain_elected"):
                if int(event.data["seat"]) == chosen:
                    return
                break
            if event.kind in ("vote_opens", "no_lynch", "lynch_drawn", "captain_decides"):
                break
        raise BadAnswer("error.not_outright", name=self.players.name(chosen))


# --- Lupus in Tabula ---------------------------------------------------------------------------

LUPUS = "lupus"
LUPUS_NIGHT_CALLS = frozenset({"seer", "bodyguard", "werewolves", "owl", "mythomaniac"})
"""The night calls that wait for a decision (the Freemasons' and the Medium's do not)."""


@dataclass(frozen=True, slots=True)
class LupusTable:
    """A Lupus in Tabula table: players clockwise, the deck, the options, language, timing.

    The day's discussion lasts the ``discussion_minutes`` option (3 minutes by default),
    whatever ``timing.discussion_seconds`` says: the option is the one source, and it is
    in the game's record.
    """

    names: tuple[str, ...]
    deck: tuple[LupusRole, ...]
    locale: Locale
    timing: Timing
    options: Mapping[str, JSON] = field(default_factory=dict)

    def config(self) -> GameConfig:
        return GameConfig(LUPUS, self.names, tuple(r.value for r in self.deck), dict(self.options))

    def deadly_owl(self) -> bool:
        """Whether the Owl's pick dies at dawn (the ``deadly_owl`` option, by table size)."""
        return owl_is_deadly(len(self.names), self.deck, self.options)


def owl_is_deadly(players: int, deck: Sequence[LupusRole], options: Mapping[str, JSON]) -> bool:
    """Whether the Owl's pick dies at dawn at this table (``deadly_owl``: by table size),
    as the rules decide it."""
    resolved = lupus_variant.resolve(dict(options))
    return lupus_night.deadly_owl(LupusState(players, tuple(deck), resolved))


def lupus_card_aliases(locale: Locale) -> dict[str, LupusRole]:
    """Every name a Lupus card may be typed as: English, French and Italian names, and the
    locale's (themed)."""
    out = {fold(name): role for name, role in LUPUS_ALIASES.items()}
    for role in LupusRole:
        out[fold(locale.role(role))] = role
        out[fold(locale.role(role, many=True))] = role
    return out


News = Cue | str
"""A piece of news: a cue said to the table, or a note (str) for the narrator's eyes only."""


class LupusGameMaster(TableMaster):
    """Runs one game of Lupus in Tabula at a physical table.

    The moderator at the keyboard types each seat's card, then, at each night call,
    whom the called role pointed at (the Seer, the Bodyguard, the Werewolves, the Owl,
    the Mythomaniac); the game master says what to show with a thumb (the Seer's and the
    Medium's answers), and what the Mythomaniac became.  By day it announces the dead
    (no cause) and the Welcome card, runs the discussion, calls each stage 1 voter in
    turn (their ballots typed), announces the suspects (and the Owl's pick), times each
    defence, runs the secret stage 2 (the ballots, or the result, typed), the lynch, and
    the verdict with its reasons.  The engine decides everything; a call whose holder is
    a Ghost asks nothing and lasts as long as any other.
    """

    family = LUPUS
    skip_calls_when_over = False
    """A Lupus game ends at dawn or at a lynch, never in the middle of a night."""

    def __init__(
        self,
        table: LupusTable,
        *,
        clock: Clock,
        output: TableOutput,
        prompter: Prompter,
        speaker: Speaker | None = None,
        rng: random.Random | None = None,
    ) -> None:
        minutes = lupus_variant.resolve(dict(table.options)).discussion_minutes
        super().__init__(
            table.names,
            table.locale,
            replace(table.timing, discussion_seconds=minutes * 60),
            clock=clock,
            output=output,
            prompter=prompter,
            speaker=speaker,
            rng=rng,
        )
        self.table = table
        self.deadly_owl = table.deadly_owl()
        self.cards: list[LupusRole] = []
        """The card of each seat, as the narrator typed it."""
        self.order: list[int] = []
        """Today's stage 1 calling order."""
        self.suspects: list[int] = []
        """Today's suspects, in the engine's order (the paw print goes to the first)."""

    # --- the game --------------------------------------------------------------------------

    def play(self) -> Match:
        """Deal, then play nights and days until the engine declares the winner."""
        self.start = self.clock.now()
        deck = self.table.deck
        dealt = self._ask_cards(
            deck,
            lupus_card_aliases(self.locale),
            lambda cards: lupus_narration.deck_text(cards, self.locale),
        )
        order = _dealt_order(deck, dealt)
        self.cards = [deck[i] for i in order]
        self.chance = TableChance(order, self.rng)
        self.match = Match(self.variant, self.table.config(), self.chance)
        night = 0
        while not self.m.over:
            night += 1
            self._night(night)
            self._day()
        self.output.close()
        self.speaker.close()
        return self.m

    def _tonight(self, kind: str) -> list[Event]:
        """This night's events of ``kind`` so far, in order."""
        found: list[Event] = []
        for event in reversed(self.m.events):
            if event.kind == "night_begins":
                break
            if event.kind == kind:
                found.append(event)
        return found[::-1]

    def _told(self, seat: int, kind: str) -> Event:
        """The last event of ``kind`` told to ``seat``."""
        return next(
            e for e in reversed(self.m.events) if e.kind == kind and seat in e.audience.seats
        )

    # --- the night -------------------------------------------------------------------------

    def _night(self, number: int) -> None:
        self.seen = len(self.m.events)  # the night's own events are never read out
        cues = lupus_narration.night_script(
            self.table.deck, number, self.locale, timing=self.timing, deadly_owl=self.deadly_owl
        )
        self._play(cues, self._during_call)

    def _during_call(self, cue: Cue) -> None:
        if cue.kind is CueKind.WAKE:
            self._call_notes(cue.step)
        elif cue.kind is CueKind.ACTION:
            while True:
                mine = [d for d in self.m.pending() if d.kind == cue.step]
                if not mine:
                    break
                self._night_decision(cue.step, mine)

    def _living_deciders(self, step: str) -> list[Decision]:
        alive = self._alive()
        return [d for d in self.m.pending() if d.kind == step and d.seat in alive]

    def _call_notes(self, step: str) -> None:
        """What the narrator needs at the start of a call (never said aloud)."""
        loc = self.locale
        if step == "freemasons":
            met = self._tonight("freemasons")
            if met:
                seats = [int(s) for s in met[-1].data["seats"]]
                role = loc.role(LupusRole.FREEMASON, many=True)
                self._note("note.holders", role=role, names=self._names(seats))
            else:
                self._note("note.nobody")
        elif step == "medium":
            told = self._tonight("medium")
            for event in told:
                (medium,) = event.audience.seats
                self._note(
                    "note.medium_yes" if event.data["werewolf"] else "note.medium_no",
                    name=self.players.name(medium),
                    target=self.players.name(int(event.data["seat"])),
                )
            if not told:
                self._note("note.nobody")
        elif step == "werewolves":
            pack = self._tonight("pack")
            seats = [int(s) for s in pack[-1].data["seats"]] if pack else []
            role = loc.role(LupusRole.WEREWOLF, many=True)
            self._note("note.holders", role=role, names=self._names(seats))
        elif step in LUPUS_NIGHT_CALLS and not self._living_deciders(step):
            self._note("note.nobody")

    def _night_decision(self, step: str, decisions: list[Decision]) -> None:
        alive = self._alive()
        ghosts = [d.seat for d in decisions if d.seat not in alive]
        if ghosts:  # a Ghost's call: it can only pass, and nobody is asked anything

            def pass_all(m: Match) -> None:
                for seat in ghosts:
                    m.submit(seat, PASS)

            self._attempt(pass_all)
            return
        if step == "werewolves":
            self._pack(decisions)
        elif step == "seer":
            self._look(decisions[0])
        elif step == "mythomaniac":
            self._mythomaniac(decisions[0])
        else:
            self._point(decisions[0], "ask.bodyguard" if step == "bodyguard" else "ask.owl")

    def _target(self, decision: Decision, answer: str) -> Action:
        """The action ``answer`` names for ``decision`` (``none`` passes, when allowed)."""
        targets = [a.players[0] for a in decision.options if a.players]
        target = self.players.one(answer, targets, none=decision.optional)
        if target is None:
            return PASS
        return next(a for a in decision.options if a.players == (target,))

    def _point(self, decision: Decision, key: str) -> Action:
        """Ask whom the called role pointed at, and submit it."""
        seat = decision.seat

        def parse(answer: str) -> Action:
            action = self._target(decision, answer)
            self._attempt(lambda m: _submit(m, seat, action))
            return action

        return self._ask(key, parse, name=self.players.name(seat))

    def _look(self, decision: Decision) -> None:
        seat = decision.seat
        action = self._point(decision, "ask.seer")
        if action.players:
            seen = self._told(seat, "seen")
            self._note(
                "note.seer_yes" if seen.data["werewolf"] else "note.seer_no",
                name=self.players.name(seat),
                target=self.players.name(action.players[0]),
            )

    def _mythomaniac(self, decision: Decision) -> None:
        seat = decision.seat
        self._point(decision, "ask.mythomaniac")
        became = LupusRole(str(self._told(seat, "became").data["role"]))
        self._note("note.became", name=self.players.name(seat), role=self.locale.role(became))

    def _pack(self, decisions: list[Decision]) -> None:
        """The pack's victim, as the narrator saw it: every Werewolf's vote."""

        def parse(answer: str) -> None:
            action = self._target(decisions[0], answer)

            def apply(m: Match) -> None:
                for d in decisions:
                    m.submit(d.seat, action)

            self._attempt(apply)

        self._ask("ask.victim", parse)

    # --- the day ---------------------------------------------------------------------------

    def _day(self) -> None:
        """Read out the news and ask the day's decisions until night falls or the game ends."""
        while True:
            self._read_news()
            if self.m.over or self._public()["phase"] == "night":
                return
            pending = self.m.pending()
            assert pending, "by day the engine always waits for a decision or is over"
            kind = pending[0].kind
            if kind == "stage1":
                self._stage1(pending[0])
            elif kind == "defence":
                self._defence([d.seat for d in pending])
            elif kind == "stage2":
                self._stage2([d.seat for d in pending])
            else:  # pragma: no cover - the engine asks nothing else by day
                raise AssertionError(f"unexpected decision {kind}")

    def _read_news(self) -> None:
        """Read out the public events not read yet, up to nightfall."""
        events = self.m.events
        batch: list[News] = []
        while self.seen < len(events):
            event = events[self.seen]
            self.seen += 1
            if not event.audience.everyone:
                continue
            if event.kind == "night_begins":
                self.seen = len(events)
                break
            if event.kind in ("day_begins", "stage2_begins"):
                self._tell(batch)
                batch = []
                self._open(event)
                continue
            batch += self._news(event)
        self._tell(batch)

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

    def _open(self, event: Event) -> None:
        """The discussion and the call to stage 1, or the call to stage 2."""
        if event.kind == "day_begins":
            self.order = [int(s) for s in event.data["order"]]
            self._note("note.order", names=self.players.listing(self.order))
            self._play(lupus_narration.day_script(self.locale, timing=self.timing))
        else:
            first, second = (self.players.name(s) for s in self.suspects)
            self._play(
                lupus_narration.stage2_script(self.locale, first, second, timing=self.timing)
            )

    def _news(self, event: Event) -> Sequence[News]:
        loc, data, name = self.locale, event.data, self.players.name
        pause = self.timing.announce_seconds

        def say(key: str, **params: object) -> Cue:
            return lupus_narration.announcement(loc, key, pause, **params)

        kind = event.kind
        if kind == "dawn":
            deaths = [int(s) for s in data["deaths"]]
            if not deaths:
                holder = self._public()["welcome_card"]
                stays = holder is not None and not self.m.over
                return [say("dawn.nobody")] + (
                    [say("welcome.stays", name=name(int(holder)))] if stays else []
                )
            news: list[News] = [say("dawn.deaths", names=self._names(deaths))]
            if not self.m.over:  # the game goes on: the dead become Ghosts
                news += [say("dawn.ghost", name=name(s)) for s in deaths]
                news.append(loc.text("note.ghost_cards", names=self._names(deaths)))
            return news
        if kind == "welcome_card":
            key = "welcome.drawn" if "among" in data else "welcome.given"
            return [say(key, name=name(data["seat"]))]
        if kind == "stage1_counted":
            return self._stage1_counted(data, say)
        if kind == "owl_pick":
            replaced = data["replaced"]
            if replaced is None:
                return [say("owl.already", name=name(data["seat"]))]
            return [say("owl.replaces", name=name(data["seat"]), target=name(replaced))]
        if kind == "suspects":
            self.suspects = [int(s) for s in data["seats"]]
            first, second = (name(s) for s in self.suspects)
            return [
                say("suspects", first=first, second=second),
                loc.text("note.clues", first=first, second=second),
            ]
        if kind == "votes_revealed":
            counts = {int(s): int(k) for s, k in data["counts"]}
            revealed = [say("stage2.counts", detail=self._detail(counts))]
            if len(set(counts.values())) == 1:
                start = self.order[0]
                lynched = first_clockwise(start, sorted(counts), self.n)
                revealed.append(say("stage2.tie", name=name(start), target=name(lynched)))
            return revealed
        if kind == "lynched":
            return [say("lynch.done", name=name(data["seat"]))]
        if kind == "cards_revealed":
            shown = [say("end.over")]
            for seat, (card, role) in enumerate(zip(data["cards"], data["roles"], strict=True)):
                if card != role:
                    shown.append(say("end.became", name=name(seat), role=loc.role(str(role))))
            return shown
        if kind == "game_over":
            return self._verdict(data, say)
        return []

    def _detail(self, counts: Mapping[int, int]) -> str:
        """``Bob 3, Cid 2``: the players counted, most votes first (ties clockwise from the
        day's start)."""
        start = self.order[0] if self.order else 0
        ranked = sorted(counts, key=lambda s: (-counts[s], (s - start) % self.n))
        return ", ".join(f"{self.players.name(s)} {counts[s]}" for s in ranked)

    def _stage1_counted(self, data: Mapping[str, JSON], say: Callable[..., Cue]) -> list[News]:
        """The stage 1 count and, when the Welcome card settled a tie, how."""
        counts = {int(s): int(k) for s, k in data["counts"]}
        leaders = [int(s) for s in data["leaders"]]
        cues: list[News] = [say("stage1.counts", detail=self._detail(counts))]
        living = self._alive()
        second = counts.get(leaders[1], 0)
        tied = [s for s in living if counts.get(s, 0) == second]
        chosen = [s for s in leaders if counts.get(s, 0) == second]
        if len(tied) > len(chosen):
            start = self.order[0]
            tied.sort(key=lambda s: (s - start) % self.n)
            name = self.players.name
            if second == 0:
                cues.append(say("stage1.tie_nobody", name=name(start), target=name(chosen[0])))
            elif len(chosen) == 2:
                cues.append(
                    say(
                        "stage1.tie_two",
                        names=self._names(tied),
                        count=second,
                        name=name(start),
                        first=name(chosen[0]),
                        second=name(chosen[1]),
                    )
                )
            else:
                cues.append(
                    say(
                        "stage1.tie_one",
                        names=self._names(tied),
                        count=second,
                        name=name(start),
                        target=name(chosen[0]),
                    )
                )
        return cues

    def _verdict(self, data: Mapping[str, JSON], say: Callable[..., Cue]) -> list[Cue]:
        cues = [say(f"end.win.{team}") for team in sorted(data["teams"]) if team in LUPUS_TEAMS]
        for reason in data["reasons"]:
            code = reason["code"]
            if code in LUPUS_REASONS:
                cues.append(say(f"end.reason.{code}"))
            else:  # a reason this locale does not know yet: the engine's English words
                cues.append(Cue(CueKind.ANNOUNCE, "day", code, reason["text"], 0.0))
        winners = [int(s) for s in data["winners"]]
        if winners:
            cues.append(say("end.winners", names=self._names(winners)))
        return cues

    def _stage1(self, decision: Decision) -> None:
        """One stage 1 voter (living or Ghost): called by name, their ballot typed."""
        seat = decision.seat
        name = self.players.name(seat)
        targets = [a.players[0] for a in decision.options]

        def parse(answer: str) -> None:
            target = self.players.one(answer, targets)
            assert target is not None
            self._attempt(lambda m: _submit(m, seat, Action("vote", (target,))))

        cue = lupus_narration.voter_cue(self.locale, name, timing=self.timing)
        self._play([cue], lambda _: self._ask("ask.stage1", parse, name=name))

    def _defence(self, waiting: list[int]) -> None:
        """Each suspect speaks for the defence's time, then rests."""
        for seat in [s for s in self.suspects if s in waiting]:
            name = self.players.name(seat)
            self._play([lupus_narration.defence_cue(self.locale, name, timing=self.timing)])
            self._rest(seat)

    def _rest(self, seat: int) -> None:
        self._attempt(lambda m: _submit(m, seat, REST))

    def _stage2(self, voters: list[int]) -> None:
        """The secret vote: the result (one suspect), or every voter's ballot in seat order."""
        suspects = sorted(self.suspects)

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
            if chosen not in suspects:
                raise BadAnswer(
                    "error.not_allowed",
                    name=self.players.name(chosen),
                    names=self.players.listing(suspects),
                )
            self._attempt(lambda m: self._cast(m, voters, [chosen] * len(voters)))

        self._ask("ask.stage2", parse, voters=self.players.listing(voters))

    def _cast(self, m: Match, voters: list[int], targets: list[int]) -> None:
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

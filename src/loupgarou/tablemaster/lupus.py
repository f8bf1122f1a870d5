"""The Lupus in Tabula game master (:class:`LupusGameMaster`) and its :class:`LupusTable`.

Contract: see :mod:`loupgarou.tablemaster`.  ``LupusGameMaster(table, seed=...).play()`` is
the generator of one game.  Every character of the deck is called at
night, dead or alive, for the same time (a Ghost's call asks nothing); by day the dead,
the Welcome card, the discussion, stage 1 voter by voter, the suspects, the defences,
the secret stage 2 and the lynch.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from loupgarou.core.actions import PASS, Action, Decision
from loupgarou.core.events import JSON, Event
from loupgarou.core.variant import GameConfig
from loupgarou.engine.match import Match
from loupgarou.narration import Cue, CueKind, Locale, Timing
from loupgarou.narration import lupus as lupus_narration
from loupgarou.narration.answers import (
    BadAnswer,
)
from loupgarou.narration.locale import LUPUS_REASONS, LUPUS_TEAMS
from loupgarou.tablemaster.base import (
    News,
    TableMaster,
    aim,
    role_aliases,
    submit,
)
from loupgarou.tablemaster.requests import Steps
from loupgarou.variants.lupus import night as lupus_night
from loupgarou.variants.lupus import variant as lupus_variant
from loupgarou.variants.lupus.day import REST
from loupgarou.variants.lupus.roles import ROLE_ALIASES as LUPUS_ALIASES
from loupgarou.variants.lupus.roles import Role as LupusRole
from loupgarou.variants.lupus.state import State as LupusState
from loupgarou.variants.lupus.state import first_clockwise

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
    return role_aliases(LUPUS_ALIASES, LupusRole, locale)


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
    nightfall = "night_begins"
    openers = frozenset({"day_begins", "stage2_begins"})
    skip_calls_when_over = False
    """A Lupus game ends at dawn or at a lynch, never in the middle of a night."""

    def __init__(self, table: LupusTable, *, seed: int = 0) -> None:
        minutes = lupus_variant.resolve(dict(table.options)).discussion_minutes
        timing = replace(table.timing, discussion_seconds=minutes * 60)
        super().__init__(table.names, table.locale, timing, seed=seed)
        self.table = table
        self.deadly_owl = table.deadly_owl()
        self.cards: list[LupusRole] = []
        """The card of each seat, as the narrator typed it."""
        self.order: list[int] = []
        """Today's stage 1 calling order."""
        self.suspects: list[int] = []
        """Today's suspects, in the engine's order (the paw print goes to the first)."""
        self.ballots_told = True
        """Whether the narrator gave today's stage 2 ballot by ballot; given the result alone,
        every voter's ballot is recorded for the lynched suspect, a count nobody saw, so it
        is not read out."""

    # --- the game --------------------------------------------------------------------------

    def play(self) -> Steps[Match]:
        """Deal, then play nights and days until the engine declares the winner."""
        deck = self.table.deck
        order = yield from self._ask_cards(
            deck,
            lupus_card_aliases(self.locale),
            lambda cards: lupus_narration.deck_text(cards, self.locale),
        )
        self.cards = [deck[i] for i in order]
        return (yield from self._run(self.table.config(), order))

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

    def _night(self, number: int) -> Steps[None]:
        self.seen = len(self.m.events)  # the night's own events are never read out
        cues = lupus_narration.night_script(
            self.table.deck, number, self.locale, timing=self.timing, deadly_owl=self.deadly_owl
        )
        yield from self._play(cues, self._during_call)

    def _during_call(self, cue: Cue) -> Steps[None]:
        if cue.kind is CueKind.WAKE:
            yield from self._call_notes(cue.step)
        elif cue.kind is CueKind.ACTION:
            while True:
                mine = [d for d in self.m.pending() if d.kind == cue.step]
                if not mine:
                    break
                yield from self._night_decision(cue.step, mine)

    def _living_deciders(self, step: str) -> list[Decision]:
        alive = self._alive()
        return [d for d in self.m.pending() if d.kind == step and d.seat in alive]

    def _call_notes(self, step: str) -> Steps[None]:
        """What the narrator needs at the start of a call (never said aloud)."""
        loc = self.locale
        if step == "freemasons":
            met = self._tonight("freemasons")
            if met:
                seats = [int(s) for s in met[-1].data["seats"]]
                role = loc.role(LupusRole.FREEMASON, many=True)
                yield from self._note("note.holders", role=role, names=self._names(seats))
            else:
                yield from self._note("note.nobody")
        elif step == "medium":
            told = self._tonight("medium")
            for event in told:
                (medium,) = event.audience.seats
                yield from self._note(
                    "note.medium_yes" if event.data["werewolf"] else "note.medium_no",
                    name=self.players.name(medium),
                    target=self.players.name(int(event.data["seat"])),
                )
            if not told:
                yield from self._note("note.nobody")
        elif step == "werewolves":
            pack = self._tonight("pack")
            seats = [int(s) for s in pack[-1].data["seats"]] if pack else []
            role = loc.role(LupusRole.WEREWOLF, many=True)
            yield from self._note("note.holders", role=role, names=self._names(seats))
        elif step in LUPUS_NIGHT_CALLS and not self._living_deciders(step):
            yield from self._note("note.nobody")

    def _night_decision(self, step: str, decisions: list[Decision]) -> Steps[None]:
        alive = self._alive()
        ghosts = [d.seat for d in decisions if d.seat not in alive]
        if ghosts:  # a Ghost's call: it can only pass, and nobody is asked anything

            def pass_all(m: Match) -> None:
                for seat in ghosts:
                    m.submit(seat, PASS)

            self._attempt(pass_all)
            return
        if step == "werewolves":
            yield from self._pack(decisions)
        elif step == "seer":
            yield from self._look(decisions[0])
        elif step == "mythomaniac":
            yield from self._mythomaniac(decisions[0])
        else:
            yield from self._point(
                decisions[0], "ask.bodyguard" if step == "bodyguard" else "ask.owl"
            )

    def _target(self, decision: Decision, answer: str) -> Action:
        """The action ``answer`` names for ``decision`` (``none`` passes, when allowed)."""
        targets = [a.players[0] for a in decision.options if a.players]
        target = self.players.one(answer, targets, none=decision.optional)
        if target is None:
            return PASS
        return next(a for a in decision.options if a.players == (target,))

    def _choices(self, decision: Decision) -> tuple[str, ...]:
        """The players ``decision`` may point at, and "nobody" when it may pass."""
        targets = [a.players[0] for a in decision.options if a.players]
        return self._named(targets, none=decision.optional)

    def _point(self, decision: Decision, key: str) -> Steps[Action]:
        """Ask whom the called role pointed at, and submit it."""
        seat = decision.seat

        def parse(answer: str) -> Action:
            action = self._target(decision, answer)
            self._attempt(lambda m: submit(m, seat, action))
            return action

        choices = self._choices(decision)
        return (yield from self._ask(key, parse, choices, name=self.players.name(seat)))

    def _look(self, decision: Decision) -> Steps[None]:
        seat = decision.seat
        action = yield from self._point(decision, "ask.seer")
        if action.players:
            seen = self._told(seat, "seen")
            yield from self._note(
                "note.seer_yes" if seen.data["werewolf"] else "note.seer_no",
                name=self.players.name(seat),
                target=self.players.name(action.players[0]),
            )

    def _mythomaniac(self, decision: Decision) -> Steps[None]:
        seat = decision.seat
        yield from self._point(decision, "ask.mythomaniac")
        became = LupusRole(str(self._told(seat, "became").data["role"]))
        yield from self._note(
            "note.became", name=self.players.name(seat), role=self.locale.role(became)
        )

    def _pack(self, decisions: list[Decision]) -> Steps[None]:
        """The pack's victim, as the narrator saw it: every Werewolf's vote."""

        def parse(answer: str) -> None:
            action = self._target(decisions[0], answer)

            def apply(m: Match) -> None:
                for d in decisions:
                    m.submit(d.seat, action)

            self._attempt(apply)

        yield from self._ask("ask.victim", parse, self._choices(decisions[0]))

    # --- the day ---------------------------------------------------------------------------

    def _day_decision(self, pending: Sequence[Decision]) -> Steps[None]:
        kind = pending[0].kind
        if kind == "stage1":
            yield from self._stage1(pending[0])
        elif kind == "defence":
            yield from self._defence([d.seat for d in pending])
        elif kind == "stage2":
            yield from self._stage2([d.seat for d in pending])
        else:  # pragma: no cover - the engine asks nothing else by day
            raise AssertionError(f"unexpected decision {kind}")

    def _open(self, event: Event) -> Steps[None]:
        """The discussion and the call to stage 1, or the call to stage 2."""
        if event.kind == "day_begins":
            self.order = [int(s) for s in event.data["order"]]
            yield from self._note("note.order", names=self.players.listing(self.order))
            yield from self._play(lupus_narration.day_script(self.locale, timing=self.timing))
        else:
            first, second = (self.players.name(s) for s in self.suspects)
            yield from self._play(
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
            if not self.ballots_told:
                return []  # the lynch says the result; the tokens on the table, the count
            counts = {int(s): int(k) for s, k in data["counts"]}
            revealed = [say("stage2.counts", detail=self._detail(counts))]
            if len(set(counts.values())) == 1:
                start = self.order[0]
                lynched = first_clockwise(start, sorted(counts), self.n)
                revealed.append(say("stage2.tie", name=name(start), target=name(lynched)))
            return revealed
        if kind == "lynched":  # a Ghost, unless the lynch ended the game (every card shown)
            return [say("lynch.done" if not self.m.over else "lynch.last", name=name(data["seat"]))]
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
            else:
                picked = (
                    {"first": name(chosen[0]), "second": name(chosen[1])}
                    if len(chosen) == 2
                    else {"target": name(chosen[0])}
                )
                key = "stage1.tie_two" if len(chosen) == 2 else "stage1.tie_one"
                names = self._names(tied)
                cues.append(say(key, names=names, count=second, name=name(start), **picked))
        return cues

    def _verdict(self, data: Mapping[str, JSON], say: Callable[..., Cue]) -> list[Cue]:
        cues = [say(f"end.win.{team}") for team in sorted(data["teams"]) if team in LUPUS_TEAMS]
        return cues + self._verdict_reasons(data, say, LUPUS_REASONS)

    def _stage1(self, decision: Decision) -> Steps[None]:
        """One stage 1 voter (living or Ghost): called by name, their ballot typed."""
        seat = decision.seat
        name = self.players.name(seat)
        targets = [a.players[0] for a in decision.options]

        def ask(_: Cue) -> Steps[None]:
            yield from self._choose(seat, "ask.stage1", targets, aim("vote"), name=name)

        cue = lupus_narration.voter_cue(self.locale, name, timing=self.timing)
        yield from self._play([cue], ask)

    def _defence(self, waiting: list[int]) -> Steps[None]:
        """Each suspect speaks for the defence's time, then rests."""
        for seat in [s for s in self.suspects if s in waiting]:
            name = self.players.name(seat)
            yield from self._play(
                [lupus_narration.defence_cue(self.locale, name, timing=self.timing)]
            )
            self._rest(seat)

    def _rest(self, seat: int) -> None:
        self._attempt(lambda m: submit(m, seat, REST))

    def _stage2(self, voters: list[int]) -> Steps[None]:
        """The secret vote: the result (one suspect), or every voter's ballot in seat order."""
        suspects = sorted(self.suspects)
        self.ballots_told = True

        def result(chosen: int) -> None:
            if chosen not in suspects:
                raise BadAnswer(
                    "error.not_allowed",
                    name=self.players.name(chosen),
                    names=self.players.listing(suspects),
                )
            self._attempt(lambda m: self._cast(m, voters, [chosen] * len(voters)))
            self.ballots_told = False

        yield from self._ask_ballots("ask.stage2", voters, result, suspects)

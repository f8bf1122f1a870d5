"""The Thiercelieux game master (:class:`GameMaster`) and its :class:`Table`.

Contract: see :mod:`loupgarou.tablemaster`.  ``GameMaster(table, seed=...).play()`` is the
generator of one game.  The deal is typed seat by seat (the cards left over are set
aside, for the Thief); each night call asks what the called role did; by day the
engine's news is read out and the Hunter, the Captain's successor, the Captain's pick
and the votes are asked: each vote's result or every ballot, or with the option
``narrator_knows: results`` the result alone (the pack's victim, the Captain, the lynch).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from loupgarou.core.actions import PASS, Action, Decision
from loupgarou.core.events import JSON, Event
from loupgarou.core.variant import GameConfig
from loupgarou.engine.match import Match
from loupgarou.narration import Cue, CueKind, Locale, Timing
from loupgarou.narration.answers import (
    KEEP_WORDS,
    BadAnswer,
    fold,
    is_none,
    yes_no,
)
from loupgarou.narration.locale import THIERCELIEUX_REASONS
from loupgarou.narration.thiercelieux import (
    announcement,
    deck_text,
    election_script,
    lynch_script,
    night_script,
    revote_script,
)
from loupgarou.tablemaster.base import (
    News,
    TableMaster,
    aim,
    role_aliases,
    submit,
)
from loupgarou.tablemaster.requests import Steps
from loupgarou.variants.thiercelieux.roles import ROLE_ALIASES, Role

FAMILY = "thiercelieux"
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
RESULTS = frozenset({"captain_result", "lynch_result"})
"""The day's votes told by their result alone, with ``narrator_knows: results``."""
NO_VICTIM = Action("no_victim")
NO_LYNCH = Action("no_lynch")

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
    return role_aliases(ROLE_ALIASES, Role, locale)


class GameMaster(TableMaster):
    """Runs one game of Thiercelieux at a physical table (see the module docstring)."""

    family = FAMILY
    nightfall = "dusk"
    openers = frozenset({"vote_opens"})

    def __init__(self, table: Table, *, seed: int = 0) -> None:
        super().__init__(table.names, table.locale, table.timing, seed=seed)
        self.table = table
        self.cards: list[Role] = []
        """The card at each position (seats, then the set-aside pile), as the narrator typed it."""

    # --- the game --------------------------------------------------------------------------

    def play(self) -> Steps[Match]:
        """Deal, then play nights and days until the engine declares the winner."""
        deal = yield from self._deal()
        return (yield from self._run(self.table.config(), deal))

    def _holders(self, role: Role) -> list[int]:
        return [s for s in self._alive() if self.cards[s] is role]

    # --- the deal --------------------------------------------------------------------------

    def _deal(self) -> Steps[list[int]]:
        """Ask each seat's card; the cards left over are set aside (with a Thief)."""
        deck = self.table.deck
        order = yield from self._ask_cards(
            deck, card_aliases(self.locale), lambda cards: deck_text(cards, self.locale)
        )
        self.cards = [deck[i] for i in order]
        aside = self.cards[self.n :]
        if aside:
            yield from self._note(
                "note.set_aside", cards=", ".join(self.locale.role(r) for r in aside)
            )
        return order

    # --- the night -------------------------------------------------------------------------

    def _night(self, number: int) -> Steps[None]:
        cues = night_script(self.table.deck, number, self.locale, timing=self.timing)
        yield from self._play(cues, self._during_call)

    def _during_call(self, cue: Cue) -> Steps[None]:
        if self.m.over:
            return
        if cue.kind is CueKind.WAKE:
            yield from self._call_notes(cue.step)
        elif cue.kind is CueKind.ACTION:
            while not self.m.over:
                mine = [d for d in self.m.pending() if NIGHT_STEP.get(d.kind) == cue.step]
                if not mine:
                    break
                yield from self._night_decision(mine[0])

    def _acts(self, step: str) -> bool:
        return any(NIGHT_STEP.get(d.kind) == step for d in self.m.pending())

    def _call_notes(self, step: str) -> Steps[None]:
        """What the narrator needs at the start of a call (never said aloud)."""
        loc = self.locale
        if step == "thief":
            if self._acts("thief"):
                seat = self.m.pending()[0].seat
                first, second = self.cards[self.n], self.cards[self.n + 1]
                yield from self._note(
                    "note.thief",
                    name=self.players.name(seat),
                    first=loc.role(first),
                    second=loc.role(second),
                )
            else:
                yield from self._note("note.nobody")
        elif step == "lovers":
            lovers = self._lovers()
            if lovers:
                yield from self._note("note.lovers", names=self._names(lovers))
            else:
                yield from self._note("note.no_lovers")
        elif step == "werewolves":
            wolves = self._holders(Role.WEREWOLF)
            yield from self._note(
                "note.holders", role=loc.role(Role.WEREWOLF, many=True), names=self._names(wolves)
            )
            girl = self._holders(Role.LITTLE_GIRL)
            if girl:
                yield from self._note(
                    "note.holders", role=loc.role(Role.LITTLE_GIRL), names=self._names(girl)
                )
        elif step == "witch":
            yield from self._witch_notes()
        elif not self._acts(step):
            yield from self._note("note.nobody")

    def _lovers(self) -> list[int]:
        for event in self.m.events:
            if event.kind == "lovers":
                return [int(s) for s in event.data["seats"]]
        return []

    def _witch_notes(self) -> Steps[None]:
        witch = self._holders(Role.WITCH)
        if not witch:
            yield from self._note("note.nobody")
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
            yield from self._note("note.witch_dry", name=name, target=target)
        elif shown is None:
            yield from self._note("note.witch_nobody", name=name)
        else:
            yield from self._note("note.witch", name=name, target=self.players.name(int(shown)))

    def _night_decision(self, decision: Decision) -> Steps[None]:
        kind = decision.kind
        if kind == "thief":
            yield from self._thief(decision)
        elif kind == "cupid":
            yield from self._cupid(decision)
        elif kind == "seer":
            yield from self._seer(decision)
        elif kind == "witch":
            yield from self._witch(decision)
        else:
            yield from self._werewolves()

    def _thief(self, decision: Decision) -> Steps[None]:
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
            self._attempt(lambda m: submit(m, seat, action))
            return action

        choices = ("1", "2") if forced else ("1", "2", self._words["keep"])
        key = "ask.thief_forced" if forced else "ask.thief"
        action = yield from self._ask(key, parse, choices)
        if action.kind == "take":
            slot = n + action.centre[0]
            self.cards[seat], self.cards[slot] = self.cards[slot], self.cards[seat]
            yield from self._note(
                "note.thief_took",
                name=self.players.name(seat),
                role=self.locale.role(self.cards[seat]),
            )
        else:
            yield from self._note("note.thief_kept", name=self.players.name(seat))

    def _cupid(self, decision: Decision) -> Steps[None]:
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
            self._attempt(lambda m: submit(m, seat, Action("pair", pair)))
            return pair

        yield from self._ask_for("ask.cupid", parse, self._named(self._alive()), {}, pick=2)

    def _seer(self, decision: Decision) -> Steps[None]:
        targets = [a.players[0] for a in decision.options if a.kind == "look"]
        target = yield from self._choose(decision.seat, "ask.seer", targets, aim("look"), none=True)
        if target is not None:
            yield from self._note(
                "note.seer",
                name=self.players.name(target),
                role=self.locale.role(self.cards[target]),
            )

    def _werewolves(self) -> Steps[None]:
        """The Werewolves' call: who stayed asleep, the pack's victim, the Little Girl."""
        wolves = [d.seat for d in self.m.pending() if d.kind == "werewolf_wake"]
        while True:
            # the narrator taps each Werewolf who kept their eyes shut, or "nobody"
            asleep = yield from self._ask_for(
                "ask.asleep",
                self._asleep(wolves),
                self._named(wolves, none=True),
                {"names": self._names(wolves)},
                pick=len(wolves),
                upto=True,
                alone=(self._words["none"],),
                typed="ask.asleep.typed",
            )
            if len(asleep) < len(wolves):
                break
            if (yield from self._ask("ask.all_asleep", yes_no, self._yes_no())):
                break
        awake = [w for w in wolves if w not in asleep]
        victim: int | None = None
        spied = caught = False
        girl = self._holders(Role.LITTLE_GIRL)
        if awake:
            living = self._alive()
            allowed = [s for s in living if awake != [s]]  # a lone Werewolf cannot pick himself
            victim = yield from self._ask(
                "ask.victim",
                lambda a: self.players.one(a, allowed, none=True),
                self._named(allowed, none=True),
            )
            if girl:
                name = self.players.name(girl[0])
                spied = yield from self._ask("ask.spied", yes_no, self._yes_no(), name=name)
                if spied:
                    caught = yield from self._ask("ask.caught", yes_no, self._yes_no(), name=name)

        def apply(m: Match) -> None:
            for w in wolves:
                m.submit(w, Action("wake") if w in awake else Action("sleep"))
            if m.over:
                return
            if spied:
                self.chance.prime("little_girl_caught", caught)
            voice = [d.seat for d in m.pending() if d.kind == "pack_choice"]
            if voice:  # narrator_knows: results: the pack's victim is one answer
                m.submit(voice[0], NO_VICTIM if victim is None else Action("vote", (victim,)))
            else:
                self._pack_ballots(m, awake, victim)
            for d in m.pending():
                if d.kind == "little_girl":
                    m.submit(d.seat, Action("spy") if spied else PASS)

        first = len(self.m.events)
        self._attempt(apply)
        if any(e.kind == "starved" for e in self.m.events[first:]):
            yield from self._note("note.starving")
        elif spied:
            name = self.players.name(girl[0])
            yield from self._note("note.caught" if caught else "note.unseen", name=name)

    def _pack_ballots(self, m: Match, awake: list[int], victim: int | None) -> None:
        """Every awake Werewolf's ballot, all for the victim the narrator saw chosen."""
        if victim is not None and victim in awake and len(awake) == 2:
            # The pack chose one of its two awake members: he cannot vote for himself,
            # so his "no victim" ballot ties with the other's; the tie goes to the victim
            # (the tied are listed in seat order, "no victim" last).
            self.chance.prime("tiebreak", 0)
        for w in awake:
            if victim is None or victim == w:
                m.submit(w, NO_VICTIM)
            else:
                m.submit(w, Action("vote", (victim,)))

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

    def _witch(self, decision: Decision) -> Steps[None]:
        seat = decision.seat
        heal = next((a for a in decision.options if a.kind == "heal"), None)
        poisons = [a.players[0] for a in decision.options if a.kind == "poison"]
        heals = False
        if heal is not None:
            name = self.players.name(heal.players[0])
            heals = yield from self._ask("ask.heal", yes_no, self._yes_no(), name=name)
        target: int | None = None
        if poisons:
            target = yield from self._ask(
                "ask.poison",
                lambda a: self.players.one(a, poisons, none=True),
                self._named(poisons, none=True),
            )

        def apply(m: Match) -> None:
            if heals and heal is not None:
                m.submit(seat, heal)
            if target is not None:
                m.submit(seat, Action("poison", (target,)))
            if any(d.kind == "witch" for d in m.pending()):
                m.submit(seat, PASS)  # both questions are answered: no other potion tonight

        self._attempt(apply)

    # --- the day ---------------------------------------------------------------------------

    def _day_decision(self, pending: Sequence[Decision]) -> Steps[None]:
        decision = pending[0]
        if decision.kind == "hunter":
            yield from self._hunter(decision)
        elif decision.kind == "captain_successor":
            yield from self._successor(decision)
        elif decision.kind == "captain_pick":
            yield from self._pick(decision)
        elif decision.kind in VOTES:
            yield from self._ballots(decision.kind, pending)
        elif decision.kind in RESULTS:
            yield from self._result(decision)
        else:  # pragma: no cover - the engine asks nothing else by day
            raise AssertionError(f"unexpected decision {decision.kind}")

    def _news(self, event: Event) -> Sequence[News]:
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
        return cues + self._verdict_reasons(data, say, THIERCELIEUX_REASONS)

    def _announce(self, key: str, **params: object) -> Steps[None]:
        yield from self._play(
            [announcement(self.locale, key, self.timing.announce_seconds, **params)]
        )

    def _open(self, event: Event) -> Steps[None]:
        """A vote opens: the election's, the lynch's or a revote's script."""
        vote = event.data["vote"]
        if vote == "captain_election":
            yield from self._play(election_script(self.locale, timing=self.timing))
        elif vote == "lynch":
            yield from self._play(lynch_script(self.locale, timing=self.timing))
        else:
            tied = [self.players.name(int(s)) for s in event.data["candidates"]]
            yield from self._play(revote_script(self.locale, tied, timing=self.timing))

    def _hunter(self, decision: Decision) -> Steps[None]:
        seat = decision.seat
        targets = [a.players[0] for a in decision.options if a.kind == "shoot"]
        if self.table.options.get("reveal_on_death", True):
            yield from self._announce("hunter.call", name=self.players.name(seat))
        name = self.players.name(seat)
        yield from self._choose(seat, "ask.hunter", targets, aim("shoot"), none=True, name=name)

    def _successor(self, decision: Decision) -> Steps[None]:
        seat = decision.seat
        heirs = [a.players[0] for a in decision.options]
        yield from self._announce("captain.successor", name=self.players.name(seat))
        name = self.players.name(seat)
        yield from self._choose(seat, "ask.successor", heirs, aim("name"), name=name)

    def _pick(self, decision: Decision) -> Steps[None]:
        seat = decision.seat
        tied = [a.players[0] for a in decision.options]
        yield from self._announce(
            "captain.pick", names=self._names(tied), name=self.players.name(seat)
        )
        names = self.players.listing(tied)
        yield from self._choose(
            seat, "ask.pick", tied, aim("vote"), name=self.players.name(seat), names=names
        )

    def _ballots(self, vote: str, pending: Sequence[Decision]) -> Steps[None]:
        """A day vote: the result (one player), or every voter's ballot in seat order."""

        def outright(chosen: int) -> None:
            self._attempt(lambda m: self._outright(m, vote, chosen))

        voters = [d.seat for d in pending]
        allowed = {a.players[0] for d in pending for a in d.options if a.kind == "vote"}
        yield from self._ask_ballots("ask.vote", voters, outright, allowed)

    def _result(self, decision: Decision) -> Steps[None]:
        """A day vote told by its result alone (``narrator_knows: results``): the elected
        Captain, or the lynched player or nobody."""
        lynch = decision.kind == "lynch_result"
        targets = [a.players[0] for a in decision.options if a.kind == "vote"]

        def parse(answer: str) -> None:
            chosen = self.players.one(answer, targets, none=lynch)
            action = NO_LYNCH if chosen is None else Action("vote", (chosen,))
            self._attempt(lambda m: submit(m, decision.seat, action))

        key = "ask.lynched" if lynch else "ask.elected"
        yield from self._ask(key, parse, self._named(targets, none=lynch))

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

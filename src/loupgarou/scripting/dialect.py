"""What the script format needs to know about a rules family: its dialect.

The script format itself is family-independent (players, chance, steps made
of actions, votes, timeouts and statements).  A :class:`Dialect` adds what
only a family knows: its role names, its action verbs, how a scenario or an
explicit deal becomes a deck and a chance outcome (and how many face-down cards
a deal lists, under which name), how a fixed outcome written in the family's
terms becomes the engine's value, the sentence for each of its events (in the
words of a :class:`~loupgarou.scripting.speech.Speech`: English by default),
its deaths, what the table looks like at the end, and what the family adds to
the verdict (a story in short, keys of ``state``, lines of the report).

Contract: the base class works for any family (any verb is accepted, roles
are taken as written, events are shown as their kind and data); a family
module overrides what it can do better (the families whose roles are an
enumeration build on :class:`~loupgarou.scripting.family_kit.FamilyDialect`,
which holds what they do alike).  Dialects are pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from loupgarou.core.actions import Action
from loupgarou.core.chance import ChanceRequest
from loupgarou.core.errors import ScriptError
from loupgarou.core.events import JSON, Event
from loupgarou.core.outcome import Reason
from loupgarou.core.statements import Statement
from loupgarou.engine.match import Match
from loupgarou.scripting.speech import Speech, speech_for
from loupgarou.scripting.verdict import Copy, Death, Ending, FinalCard, TableNow, Verdict
from loupgarou.scripting.words import describe_action, describe_statement, name_of, with_names


class Teller:
    """Turns events into sentences, in order, remembering what earlier events said; the
    sentences are those of ``speech`` (a language, roles renamed by a theme; English by
    default)."""

    def __init__(
        self, dialect: Dialect, names: Sequence[str], speech: Speech | None = None
    ) -> None:
        self.dialect = dialect
        self.names = tuple(names)
        self.speech = speech or speech_for(dialect.family)
        self.say = self.speech.say

    def name(self, seat: int) -> str:
        return name_of(self.names, seat)

    def role(self, role: str) -> str:
        """A role's name in this teller's words."""
        return self.speech.role(role)

    def join(self, items: Sequence[str], empty: str = "") -> str:
        """A list in this teller's language ("A, B and C")."""
        return self.speech.join(items, empty or self.say("common.nobody"))

    def tell(self, event: Event) -> str:
        """The sentence for ``event`` (a generic one for kinds the family does not know)."""
        if event.kind == "statement":
            statement = Statement.from_json(event.data)
            who = self.name(int(event.data["seat"]))
            said = describe_statement(
                statement,
                self.names,
                self.role,
                lambda a: self.dialect.describe_action(a, self.names, self.speech),
                self.speech,
                speaker=int(event.data["seat"]),
                present_claims=self.dialect.present_claims,
            )
            ends = ('"', "»", ".", "!", "?")
            return self.say("statement", who=who, said=said) + ("" if said.endswith(ends) else ".")
        if event.kind == "death":
            return self.dialect.describe_death(event.data, self.names, self.speech)
        shown = ", ".join(f"{k}={_short(v)}" for k, v in event.data.items())
        return f"{event.kind}: {shown}" if shown else event.kind


def _short(value: JSON) -> str:
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_short(v) for v in value) + "]"
    return str(value)


class Dialect:
    """The generic dialect; see the module docstring."""

    family: str = ""
    verbs: frozenset[str] | None = None
    """The action verbs of the family's decisions; None accepts any verb."""
    centre_slots: int = 0
    """How many face-down cards an explicit deal gives besides the seats."""
    slot_field: str = "centre"
    """How a script names those face-down cards, in a deal and in a step (``centre``
    for One Night, ``set_aside`` for Thiercelieux); steps also accept ``centre``.  Empty
    for a family without face-down cards (Lupus): its deals and steps take none."""
    slot_hint: str = "centre cards are c1, c2 and c3 (or, in the data form, 0, 1 and 2)"
    """How those cards are numbered, for error messages."""
    centre_label: str = "centre"
    """What the report calls them."""
    decisions: frozenset[str] = frozenset()
    """The decision kinds told for people (``<family>.decision.<kind>`` in the verdict's
    words; a kind not here is shown as is)."""
    no_scenarios: str = ""
    """Why a script may not name a scenario (a generic sentence when empty)."""
    claim_words: frozenset[str] = frozenset()
    """Words a claim may use besides the roles (Lupus in Tabula's ``human``)."""
    present_claims: bool = False
    """The family's players claim what they are, not the card they were dealt (the
    claims of Thiercelieux and Lupus in Tabula; :func:`.words.describe_statement`)."""

    # --- names ------------------------------------------------------------------------------

    def role(self, name: str) -> str | None:
        """The canonical name of a role as written in a script, or None if unknown."""
        text = name.strip()
        return text or None

    def role_name(self, role: str) -> str:
        """A role's English name for people."""
        return role.replace("_", " ").title()

    def role_names(self) -> tuple[str, ...]:
        """Every role name this dialect knows (for error messages); empty if any goes."""
        return ()

    # --- the table --------------------------------------------------------------------------

    def table(
        self,
        players: int,
        scenario: str | None,
        deck: Sequence[str] | None,
        options: Mapping[str, JSON],
    ) -> tuple[str | None, tuple[str, ...], dict[str, JSON]]:
        """Resolve ``scenario`` or ``deck`` into (scenario key, deck, options): no scenario
        (refused with :attr:`no_scenarios`), and the deck as given or, without one, the
        :meth:`default_deck`."""
        if scenario is not None:
            raise ScriptError(
                "script.no_scenarios",
                self.no_scenarios or f"the family '{self.family}' has no scenarios in scripts",
            )
        return None, tuple(deck or self.default_deck(players)), dict(options)

    def default_deck(self, players: int) -> tuple[str, ...]:
        """The deck a script without one plays with (none by default)."""
        return ()

    def describe_action(
        self, action: Action, names: Sequence[str], speech: Speech | None = None
    ) -> str:
        """An action in words, without its actor: "look at Bob's card" (in ``speech``'s
        words; English by default)."""
        return describe_action(action, names)

    def normalise(self, action: Action) -> Action:
        """The canonical form of an action as written (e.g. an unordered pair sorted)."""
        return action

    def deal_slots(self, deck: Sequence[str]) -> int | None:
        """How many face-down cards an explicit deal of ``deck`` lists besides the seats;
        None when the family has no explicit deal in scripts."""
        return self.centre_slots or None

    def check_chance(self, chance: Mapping[str, JSON], players: Sequence[str]) -> None:
        """Check the fixed chance outcomes as written (raise :class:`ScriptError`)."""

    def chance_value(
        self, request: ChanceRequest, value: JSON, state: Any, names: Sequence[str]
    ) -> JSON:
        """A fixed outcome as the engine reads it, given the state that asks for it
        (a family may let a script name a player where the engine wants an index)."""
        return value

    def deal_outcome(
        self,
        deal: Sequence[str],
        deck: Sequence[str],
        players: int,
        options: Mapping[str, JSON],
        draws: Sequence[tuple[str, JSON]],
    ) -> JSON:
        """The 'deal' chance outcome that gives each position the role ``deal`` names."""
        raise ScriptError(
            "script.no_explicit_deal",
            f"the family '{self.family}' does not support an explicit deal; fix it with 'chance'",
        )

    # --- telling what happened ----------------------------------------------------------------

    def teller(self, names: Sequence[str], speech: Speech | None = None) -> Teller:
        """What tells this family's events, in ``speech``'s words (English by default)."""
        return Teller(self, names, speech)

    def describe_death(
        self, data: Mapping[str, JSON], names: Sequence[str], speech: Speech | None = None
    ) -> str:
        say = (speech or speech_for(self.family)).say
        who = name_of(names, int(data["seat"]))
        cause = data.get("cause")
        by = data.get("by")
        if cause == "vote":
            return say("death.voted", who=who)
        if by is not None:
            return say("death.by", who=who, cause=cause, killer=name_of(names, int(by)))
        return say("death.cause", who=who, cause=cause)

    def deaths(self, match: Match) -> tuple[Death, ...]:
        """Every death so far, in order (from the 'death' events by default)."""
        return deaths_from(match.events)

    def decision_name(self, kind: str, speech: Speech | None = None) -> str:
        """A pending decision's kind for people (``<family>.decision.<kind>`` for the kinds
        in :attr:`decisions`; else the kind)."""
        if kind not in self.decisions:
            return kind
        words = speech or speech_for(self.family)
        return words.say(f"{self.family.replace('-', '_')}.decision.{kind}")

    def scenario_title(self, key: str) -> str:
        """A scenario's name for people (its key by default)."""
        return key

    def story(self, match: Match) -> dict[str, JSON] | None:
        """The family's summary of the game so far (the verdict's ``story``), or None."""
        return None

    def state_extra(self, match: Match) -> dict[str, JSON]:
        """Keys the family adds to the verdict's ``state``."""
        return {}

    def story_lines(self, verdict: Verdict, speech: Speech | None = None) -> list[str]:
        """The story in short, as lines of text for the report (none by default)."""
        return []

    def death_words(self, death: Death, names: Sequence[str], speech: Speech | None = None) -> str:
        """A death for the report: "Bob (voted out)", "Ann (hunter: taken by Bob)"."""
        words = speech or speech_for(self.family)
        who = name_of(names, death.seat)
        cause = death.cause
        key = f"report.cause.{cause}"
        if words.language != "en" and key in words.texts:
            cause = words.say(key)
        if death.cause == "vote":
            return words.say("report.voted_out", who=who)
        if death.by is not None:
            return words.say(
                "report.death_by", who=who, cause=cause, killer=name_of(names, death.by)
            )
        return words.say("report.death_cause", who=who, cause=cause)

    def standing_lines(self, verdict: Verdict, speech: Speech | None = None) -> list[str]:
        """Lines the family adds where the report says where the game stopped."""
        return []

    def ending_lines(self, verdict: Verdict, speech: Speech | None = None) -> list[str]:
        """Lines the family adds at the end of the result (none by default)."""
        return []

    def ending(self, match: Match) -> Ending | None:
        """Final cards and roles (:meth:`final_cards`, :meth:`final_centre`,
        :meth:`final_copies`), deaths and the verdict, once the game is over."""
        outcome = match.outcome
        if outcome is None:
            return None
        return Ending(
            cards=self.final_cards(match),
            centre=self.final_centre(match),
            copies=self.final_copies(match),
            deaths=self.deaths(match),
            winners=tuple(sorted(outcome.winners)),
            teams=tuple(sorted(outcome.teams)),
            reasons=tuple(
                Reason(r.code, with_names(r.text, match.players)) for r in outcome.reasons
            ),
        )

    def final_cards(self, match: Match) -> tuple[FinalCard, ...]:
        """Each seat's final card, role and team at the end (none by default)."""
        return ()

    def final_centre(self, match: Match) -> tuple[str, ...]:
        """The face-down cards at the end (none by default)."""
        return ()

    def final_copies(self, match: Match) -> tuple[Copy, ...]:
        """What each copying card became (none by default)."""
        return ()

    def table_now(self, match: Match) -> TableNow | None:
        """Where the cards are now (the moderator's knowledge), if the family can say."""
        return None

    def phase(self, match: Match) -> str | None:
        phase: Any = match.variant.public(match.state).get("phase")
        return phase if isinstance(phase, str) else None


def deaths_from(events: Sequence[Event]) -> tuple[Death, ...]:
    """A :class:`Death` for every 'death' event, in order."""
    out: list[Death] = []
    for e in events:
        if e.kind == "death":
            by = e.data.get("by")
            out.append(
                Death(
                    int(e.data["seat"]),
                    str(e.data.get("cause", "")),
                    None if by is None else int(by),
                )
            )
    return tuple(out)

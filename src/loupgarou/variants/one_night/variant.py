"""The One Night family as a :class:`loupgarou.core.variant.Variant`.

Phases: ``deck`` (only for a drawn deck) -> ``deal`` -> ``night`` -> ``day``
-> ``over``.  The night is one decision at a time, in wake order; the day is a
simultaneous vote (each seat's decision is pending until it votes), during
which anyone may make public statements.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Final

from loupgarou.core.actions import Action, Decision
from loupgarou.core.chance import ChanceRequest
from loupgarou.core.errors import SetupError, SetupWarning
from loupgarou.core.events import JSON, Event, public, secret, told
from loupgarou.core.outcome import Outcome
from loupgarou.core.statements import Statement, said
from loupgarou.core.variant import GameConfig, OptionSpec, resolve_options
from loupgarou.variants.one_night import night, resolution
from loupgarou.variants.one_night.setup import (
    CENTRE,
    check_players,
    draw_pool,
    drawn_deck,
    parse_deck,
    validate_deck,
)
from loupgarou.variants.one_night.state import Options, State

EDITIONS = {"ravensburger": {"lone_wolf_peek": True}, "bezier": {"lone_wolf_peek": False}}


class OneNight:
    name: str = "one-night"
    aliases: tuple[str, ...] = ("one_night", "onenight", "onuw", "une-nuit")
    title: str = "One Night (Loup-Garou pour une Nuit)"
    min_players: int = 3
    max_players: int = 10
    victim_call: str | None = None
    options: tuple[OptionSpec, ...] = (
        OptionSpec(
            "edition",
            "ravensburger",
            "Which rulebook sets the defaults: 'ravensburger' (lone wolf peeks) or 'bezier' "
            "(the peek is an optional variant, off).",
            ("ravensburger", "bezier"),
            str,
        ),
        OptionSpec(
            "lone_wolf_peek",
            True,
            "A Werewolf who wakes alone may look at one centre card.",
        ),
        OptionSpec(
            "deck_draw",
            "fixed",
            "'fixed': play the given deck; 'anarchie': the Anarchie draw; "
            "'bag': players + 3 roles drawn at random from the box.",
            ("fixed", "anarchie", "bag"),
            str,
        ),
        OptionSpec(
            "minion_alone_dead",
            "nobody",
            "No player is a Werewolf and the Minion is the only one to die: 'nobody' wins, "
            "the 'minion' wins (no Werewolf died), or the 'village' wins (it killed the "
            "only player on the Werewolves' side).",
            ("nobody", "minion", "village"),
            str,
        ),
        OptionSpec(
            "tanner_and_minion",
            "tanner",
            "No player is a Werewolf, a Tanner died, and the Minion lived while someone else "
            "died: 'tanner': the Tanner's death beats the Minion, only the Tanner wins; "
            "'both': the Minion wins too.",
            ("tanner", "both"),
            str,
        ),
        OptionSpec(
            "large_table",
            False,
            "Seat more players than the box serves (11 to 20) with extra cards: players + 3 "
            "cards as always, with a warning.  Off: at most 10 players.",
        ),
    )

    # --- set-up --------------------------------------------------------------------------

    def setup(self, config: GameConfig) -> tuple[State, tuple[SetupWarning, ...]]:
        if not config.options:
            return self._setup(len(config.players), tuple(config.deck), ())
        try:
            # Each value goes with its type: 1 == True, and a cached valid set-up must not
            # vouch for a wrongly typed option.
            options = tuple(sorted((k, type(v), v) for k, v in config.options.items()))
            return self._setup(len(config.players), tuple(config.deck), options)
        except TypeError:  # an unhashable option value: let validation explain it
            return self._setup_uncached(len(config.players), config.deck, config.options)

    @staticmethod
    @lru_cache(maxsize=256)
    def _setup(
        n: int, deck: tuple[str, ...], options: tuple[tuple[str, type, JSON], ...]
    ) -> tuple[State, tuple[SetupWarning, ...]]:
        # The initial state is immutable, so tables set up alike share it.
        return OneNight._setup_uncached(n, deck, {k: v for k, _, v in options})

    @staticmethod
    def _setup_uncached(
        n: int, names: Sequence[str], given: Mapping[str, JSON]
    ) -> tuple[State, tuple[SetupWarning, ...]]:
        edition = given.get("edition", "ravensburger")
        opts = resolve_options(VARIANT.options, given, EDITIONS.get(str(edition), {}))
        options = Options(
            bool(opts["lone_wolf_peek"]),
            str(opts["deck_draw"]),
            str(opts["edition"]),
            str(opts["minion_alone_dead"]),
            str(opts["tanner_and_minion"]),
            bool(opts["large_table"]),
        )
        if options.deck_draw != "fixed":
            check_players(n)  # a drawn deck comes from the box: 10 players at most
            if names:
                raise SetupError(
                    "setup.deck_and_draw", "give either a deck or a drawn deck option, not both"
                )
            return State(n, (), options, "deck"), ()
        deck = parse_deck(names)
        warnings = validate_deck(deck, n, large_table=options.large_table)
        return State(n, deck, options, "deal"), warnings

    # --- chance --------------------------------------------------------------------------

    def chance_request(self, state: State) -> ChanceRequest | None:
        if state.phase == "deal":
            return _deal_request(state.n + CENTRE)
        if state.phase == "deck":
            return ChanceRequest("deck", "permutation", len(draw_pool(state.options.deck_draw)))
        return None

    def apply_chance(self, state: State, value: JSON) -> tuple[State, tuple[Event, ...]]:
        if state.phase == "deck":
            deck = drawn_deck(state.options.deck_draw, state.n, value)
            if deck is None:
                return state, (secret("deck_redrawn", reason="a single Mason was drawn"),)
            return state.with_deck(deck), (public("deck_drawn", deck=list(deck)),)
        dealt = tuple(value)
        n, deck = state.n, state.deck
        roles = [deck[c] for c in dealt]
        state, events = night.begin(state.dealt_as(dealt), tuple(roles[:n]))
        return state, (secret("deal", cards=roles), *events)

    # --- decisions -----------------------------------------------------------------------

    def decisions(self, state: State) -> tuple[Decision, ...]:
        if state.phase == "night":
            return night.pending(state)
        if state.phase == "day":
            n = state.n
            return _votes_pending(n, state.votes)
        return ()

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, tuple[Event, ...]]:
        if state.phase == "night":
            task = state.agenda[0]
            state, events, follow = night.act(state, task, action)
            state, more = night.run(state, (*follow, *state.agenda[1:]))
            events.extend(more)
            return state, tuple(events)
        target = action.players[0]
        ballots = list(state.votes)
        ballots[seat] = target
        votes = tuple(ballots)
        state = state.with_votes(votes)
        voted = _voted(seat, target)
        if -1 in votes:
            return state, (voted,)
        end, dead, outcome = resolution.finish(state)
        return state.finished(dead, outcome), (voted, *end)

    # --- talk, result, public view -------------------------------------------------------

    def may_speak(self, state: State, seat: int) -> bool:
        return state.phase == "day"

    def speak(
        self, state: State, seat: int, statement: Statement
    ) -> tuple[State, tuple[Event, ...]]:
        return state, (said(seat, statement),)

    def outcome(self, state: State) -> Outcome | None:
        return state.outcome

    def public(self, state: State) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "phase": state.phase,
            "players": state.n,
            "deck": list(state.deck),
        }
        if state.phase == "night":
            out["step"] = state.step
        if state.phase == "over":
            out["dead"] = list(state.dead)
        return out

    def night_calls(self, state: State) -> tuple[str, ...]:
        """The night's calls: every role of the deck is called, held or not."""
        return night.call_list(state.deck) if state.phase == "night" else ()


_SEATS: Final = 20
"""The most seats a table has (``large_table``)."""


@lru_cache(maxsize=64)
def _deal_request(cards: int) -> ChanceRequest:
    return ChanceRequest("deal", "permutation", cards)


_VOTED: Final[list[Event | None]] = [None] * (_SEATS * _SEATS)
"""``voted`` events by ``seat * _SEATS + target``, made once each and shared by every
table (a list read: an ``lru_cache`` look-up cost about 700 instructions a vote)."""


def _voted(seat: int, target: int) -> Event:
    if seat < _SEATS and target < _SEATS:
        i = seat * _SEATS + target
        event = _VOTED[i]
        if event is None:
            event = _VOTED[i] = told(seat, "voted", seat=target)
        return event
    return told(seat, "voted", seat=target)


_BALLOTS: Final[dict[int, tuple[Decision, ...]]] = {}
"""Every seat's vote decision, per table size (shared: decisions are immutable)."""


def _votes_pending(n: int, votes: tuple[int, ...]) -> tuple[Decision, ...]:
    """The vote decisions of the seats that have not voted: a compiled scan of the table
    size's ballots (an ``lru_cache`` keyed by the votes cost about 1,100 instructions a
    call, and the engine asks again after every ballot)."""
    ballots = _BALLOTS.get(n)
    if ballots is None:
        ballots = _BALLOTS[n] = tuple(night.decision("vote", n, s, "vote") for s in range(n))
    return tuple([b for b in ballots if votes[b.seat] < 0])


VARIANT = OneNight()

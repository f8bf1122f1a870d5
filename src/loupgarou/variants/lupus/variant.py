"""The Lupus in Tabula family as a :class:`loupgarou.core.variant.Variant`.

Phases: ``deal`` -> (``night`` -> ``day``)* -> ``over``.  The rules live in
:mod:`~loupgarou.variants.lupus.night` (the calls and dawn),
:mod:`~loupgarou.variants.lupus.day` (the two voting stages and the defence)
and :mod:`~loupgarou.variants.lupus.resolution` (who wins);
:mod:`~loupgarou.variants.lupus.flow` strings them together.  ``decisions`` is
the one source of legality: ``apply`` and ``apply_chance`` trust that the
engine checked their input against it (and against the chance request).

An empty deck in the :class:`GameConfig` means the default deck for the table
size (:func:`~loupgarou.variants.lupus.setup.default_deck`).

Chance draws, by label: ``deal`` (a permutation: seat ``s`` gets card
``value[s]``), ``tiebreak`` (the pack's tied targets, in seat order) and
``welcome_card`` (the night's dead, in seat order).
"""

from __future__ import annotations

from collections.abc import Mapping

from loupgarou.core.actions import Action, Decision
from loupgarou.core.chance import ChanceRequest
from loupgarou.core.errors import SetupWarning
from loupgarou.core.events import JSON, Event
from loupgarou.core.outcome import Outcome
from loupgarou.core.statements import Statement, said
from loupgarou.core.variant import GameConfig, OptionSpec, resolve_options
from loupgarou.variants.lupus import day, flow, night
from loupgarou.variants.lupus.setup import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    check_players,
    default_deck,
    parse_deck,
    validate_deck,
)
from loupgarou.variants.lupus.state import NONE, Options, State

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "discussion_minutes",
        3.0,
        "How long the day's discussion lasts before the stage 1 votes are called, in "
        "minutes (used by the narration; the rules do not time anything).",
        kind=float,
        low=0.0,
        low_open=True,
        high=180.0,
    ),
    OptionSpec(
        "deadly_owl",
        "auto",
        "Whether the Owl's pick dies at dawn unless a Werewolf or the Werehamster: "
        "'auto' with more than 20 players (the rules' Deadly Owl; see deadly_owl_from), "
        "'always', or 'never'.  "
        "A pick who survives still becomes a suspect.",
        ("auto", "always", "never"),
        str,
    ),
    OptionSpec(
        "deadly_owl_from",
        21,
        "With deadly_owl 'auto', the smallest table whose Owl is deadly: 21 reads the "
        "rules' 'more than 20 players'; 20 is for tables that read it 'from 20'.",
        kind=int,
        low=9,
        high=25,
    ),
)


def resolve(given: Mapping[str, JSON]) -> Options:
    """The table's options, checked, with defaults filled in."""
    opts = resolve_options(OPTIONS, given, {})
    minutes = float(opts["discussion_minutes"])
    return Options(
        discussion_minutes=minutes,
        deadly_owl=str(opts["deadly_owl"]),
        deadly_owl_from=int(opts["deadly_owl_from"]),
    )


class Lupus:
    name: str = "lupus"
    aliases: tuple[str, ...] = ("lupus-in-tabula", "lupus_in_tabula", "tabula")
    title: str = "Lupus in Tabula"
    min_players: int = MIN_PLAYERS
    max_players: int = MAX_PLAYERS
    options: tuple[OptionSpec, ...] = OPTIONS
    victim_call: str | None = "werewolves"

    # --- set-up and chance ---------------------------------------------------------------

    def setup(self, config: GameConfig) -> tuple[State, tuple[SetupWarning, ...]]:
        options = resolve(config.options)
        n = len(config.players)
        check_players(n)
        names = config.deck or default_deck(n)
        deck = parse_deck(names)
        warnings = validate_deck(deck, n)
        return State(n, deck, options), warnings

    def chance_request(self, state: State) -> ChanceRequest | None:
        return flow.chance_request(state)

    def apply_chance(self, state: State, value: JSON) -> tuple[State, tuple[Event, ...]]:
        state, events = flow.apply_chance(state, value)
        return state, tuple(events)

    # --- decisions -----------------------------------------------------------------------

    def decisions(self, state: State) -> tuple[Decision, ...]:
        return flow.pending(state)

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, tuple[Event, ...]]:
        state, events = flow.act(state, seat, action)
        return state, tuple(events)

    # --- talk, result, public view -------------------------------------------------------

    def may_speak(self, state: State, seat: int) -> bool:
        """Ghosts never speak, nobody speaks at night or during the secret stage 2 vote;
        during the defence only a suspect who has not ended their defence speaks;
        otherwise (the discussion and stage 1) every living player may."""
        if state.phase != "day" or not state.alive[seat]:
            return False
        if state.step == "defence":
            return day.may_defend(state, seat)
        return state.step == "stage1"

    def speak(
        self, state: State, seat: int, statement: Statement
    ) -> tuple[State, tuple[Event, ...]]:
        return state, (said(seat, statement),)

    def outcome(self, state: State) -> Outcome | None:
        return state.outcome

    def public(self, state: State) -> dict[str, JSON]:
        """The allow-list every seat sees: the phase, night and day numbers, the step,
        the deck's composition (the night calls reveal it anyway), the living and the
        Ghosts, the Welcome-card holder, today's stage 1 calling order, its ballots so
        far (cast aloud) and whose turn it is, the suspects, whether the Owl is deadly
        at this table (a table rule, announced), and every card once the game is over."""
        n = state.n
        alive = state.alive or (True,) * n
        out: dict[str, JSON] = {
            "phase": state.phase,
            "players": n,
            "deck": [r.value for r in state.deck],
            "night": state.night,
            "day": state.day,
            "step": state.step,
            "alive": [s for s in range(n) if alive[s]],
            "ghosts": [s for s in range(n) if not alive[s]],
            "welcome_card": None if state.holder == NONE else state.holder,
            "order": list(state.order),
            "stage1_votes": [
                [s, state.ballots[s]] for s in state.order if state.ballots[s] != NONE
            ],
            "suspects": list(state.suspects),
            "deadly_owl": night.deadly_owl(state),
        }
        if state.step == "stage1" and state.outcome is None:
            waiting = [s for s in state.actors if state.answers[s] == NONE]
            out["voter"] = waiting[0] if waiting else None
        if state.phase == "over":
            out["cards"] = [state.card(s).value for s in range(n)]
            out["roles"] = [state.roles[s].value for s in range(n)]
        return out

    def night_calls(self, state: State) -> tuple[str, ...]:
        """This night's calls: a role of the deck is called even when its holder is dead."""
        return night.call_list(state.deck, state.night) if state.phase == "night" else ()


VARIANT = Lupus()

"""The Thiercelieux family as a :class:`loupgarou.core.variant.Variant`.

Phases: ``deal`` -> (``night`` -> ``day``)* -> ``over``.  The rules live in
:mod:`~loupgarou.variants.thiercelieux.night`, :mod:`~.day` and
:mod:`~.resolution`; :mod:`~.agenda` strings them together.  ``decisions`` is
the one source of legality: ``apply`` and ``apply_chance`` trust that the
engine has checked their input against it (and against the chance request).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from operator import attrgetter
from typing import Final

from loupgarou.core.actions import Action, Decision
from loupgarou.core.chance import ChanceRequest
from loupgarou.core.errors import SetupWarning
from loupgarou.core.events import JSON, Event
from loupgarou.core.outcome import Outcome
from loupgarou.core.statements import Statement, said
from loupgarou.core.variant import GameConfig, OptionSpec, resolve_options
from loupgarou.variants.thiercelieux import agenda, night
from loupgarou.variants.thiercelieux.setup import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    parse_deck,
    validate_deck,
)
from loupgarou.variants.thiercelieux.state import NONE, Options, State, plan_of

OPTIONS: Final[tuple[OptionSpec, ...]] = (
    OptionSpec(
        "captain",
        True,
        "A Captain is chosen on day 1 (see captain_mode); their lynch ballot counts "
        "twice (see captain_vote) and settles lynch ties; a dying Captain names a living "
        "successor.  Off: no Captain, lynch ties are revoted.",
    ),
    OptionSpec(
        "captain_mode",
        "elected",
        "'elected': the living elect the Captain on day 1 before the lynch (relative "
        "majority; a tie is revoted among the tied; a second tie is drawn at random).  "
        "'random': the Captain is drawn at random among the living.",
        ("elected", "random"),
        str,
    ),
    OptionSpec(
        "captain_vote",
        "double",
        "'double': the Captain's lynch ballot counts as two votes.  'tiebreak_only': it "
        "counts as one and only settles ties.",
        ("double", "tiebreak_only"),
        str,
    ),
    OptionSpec(
        "reveal_on_death",
        True,
        "A dead player's card is shown to everyone at once.  Off: cards stay hidden until "
        "the end of the game.",
    ),
    OptionSpec(
        "hunter_on_any_death",
        False,
        "The Hunter may shoot whatever killed him (poison, grief, another shot).  Off: "
        "only when devoured by the Werewolves or lynched.",
    ),
    OptionSpec(
        "witch_self_poison",
        False,
        "The Witch may poison herself.  Off: her poison may kill any living player but her.",
    ),
    OptionSpec(
        "little_girl_catch_chance",
        0.2,
        "The probability that the Little Girl is caught when she spies.",
        kind=float,
        low=0.0,
        high=1.0,
    ),
    OptionSpec(
        "lovers_vote_together",
        False,
        "While both live, the Lovers cast one common ballot in every day vote: whoever "
        "votes first fixes it for both; in lynch votes neither may vote for the other.",
    ),
    OptionSpec(
        "wolves_win_at_parity",
        False,
        "The Werewolves also win as soon as they are at least as many as the others "
        "(Lupus style).  Off: only when at most one non-Werewolf is alive.",
    ),
    OptionSpec(
        "lynch_second_tie",
        "nobody",
        "A lynch revote (no Captain) that ties again: 'nobody' is lynched that day, or "
        "'random': one of the tied is drawn at random.",
        ("nobody", "random"),
        str,
    ),
    OptionSpec(
        "captain_outside_tie",
        "pick",
        "A lynch tie where the Captain voted for none of the tied: 'pick': the Captain "
        "picks one of them; 'revote': everyone alive revotes among the tied (the Captain "
        "then settles a second tie).",
        ("pick", "revote"),
        str,
    ),
    OptionSpec(
        "witch_one_potion_per_night",
        False,
        "The Witch uses at most one potion a night.  Off: she may use both the same night.",
    ),
    OptionSpec(
        "thief_must_swap",
        False,
        "The Thief must take one of the two set-aside cards.  Off: he may keep his card, "
        "unless both are Werewolves.",
    ),
    OptionSpec(
        "narrator_knows",
        "ballots",
        "What the table tells the game master.  'ballots': every Werewolf's ballot and "
        "every day ballot.  'results': what a narrator at a table with physical cards "
        "sees: the pack's victim (given by the first awake Werewolf, for the pack), the "
        "elected Captain and who is lynched, or nobody (given by the first living player, "
        "for the table, after the table applied the tie rules).",
        ("ballots", "results"),
        str,
    ),
    OptionSpec(
        "pack_may_devour_werewolf",
        True,
        "The Werewolves may choose one of their own as the night's victim.  Off: their "
        "ballots name only players who do not hold a Werewolf card.",
    ),
)


def resolve(given: dict[str, JSON]) -> Options:
    """The table's options, checked, with defaults filled in."""
    opts = resolve_options(OPTIONS, given, {})
    return Options(
        captain=bool(opts["captain"]),
        captain_mode=str(opts["captain_mode"]),
        captain_vote=str(opts["captain_vote"]),
        reveal_on_death=bool(opts["reveal_on_death"]),
        hunter_on_any_death=bool(opts["hunter_on_any_death"]),
        witch_self_poison=bool(opts["witch_self_poison"]),
        little_girl_catch_chance=float(opts["little_girl_catch_chance"]),
        lovers_vote_together=bool(opts["lovers_vote_together"]),
        wolves_win_at_parity=bool(opts["wolves_win_at_parity"]),
        lynch_second_tie=str(opts["lynch_second_tie"]),
        captain_outside_tie=str(opts["captain_outside_tie"]),
        witch_one_potion_per_night=bool(opts["witch_one_potion_per_night"]),
        thief_must_swap=bool(opts["thief_must_swap"]),
        pack_may_devour_werewolf=bool(opts["pack_may_devour_werewolf"]),
        narrator_knows=str(opts["narrator_knows"]),
    )


def _setup_uncached(
    n: int, names: Sequence[str], given: Mapping[str, JSON]
) -> tuple[State, tuple[SetupWarning, ...]]:
    options = resolve(dict(given))
    deck = parse_deck(names)
    warnings = validate_deck(deck, n)
    plan = plan_of(n, deck, options, (night.agenda(deck, 1), night.agenda(deck, 2)))
    return State(plan, request=plan.deal), warnings


@lru_cache(maxsize=256)
def _setup(
    n: int, deck: tuple[str, ...], options: tuple[tuple[str, type, JSON], ...]
) -> tuple[State, tuple[SetupWarning, ...]]:
    """The set-up of a table, shared by tables set up alike (the initial state is immutable)."""
    return _setup_uncached(n, deck, {k: v for k, _, v in options})


class Thiercelieux:
    name: str = "thiercelieux"
    aliases: tuple[str, ...] = (
        "loups-garous",
        "loups-garous-de-thiercelieux",
        "werewolves",
        "werewolf",
        "classic",
    )
    title: str = "Les Loups-Garous de Thiercelieux"
    min_players: int = MIN_PLAYERS
    max_players: int = MAX_PLAYERS
    options: tuple[OptionSpec, ...] = OPTIONS
    victim_call: str | None = "werewolves"

    def __init__(self) -> None:
        # The engine asks these at every input (and looks them up once a match): plain
        # functions and C attribute getters, held by the instance.  Not class attributes:
        # the compiled build makes a class-level ``staticmethod(...)`` an instance attribute
        # holding the staticmethod object itself, and calling that went through
        # ``PyObject_Call`` with an argument tuple (the profile put it at about 58,000
        # instructions a 9-player game).  The state keeps what they answer (see
        # :mod:`~loupgarou.variants.thiercelieux.agenda`).
        self.chance_request: Callable[[State], ChanceRequest | None] = attrgetter("request")
        """The chance outcome the game needs now, if any."""
        self.apply_chance: Callable[[State, JSON], tuple[State, tuple[Event, ...]]] = (
            agenda.apply_chance
        )
        self.decisions: Callable[[State], tuple[Decision, ...]] = attrgetter("pending")
        """The decisions the table waits for now."""
        self.apply: Callable[[State, int, Action], tuple[State, tuple[Event, ...]]] = agenda.act
        self.outcome: Callable[[State], Outcome | None] = attrgetter("outcome")

    # --- set-up and chance ---------------------------------------------------------------

    def setup(self, config: GameConfig) -> tuple[State, tuple[SetupWarning, ...]]:
        try:
            # Each value goes with its type: 1 == True, and a cached valid set-up must not
            # vouch for a wrongly typed option.
            options = tuple(sorted((k, type(v), v) for k, v in config.options.items()))
            return _setup(len(config.players), tuple(config.deck), options)
        except TypeError:  # an unhashable option value: let validation explain it
            return _setup_uncached(len(config.players), config.deck, config.options)

    # --- talk, result, public view -------------------------------------------------------

    def may_speak(self, state: State, seat: int) -> bool:
        """Living players speak during the day; the dead and the night are silent."""
        return state.phase == "day" and state.alive[seat]

    def speak(
        self, state: State, seat: int, statement: Statement
    ) -> tuple[State, tuple[Event, ...]]:
        return state, (said(seat, statement),)

    def public(self, state: State) -> dict[str, JSON]:
        """The allow-list every seat sees: phase, night and day numbers, the step, the deck's
        composition (the calls reveal it anyway), who is alive, the Captain, and the cards
        shown so far (the dead's with ``reveal_on_death``; every card once the game is over)."""
        night = state.number
        day = night if state.phase in ("day", "over") else night - 1
        out: dict[str, JSON] = {
            "phase": state.phase,
            "players": state.n,
            "deck": list(state.plan.names),
            "night": night,
            "day": max(day, 0),
            "step": state.step,
            "alive": list(state.living()) if state.alive else [],
            "captain": None if state.captain == NONE else state.captain,
        }
        names = state.seating.names  # each position's role name
        if state.phase == "over":
            out["revealed"] = [{"seat": s, "role": names[s]} for s in range(state.n)]
        elif state.options.reveal_on_death:
            out["revealed"] = [{"seat": s, "role": names[s]} for s, _ in state.deaths]
        else:
            out["revealed"] = []
        return out

    def night_calls(self, state: State) -> tuple[str, ...]:
        """This night's calls: every role of the deck is called, its holder dead or not."""
        return night.call_list(state.plan.deck, state.number) if state.phase == "night" else ()


VARIANT: Final = Thiercelieux()

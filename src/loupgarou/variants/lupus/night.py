"""The Lupus in Tabula night: the call list, each call's decisions and effects, and dawn.

The *call list* depends on the deck and the night number only, never on who is
alive: a role in the deck is called even when its holder is dead (see below),
so the public ``night_step`` events never reveal who holds what or who died.
Per night, in order:

1. ``freemasons`` (night 1): the two Freemasons learn each other.
2. ``seer``: each living Seer may point at another living player and learns
   only whether that player is a Werewolf.  A Werehamster pointed at dies at dawn.
3. ``medium`` (from night 2): a living Medium learns whether the last lynched
   player was a Werewolf (no decision).
4. ``bodyguard`` (from night 2): the living Bodyguard may protect another living
   player; the Werewolves' attack on that player kills nobody.
5. ``werewolves``: the living Werewolves see each other (``pack``) and each
   votes, all at once, for a living non-Werewolf to kill; the votes are shown to
   the pack as they come.  Most votes is the victim; a tie is settled by a
   ``tiebreak`` chance draw among the tied (``choice``, in seat order).
6. ``owl``: the living Owl may pick another living player, who becomes a
   suspect the next day.
7. ``mythomaniac`` (night 2): the living Mythomaniac picks another living
   player and, at the end of the night, becomes a Werewolf if that player is
   one, a Seer if that player is one, else a Villager.

A call never passes faster for a dead holder: the Seer, Bodyguard, Owl or
Mythomaniac who is a Ghost still gets the call's decision, whose only option
is to decline (a timeout does it, and a dead Mythomaniac changes nothing), so
the table waits for that call as it would for a living holder, and neither the
events nor their batching tell who is dead (RULINGS §4).  Dead Werewolves are not woken (the pack is alive by
definition while the game goes on).

Everyone alive when the night begins acts during it: deaths happen at
``dawn``, which applies them together (the victim unless protected or the
Werehamster; a Werehamster a Seer pointed at; with the Deadly Owl, its pick
unless a Werewolf or the Werehamster), announces the dead publicly without a
cause (cards stay hidden), gives the Welcome card (to the one dead, to one of
several drawn at random, ``welcome_card``, or it stays where it is when nobody
died) and then checks who wins: the victim takes the card even at a dawn that
ends the game.

Timeout defaults: the Seer, the Bodyguard and the Owl decline; a Werewolf
follows the pack (the target with most votes so far, ties to the first met
clockwise after the wolf) or, if nobody has voted, takes the first target
clockwise after the wolf; the Mythomaniac picks the first living player
clockwise after himself.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from loupgarou.core.actions import PASS, Action, Decision
from loupgarou.core.events import Event, private, public, secret, told
from loupgarou.variants.lupus import resolution
from loupgarou.variants.lupus.roles import Role
from loupgarou.variants.lupus.setup import MAX_PLAYERS
from loupgarou.variants.lupus.state import NONE, State, first_clockwise

Step = tuple[State, list[Event]]

DAY_STEPS = ("dawn", "stage1", "defence", "stage2", "night")
"""What follows the night's calls (``night`` opens the next night)."""


@lru_cache(maxsize=128)
def call_list(deck: tuple[Role, ...], night: int) -> tuple[str, ...]:
    """The public calls of night ``night`` for this deck, in order."""
    has = set(deck)
    steps: list[str] = []
    if night == 1 and Role.FREEMASON in has:
        steps.append("freemasons")
    if Role.SEER in has:
        steps.append("seer")
    if night >= 2 and Role.MEDIUM in has:
        steps.append("medium")
    if night >= 2 and Role.BODYGUARD in has:
        steps.append("bodyguard")
    steps.append("werewolves")
    if Role.OWL in has:
        steps.append("owl")
    if night == 2 and Role.MYTHOMANIAC in has:
        steps.append("mythomaniac")
    return tuple(steps)


def deadly_owl(state: State) -> bool:
    """Whether the Owl's pick dies at dawn (options ``deadly_owl`` and ``deadly_owl_from``)."""
    options = state.options
    mode = options.deadly_owl
    return mode == "always" or (mode == "auto" and state.n >= options.deadly_owl_from)


# --- entering a step ----------------------------------------------------------------------------


def enter_night(state: State) -> Step:
    k = state.night + 1
    state = state._replace(
        phase="night",
        night=k,
        step="night",
        queue=(*call_list(state.deck, k), *DAY_STEPS),
        seen=(),
        protected=NONE,
        victim=NONE,
        pick=NONE,
        order=(),
        ballots=(),
        suspects=(),
    )
    return state, [public("night_begins", night=k)]


def enter_call(state: State) -> Step:
    """A night call: announce it, then run it (automatic) or name who decides."""
    step = state.step
    events = [public("night_step", night=state.night, step=step)]
    if step == "freemasons":
        masons = state.holders(Role.FREEMASON)
        if masons:
            events.append(private(masons, "freemasons", seats=list(masons)))
        return state, events
    if step == "medium":
        lynched = state.last_lynched
        if lynched != NONE:
            werewolf = state.roles[lynched] is Role.WEREWOLF
            events += [
                told(m, "medium", seat=lynched, werewolf=werewolf)
                for m in state.holders(Role.MEDIUM)
            ]
        return state, events
    if step == "werewolves":
        actors = state.holders(Role.WEREWOLF)
        events.append(private(actors, "pack", seats=list(actors)))
    else:  # the living and the dead holders alike (see the module docstring)
        role = _ACTOR[step]
        actors = tuple(s for s in range(state.n) if state.roles[s] is role)
    return state._replace(actors=actors), events


_ACTOR = {
    "seer": Role.SEER,
    "bodyguard": Role.BODYGUARD,
    "owl": Role.OWL,
    "mythomaniac": Role.MYTHOMANIAC,
}

_VERB = {
    "seer": "look",
    "bodyguard": "protect",
    "werewolves": "kill",
    "owl": "pick",
    "mythomaniac": "choose",
}

OPTIONAL = frozenset({"seer", "bodyguard", "owl"})
"""Night calls whose holder may decline (and does, on a timeout)."""


# --- decisions ----------------------------------------------------------------------------------


_AT: dict[str, tuple[Action, ...]] = {
    verb: tuple(Action(verb, (t,)) for t in range(MAX_PLAYERS)) for verb in _VERB.values()
}
"""``_AT[verb][t]`` is the action ``verb`` aimed at seat ``t`` (built once: actions are
immutable)."""


def _others(state: State, seat: int) -> tuple[int, ...]:
    alive = state.alive
    return tuple([t for t in range(state.n) if t != seat and alive[t]])


def targets(state: State, step: str, seat: int) -> tuple[int, ...]:
    """Whom ``seat`` may target at this night call."""
    if step == "werewolves":
        alive, roles, wolf = state.alive, state.roles, Role.WEREWOLF
        return tuple([t for t in range(state.n) if alive[t] and roles[t] is not wolf])
    return _others(state, seat)


def decision(state: State, seat: int) -> Decision:
    step = state.step
    if not state.alive[seat]:  # a Ghost's call: it can only pass
        return Decision(seat, step, (PASS,), PASS, True)
    at = _AT[_VERB[step]]
    allowed = targets(state, step, seat)
    options = tuple([at[t] for t in allowed])
    if step in OPTIONAL:
        return Decision(seat, step, (*options, PASS), PASS, True)
    if step == "werewolves":
        default = _follow_the_pack(state, seat, allowed)
    else:
        default = first_clockwise((seat + 1) % state.n, allowed, state.n)
    return Decision(seat, step, options, at[default])


def _follow_the_pack(state: State, seat: int, allowed: tuple[int, ...]) -> int:
    votes = Counter(state.answers[w] for w in state.actors if state.answers[w] >= 0)
    if votes:
        top = max(votes.values())
        allowed = tuple(t for t, k in votes.items() if k == top)
    return first_clockwise((seat + 1) % state.n, allowed, state.n)


def answer(state: State, seat: int, action: Action) -> Step:
    """Record ``seat``'s legal answer and tell whoever may know it."""
    step = state.step
    target = action.players[0]
    answers = list(state.answers)
    answers[seat] = target
    state = state._replace(answers=tuple(answers))
    if step == "seer":
        werewolf = state.roles[target] is Role.WEREWOLF
        return state, [told(seat, "seen", seat=target, werewolf=werewolf)]
    if step == "werewolves":
        return state, [private(state.actors, "wolf_vote", seat=seat, target=target)]
    kind = {"bodyguard": "protecting", "owl": "picked", "mythomaniac": "chose"}[step]
    return state, [told(seat, kind, seat=target)]


# --- finishing a step ---------------------------------------------------------------------------


def finish_call(state: State) -> Step:
    step = state.step
    chosen = [state.answers[s] for s in state.actors if state.answers[s] >= 0]
    if step == "seer":
        return state._replace(seen=tuple(chosen)), []
    if step == "bodyguard":
        return state._replace(protected=chosen[0] if chosen else NONE), []
    if step == "owl":
        return state._replace(pick=chosen[0] if chosen else NONE), []
    if step == "werewolves":
        return _count_pack(state, chosen)
    if step == "mythomaniac":
        return _transform(state)
    return state, []  # freemasons, medium: nothing to finish


def _count_pack(state: State, chosen: list[int]) -> Step:
    tally = Counter(chosen)
    top = max(tally.values())
    tied = tuple(sorted(t for t, k in tally.items() if k == top))
    if len(tied) > 1:
        return state._replace(tied=tied), []
    return choose_victim(state, tied[0], ())


def choose_victim(state: State, victim: int, tied: tuple[int, ...]) -> Step:
    """The pack's victim is settled (``tied``: the tie it was drawn from, if any)."""
    state = state._replace(victim=victim, tied=())
    if tied:
        return state, [private(state.actors, "victim", seat=victim, tied=list(tied))]
    return state, [private(state.actors, "victim", seat=victim)]


def _transform(state: State) -> Step:
    roles = list(state.roles)
    events: list[Event] = []
    for m in state.actors:
        if state.answers[m] < 0:  # a dead Mythomaniac passed
            continue
        chosen = state.roles[state.answers[m]]
        became = chosen if chosen in (Role.WEREWOLF, Role.SEER) else Role.VILLAGER
        roles[m] = became
        events.append(told(m, "became", role=became.value))
    return state._replace(roles=tuple(roles)), events


# --- dawn ---------------------------------------------------------------------------------------


def enter_dawn(state: State) -> Step:
    """Apply the night's deaths together, announce them, hand the Welcome card, check who wins."""
    causes: dict[int, list[str]] = {}
    victim = state.victim
    if victim != NONE:
        if victim == state.protected:
            pass
        elif state.roles[victim] is not Role.WEREHAMSTER:
            causes.setdefault(victim, []).append("devoured")
    for t in state.seen:
        if state.roles[t] is Role.WEREHAMSTER:
            causes.setdefault(t, []).append("seen")
    pick = state.pick
    if (
        pick != NONE
        and deadly_owl(state)
        and state.roles[pick] not in (Role.WEREWOLF, Role.WEREHAMSTER)
    ):
        causes.setdefault(pick, []).append("owl")
    dead = tuple(sorted(causes))
    alive = list(state.alive)
    for s in dead:
        alive[s] = False
    state = state._replace(phase="day", alive=tuple(alive))
    events: list[Event] = [
        secret(
            "night_result",
            victim=None if victim == NONE else victim,
            protected=None if state.protected == NONE else state.protected,
            seen=list(state.seen),
            owl=None if pick == NONE else pick,
            deaths=[[s, "+".join(causes[s])] for s in dead],
        ),
        public("dawn", night=state.night, deaths=list(dead)),
    ]
    if len(dead) > 1:  # the draw comes first; the win check follows it (flow.apply_chance)
        return state._replace(dying=dead), events
    if len(dead) == 1:
        state, events = welcome(state, dead[0], events)
    state, more = resolution.check(state)
    return state, events + more


def welcome(state: State, seat: int, events: list[Event]) -> Step:
    """``seat`` (a Ghost of this night) takes the Welcome card, even at a dawn that ends the
    game (RULINGS §3.3 makes no exception)."""
    state = state._replace(holder=seat, dying=())
    return state, [*events, public("welcome_card", seat=seat)]

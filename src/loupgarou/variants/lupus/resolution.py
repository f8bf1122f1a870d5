"""Who wins, checked whenever the numbers can change (after dawn and after a lynch).

Contract (RULINGS §3.4): the humans reach their goal when no Werewolf is alive;
the Werewolves reach theirs when the living Werewolves are at least as many as
the living humans (every living player who is not a Werewolf counts as a human:
the Possessed and the Werehamster included).  If the Werehamster is alive when
either side reaches its goal, he alone wins instead.  A side wins whole, Ghosts
included.  Sides are read on effective roles (a Mythomaniac who became a
Werewolf is one).

The numbers only change at dawn (the night's deaths and the Mythomaniac's
change, applied together) and at a lynch, so those are the moments the check
runs; at the end every card is shown.
"""

from __future__ import annotations

from loupgarou.core.events import Event, public
from loupgarou.core.outcome import Outcome, Reason
from loupgarou.variants.lupus.roles import HUMANS, WEREHAMSTER, WEREWOLVES, Role, side
from loupgarou.variants.lupus.state import State


def decide(state: State) -> Outcome | None:
    """The outcome if a side has reached its goal now, else None."""
    wolves = 0
    humans = 0
    hamster = -1
    for s in range(state.n):
        if state.alive[s]:
            role = state.roles[s]
            if role is Role.WEREWOLF:
                wolves += 1
            else:
                humans += 1
                if role is Role.WEREHAMSTER:
                    hamster = s
    if wolves == 0:
        goal = Reason("humans.no_werewolf", "no Werewolf is alive")
        team = HUMANS
    elif wolves >= humans:
        goal = Reason(
            "werewolves.parity",
            f"{wolves} living {'Werewolves' if wolves > 1 else 'Werewolf'} against "
            f"{humans} living human{'s' if humans > 1 else ''}",
        )
        team = WEREWOLVES
    else:
        return None
    if hamster >= 0:
        return Outcome(
            frozenset({hamster}),
            frozenset({WEREHAMSTER}),
            (
                goal,
                Reason(
                    "werehamster.alive",
                    f"the Werehamster (seat {hamster}) is alive when the {team} reach their "
                    "goal: he alone wins",
                ),
            ),
        )
    winners = frozenset(s for s in range(state.n) if side(state.roles[s]) == team)
    return Outcome(winners, frozenset({team}), (goal,))


def check(state: State) -> tuple[State, list[Event]]:
    """End the game if a side has reached its goal: show every card and the verdict."""
    outcome = decide(state)
    if outcome is None:
        return state, []
    state = state._replace(
        phase="over", step="over", queue=(), actors=(), outcome=outcome, tied=(), dying=()
    )
    events = [
        public(
            "cards_revealed",
            cards=[state.card(s).value for s in range(state.n)],
            roles=[state.roles[s].value for s in range(state.n)],
        ),
        public("game_over", **outcome.to_json()),
    ]
    return state, events

"""The working copy of a state (``Draft``) copies every ``State`` field in and out by hand.

``Draft.__init__`` unpacks a state field by field and ``Draft.freeze`` packs the new
one in the same order: a field added to ``State`` without both being updated, or two
fields packed in each other's place, must fail here.
"""

from __future__ import annotations

from typing import Any

from loupgarou.core.chance import ChanceRequest
from loupgarou.core.outcome import Outcome
from loupgarou.variants.thiercelieux import VARIANT
from loupgarou.variants.thiercelieux.state import FIELDS, Draft, State
from tests.builds import interpreted_only
from tests.thiercelieux.table import Table, table

RICH = (
    "wolf1:wolf wolf2:wolf seer witch girl:little_girl cupid hunter "
    "ana:villager bob:villager cid:villager"
)

CARRIED_BY_HAND = ("todo", "request")
"""The fields a draft does not keep as such: its ``work`` becomes the agenda, and
``freeze`` is given the chance request (and the pending decisions)."""


def round_trip(state: State) -> State:
    return Draft(state).freeze(state.pending, state.request)


def at_default(state: State) -> list[str]:
    """The fields of ``state`` that hold their default value."""
    fresh = State(state.plan)  # every field but the plan at its default
    return [n for n in FIELDS if n != "plan" and getattr(state, n) == getattr(fresh, n)]


def night_two_at_the_witch() -> Table:
    """A captain, two dead, the Lovers, the Little Girl caught, the Witch healing her and
    asked again for her poison."""
    game = table(RICH, little_girl_caught=[True])
    game.night(pair=("ana", "bob"), victim="cid")
    game.all_vote("ana", ana="bob")
    game.all_vote("wolf2", wolf2="ana")
    game.decline("seer")
    game.do("wolf1", "wake")
    game.do("girl", "spy")
    game.do("wolf1", "vote", "hunter")
    game.do("witch", "heal", "girl")
    assert game.waiting() == [("witch", "witch")]
    return game


def test_a_draft_gives_back_the_state_it_was_made_from() -> None:
    state = night_two_at_the_witch().state
    assert (state.captain, state.caught, state.healed, len(state.deaths)) == (7, 4, True, 2)
    # Set what this moment leaves at its default: a state far from any default.
    tiebreak = ChanceRequest("tiebreak", "choice", 2)
    state = state.replace(poisoned=8, poison_used=True, request=tiebreak)
    assert at_default(state) == ["outcome"]
    assert round_trip(state) == state
    # Once the game is over the agenda is dropped, and only then.
    over = state.replace(outcome=Outcome(frozenset({0, 1}), frozenset({"werewolves"}), ()))
    assert at_default(over) == []
    assert round_trip(over) == over.replace(todo=())


@interpreted_only
def test_every_field_goes_back_to_its_own_place() -> None:
    """Each field holds a value of its own, unlike any other field's and any default (but
    ``outcome``, else the agenda is dropped): a field forgotten, or packed in another's
    place, shows.  ``freeze`` takes the decisions and the request it is given."""
    values: dict[str, Any] = {name: (name,) for name in FIELDS}
    values["outcome"] = None
    state = State(**values)
    assert round_trip(state) == state
    frozen = Draft(state).freeze(("new pending",), ("new request",))  # type: ignore[arg-type]
    assert list(frozen.values()) == [
        *list(values.values())[:-2],
        ("new pending",),
        ("new request",),
    ]
    values["outcome"] = ("outcome",)
    over = State(**values)
    assert round_trip(over) == over.replace(todo=())


@interpreted_only
def test_the_draft_holds_every_state_field() -> None:
    kept = [name for name in FIELDS if name not in CARRIED_BY_HAND]
    assert list(Draft.__slots__) == [*kept, "events", "work"]
    draft = Draft(night_two_at_the_witch().state)
    for name in kept:
        assert hasattr(draft, name), f"Draft.__init__ does not copy {name}"


def test_every_state_of_a_game_survives_a_draft() -> None:
    game = table(RICH, little_girl_caught=[True, False])
    before_the_deal, _ = VARIANT.setup(game.match.config)
    assert before_the_deal.request is not None
    states = [before_the_deal, game.state]
    game.night(pair=("ana", "bob"), victim="cid", spy=True, heal=True)
    states.append(game.state)
    game.all_vote("ana", ana="bob")
    states.append(game.state)
    game.do("ana", "vote", "hunter")
    states.append(game.state)
    game.all_vote("hunter", hunter="ana")
    states.append(game.state)
    game.shoot("hunter", "wolf1")
    states.append(game.state)
    game.night(victim="seer", spy=True, poison="wolf2")
    states.append(game.state)
    assert game.over
    for state in states:
        assert round_trip(state) == state

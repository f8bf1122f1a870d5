"""Random playouts: many seeded games played to the end with random legal choices.

Each game is checked after every input against the generic contracts of
:mod:`tests.conformance.harness` (well-formed decisions, views made only of the
events addressed to the seat, illegal inputs refused without any change) and
against this family's own invariants and audiences; the same seed gives the same
game, and the inputs alone rebuild it.  Once the lead registers the family, the
full harness (JSON record and replay through the registry) runs as well.
"""

from __future__ import annotations

import json
import random
from collections import Counter, deque
from collections.abc import Sequence

import pytest
from hypothesis import strategies as st

from loupgarou.core.chance import ChanceRequest, SeededChance
from loupgarou.core.errors import SetupError
from loupgarou.core.events import JSON, Event
from loupgarou.core.variant import GameConfig
from loupgarou.engine import Match
from loupgarou.variants.thiercelieux import VARIANT, suggested_deck
from loupgarou.variants.thiercelieux.roles import Role
from loupgarou.variants.thiercelieux.setup import parse_deck, validate_deck
from loupgarou.variants.thiercelieux.state import NONE, State
from tests.conformance.harness import (
    Counterfactuals,
    Family,
    Move,
    RandomPolicy,
    TableConfig,
    apply_move,
    check_counterfactuals,
    check_decisions,
    check_playout,
    check_views,
    probe_illegal,
    recorded_chance,
)

NAMES = tuple(f"p{i}" for i in range(40))
SPECIALS = ("seer", "witch", "hunter", "cupid", "little_girl", "thief")


def random_options(rng: random.Random) -> dict[str, JSON]:
    options: dict[str, JSON] = {}
    for name, values in (
        ("captain", (True, False)),
        ("captain_mode", ("elected", "random")),
        ("captain_vote", ("double", "tiebreak_only")),
        ("reveal_on_death", (True, False)),
        ("hunter_on_any_death", (True, False)),
        ("witch_self_poison", (True, False)),
        ("little_girl_catch_chance", (0.0, 0.2, 0.5, 1.0)),
        ("lovers_vote_together", (True, False)),
        ("wolves_win_at_parity", (True, False)),
        ("lynch_second_tie", ("nobody", "random")),
        ("captain_outside_tie", ("pick", "revote")),
        ("witch_one_potion_per_night", (True, False)),
        ("thief_must_swap", (True, False)),
        ("pack_may_devour_werewolf", (True, False)),
        ("narrator_knows", ("ballots", "results")),
    ):
        if rng.random() < 0.5:
            options[name] = rng.choice(values)
    return options


def random_config(rng: random.Random) -> TableConfig:
    """A suggested deck (8 to 18 players), or a random legal deck of 3 to 14 players."""
    options = random_options(rng)
    if rng.random() < 0.5:
        n = rng.randint(8, 18)
        return TableConfig(NAMES[:n], suggested_deck(n, thief=rng.random() < 0.4), options)
    while True:
        n = rng.randint(3, 14)
        specials = [r for r in SPECIALS if rng.random() < 0.5]
        wolves = rng.randint(1, max(1, (n - 1) // 2))
        size = n + (2 if "thief" in specials else 0)
        deck = ["werewolf"] * wolves + specials
        deck += ["villager"] * (size - len(deck))
        if len(deck) != size:
            continue
        try:
            validate_deck(parse_deck(deck), n)
        except SetupError:
            continue
        rng.shuffle(deck)
        return TableConfig(NAMES[:n], tuple(deck), options)


class Player(RandomPolicy):
    """The harness's random players, except that a Werewolf usually wakes (else most
    games would end on the first night by starvation)."""

    def choose(self, match: Match) -> Move:
        move = super().choose(match)
        decision = match.decision_for(move.seat)
        if move.type == "action" and decision is not None and decision.kind == "werewolf_wake":
            wake = decision.options[0] if self.rng.random() < 0.9 else decision.options[1]
            return Move("action", move.seat, action=wake)
        return move


def start(config: TableConfig, seed: int) -> Match:
    game = GameConfig(VARIANT.name, config.players, config.deck, dict(config.options))
    return Match(VARIANT, game, SeededChance(seed))


# --- the family's own checks -------------------------------------------------------------------


def invariant(match: Match) -> None:
    """Cards are never created or lost; the dead are those who died; the Lovers live and
    die together; the Captain is alive or being succeeded; the game ends iff decided."""
    state: State = match.state
    if state.phase == "deal":
        return
    assert sorted(state.cards) == list(range(len(state.deck))), state.cards
    dead = [s for s, _ in state.deaths]
    assert len(set(dead)) == len(dead)
    assert set(dead) == {s for s in range(state.n) if not state.alive[s]}
    if state.lovers:
        a, b = state.lovers
        assert a != b and state.alive[a] == state.alive[b]
    assert (state.phase == "over") == (state.outcome is not None) == match.over
    if state.captain != NONE and not state.alive[state.captain] and not match.over:
        kinds = {task.kind for task in state.agenda[:4]}
        assert kinds & {"successor", "hunter", "chain_end"}, state.agenda[:4]
    if state.phase != "night":
        assert state.victim == state.caught == state.poisoned == NONE


def dealt_role(match: Match, seat: int) -> Role:
    state: State = match.state
    deal = next(i.value for i in match.inputs if i.type == "chance" and i.label == "deal")
    return state.deck[int(deal[seat])]


PUBLIC_KINDS = frozenset(
    {
        "game_begins",
        "night_begins",
        "night_step",
        "dawn",
        "card_revealed",
        "grief",
        "shot",
        "starved",
        "day_begins",
        "vote_opens",
        "votes",
        "captain_elected",
        "captain_decides",
        "captain_named",
        "lynched",
        "lynch_drawn",
        "no_lynch",
        "dusk",
        "statement",
        "cards_revealed",
        "game_over",
    }
)
ACTOR_KINDS = frozenset(
    {
        "declined",
        "took",
        "paired",
        "card_seen",
        "woke",
        "stayed_asleep",
        "spying",
        "healed",
        "poisoned",
        "voted",
    }
)
"""What a seat learns by its own action: told to that seat alone."""
PACK_KINDS = frozenset({"pack", "pack_vote", "pack_victim", "little_girl_caught"})
ROLE_KINDS = {
    "victim_shown": Role.WITCH,
    "caught": Role.LITTLE_GIRL,
    "spied": Role.LITTLE_GIRL,
}


def audiences_follow_the_rules(match: Match, move: Move | None, events: Sequence[Event]) -> None:
    """Who may learn each kind of event (an allow-list: an unknown kind fails)."""
    state: State = match.state
    for event in events:
        kind, audience = event.kind, event.audience
        where = f"'{kind}' addressed to {audience.to_json()}"
        if kind in PUBLIC_KINDS:
            assert audience.everyone, where
            continue
        assert not audience.everyone, f"{where}: it must not be public"
        seats = sorted(audience.seats)
        if kind == "deal":
            assert seats == [], f"{where}: for the moderator only"
        elif kind == "dealt":
            assert move is None and len(seats) == 1, where
        elif kind in ACTOR_KINDS:
            assert move is not None and seats == [move.seat], f"{where}, yet {move} caused it"
        elif kind == "set_aside_seen":
            assert len(seats) == 1 and dealt_role(match, seats[0]) is Role.THIEF, where
        elif kind == "lovers":
            assert seats == list(state.lovers), where
        elif kind in PACK_KINDS:
            assert seats and all(state.role(s) is Role.WEREWOLF for s in seats), where
            assert event.kind != "pack" or seats == sorted(event.data["seats"]), where
        elif kind in ROLE_KINDS:
            assert len(seats) == 1 and state.role(seats[0]) is ROLE_KINDS[kind], where
        else:
            raise AssertionError(f"unknown event kind {where}: declare who may learn it")


# --- playing ---------------------------------------------------------------------------------


def play_checked(config: TableConfig, seed: int, *, probes: int = 1) -> Match:
    match = start(config, seed)
    policy = Player(random.Random(seed), timeout_rate=0.1, statement_rate=0.1)
    probe_rng = random.Random(f"probe/{seed}")
    audiences_follow_the_rules(match, None, match.events)
    while not match.over:
        assert len(match.inputs) < 3000, "the game does not end"
        if probes:
            probe_illegal(match, probe_rng, probes)
        move = policy.choose(match)
        if move.type == "statement" and not VARIANT.may_speak(match.state, move.seat):
            continue
        returned = apply_move(match, move)
        audiences_follow_the_rules(match, move, returned)
        invariant(match)
        check_decisions(match)
        check_views(match)
    return match


def play(config: TableConfig, seed: int) -> Match:
    match = start(config, seed)
    policy = Player(random.Random(seed), timeout_rate=0.1, statement_rate=0.1)
    while not match.over:
        move = policy.choose(match)
        if move.type == "statement" and not VARIANT.may_speak(match.state, move.seat):
            continue
        apply_move(match, move)
    return match


class Recorded:
    """The chance outcomes of a game, handed back in order (a label out of place fails)."""

    def __init__(self, match: Match) -> None:
        self.queue = deque(recorded_chance(match))

    def draw(self, request: ChanceRequest) -> JSON:
        label, value = self.queue.popleft()
        assert label == request.label, (label, request)
        return value


def rebuilt(match: Match) -> Match:
    """The game rebuilt from its inputs alone."""
    again = Match(VARIANT, match.config, Recorded(match))
    for entry in match.inputs:
        if entry.type == "action":
            assert entry.action is not None
            again.submit(entry.seat, entry.action)
        elif entry.type == "timeout":
            again.timeout(entry.seat)
        elif entry.type == "statement":
            assert entry.statement is not None
            again.say(entry.seat, entry.statement)
    return again


def record(match: Match) -> str:
    return json.dumps(
        {
            "inputs": [i.to_json() for i in match.inputs],
            "events": [e.to_json() for e in match.events],
        },
        sort_keys=True,
    )


CONFIGS = [(random_config(random.Random(f"config/{k}")), k) for k in range(150)]


@pytest.mark.parametrize(("config", "seed"), CONFIGS[:60])
def test_checked_playouts_keep_every_contract(config: TableConfig, seed: int) -> None:
    match = play_checked(config, seed)
    assert match.outcome is not None
    assert record(play(config, seed)) == record(match), "same seed, another game"
    again = rebuilt(match)
    assert record(again) == record(match) and again.outcome == match.outcome


def test_many_random_games_end_and_reach_every_rule() -> None:
    """Hundreds of games end without error; together they reach every event and verdict."""
    kinds: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    decisions: Counter[str] = Counter()
    for k in range(600):
        config = random_config(random.Random(f"many/{k}"))
        match = start(config, k)
        policy = Player(random.Random(k), timeout_rate=0.1, statement_rate=0.0)
        while not match.over:
            assert len(match.inputs) < 3000
            move = policy.choose(match)
            decision = match.decision_for(move.seat)
            assert decision is not None
            decisions[decision.kind] += 1
            apply_move(match, move)
        kinds.update(e.kind for e in match.events)
        assert match.outcome is not None
        reasons.update(r.code for r in match.outcome.reasons)
    assert set(kinds) == PUBLIC_KINDS - {"statement"} | ACTOR_KINDS | PACK_KINDS | set(
        ROLE_KINDS
    ) | {"deal", "dealt", "set_aside_seen", "lovers"}
    # (Nobody alive is too rare for random play: test_winning covers it.)
    assert set(reasons) - {"nobody.all_dead"} == {
        "lovers.last_two",
        "village.no_werewolf",
        "village.starved",
        "werewolves.one_left",
        "werewolves.parity",
    }
    assert set(decisions) == {
        "thief",
        "cupid",
        "seer",
        "werewolf_wake",
        "werewolf_vote",
        "little_girl",
        "witch",
        "hunter",
        "captain_successor",
        "captain_election",
        "captain_revote",
        "captain_pick",
        "lynch",
        "lynch_revote",
        "pack_choice",  # narrator_knows = results
        "captain_result",
        "lynch_result",
    }


# --- the generic harness -----------------------------------------------------------------------


def swap_two_survivors(match: Match, rng: random.Random) -> list[list[tuple[str, JSON]]]:
    """Other deals: two cards of different roles exchanged between positions whose card
    was never shown (seats that survived, or the set-aside pile)."""
    state: State = match.state
    chances = recorded_chance(match)
    at = next(i for i, (label, _) in enumerate(chances) if label == "deal")
    deal = list(chances[at][1])
    hidden = [p for p in range(len(deal)) if p >= state.n or state.alive[p]]
    pairs = [
        (i, j)
        for i in hidden
        for j in hidden
        if i < j and state.deck[deal[i]] is not state.deck[deal[j]]
    ]
    worlds = []
    for i, j in rng.sample(pairs, min(16, len(pairs))):
        other = list(deal)
        other[i], other[j] = other[j], other[i]
        worlds.append([*chances[:at], ("deal", other), *chances[at + 1 :]])
    return worlds


THIERCELIEUX = Family(
    variant=VARIANT,
    configs=st.sampled_from([config for config, _ in CONFIGS]),
    invariant=invariant,
    alternatives=swap_two_survivors,
    checkpoint=lambda match: None,
    audiences=audiences_follow_the_rules,
)


def test_views_do_not_depend_on_cards_never_shown() -> None:
    """(f) A seat's views do not change when two cards it never learnt about (those of
    survivors and of the set-aside pile) are exchanged; many worlds are compared."""
    total = Counterfactuals()
    for config, seed in CONFIGS[60:100]:
        got = check_counterfactuals(THIERCELIEUX, config, seed)
        total.worlds += got.worlds
        total.compared += got.compared
    assert total.worlds >= 30 and total.compared >= 200, total


def _registered() -> bool:
    from loupgarou.variants.registry import FAMILIES

    return any(f.name == VARIANT.name for f in FAMILIES)


@pytest.mark.skipif(not _registered(), reason="the lead registers the family in the registry")
@pytest.mark.parametrize(("config", "seed"), CONFIGS[100:130])
def test_the_full_harness_with_json_records(config: TableConfig, seed: int) -> None:
    check_playout(THIERCELIEUX, config, seed)

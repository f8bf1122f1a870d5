"""The PettingZoo environments: PettingZoo's own API and seed tests for every family, the
fixed action catalogue, what an agent observes, claims as actions, reproducibility."""

from __future__ import annotations

import importlib.util
import sys
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from loupgarou.bots.one_night.knowledge import ViewReader, to_claim, truthful
from loupgarou.core.errors import SetupError
from loupgarou.env import LoupGarouEnv, env, raw_env, seat_of
from loupgarou.env.encode import layout
from loupgarou.env.table import ACT, SIGHTING, TALK, Catalogue

ROOT = Path(__file__).resolve().parents[2]

TABLES: list[tuple[str, dict[str, Any]]] = [
    ("one-night", {"scenario": "premiere-nuit", "players": 5}),
    ("one-night", {"scenario": "revenants", "players": 8, "bots": {"werewolf": "sensible"}}),
    ("thiercelieux", {"players": 8, "bots": {"werewolves": "sensible"}}),
    ("thiercelieux", {"scenario": "suggested-thief", "players": 10, "text": True}),
    ("lupus", {"players": 8, "bots": {"*": "random", "0": "agent", "1": "agent"}}),
    ("lupus", {"scenario": "everything", "players": 13, "bots": {"*": "sensible", "2": "agent"}}),
]


def _quiet(check: Any, *args: Any, **kwargs: Any) -> None:
    """Run a PettingZoo check; its warnings about a Dict observation are expected (the
    action mask rides beside the vector, as in PettingZoo's own board games)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check(*args, **kwargs)


@pytest.mark.parametrize(("family", "kwargs"), TABLES)
def test_pettingzoo_api_test(family: str, kwargs: dict[str, Any]) -> None:
    _quiet(api_test, env(family, **kwargs), num_cycles=60)


@pytest.mark.parametrize(("family", "kwargs"), TABLES[::2])
def test_pettingzoo_seed_test(family: str, kwargs: dict[str, Any]) -> None:
    _quiet(seed_test, lambda: env(family, **kwargs), num_cycles=60)


def random_games(e: LoupGarouEnv, games: int, seed: int = 0) -> list[tuple[int, ...]]:
    """Play ``games`` games choosing uniformly among the legal actions; check at every turn
    that the agent's observation is its seat's view and nothing else; return each game's
    actions."""
    rng = np.random.default_rng(seed)
    played = []
    for g in range(games):
        e.reset(seed=seed + g)
        actions: list[int] = []
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            driver = e.driver
            assert driver is not None and driver.turn is not None
            seat = seat_of(agent)
            assert driver.turn.seat == seat
            view = driver.match.view(seat)
            assert driver.view(seat) == view
            expected = e.encoder.encode(view, driver.turn, False)
            assert np.array_equal(obs["observation"], expected)
            legal = np.flatnonzero(obs["action_mask"])
            assert len(legal) > 0
            action = int(rng.choice(legal))
            actions.append(action)
            e.step(action)
        assert e.driver is not None and e.driver.match.over
        played.append(tuple(actions))
    return played


@pytest.mark.parametrize(
    ("family", "scenario", "players"),
    [
        ("one-night", "revenants", 8),
        ("one-night", "anarchie", 7),
        ("one-night", "incertitudes", 6),
        ("thiercelieux", "suggested-thief", 10),
        ("lupus", "everything", 13),
    ],
)
def test_every_legal_option_is_in_the_catalogue(family: str, scenario: str, players: int) -> None:
    """Every seat an agent: every decision of every role is asked of an agent, and each of
    its options has a catalogue number (the driver raises otherwise)."""
    e = raw_env(family, scenario=scenario, players=players)
    random_games(e, 4)
    assert e.catalogue.size == len(e.catalogue.labels)


def test_same_seed_same_game_and_bots_seated_by_side() -> None:
    kwargs: dict[str, Any] = {"scenario": "premiere-nuit", "bots": {"werewolf": "sensible"}}
    first = random_games(raw_env("one-night", **kwargs), 3, seed=5)
    again = random_games(raw_env("one-night", **kwargs), 3, seed=5)
    assert first == again
    e = raw_env("one-night", **kwargs)
    for g in range(10):
        e.reset(seed=g)
        assert e.driver is not None
        sides = e.driver.sides
        assert {seat_of(a) for a in e.agents} == {s for s in range(5) if sides[s] != "werewolf"}


def test_reset_without_a_seed_continues_the_series() -> None:
    a = raw_env("one-night", seed=3)
    b = raw_env("one-night", seed=3)
    a.reset()
    b.reset()
    a.reset()
    b.reset()
    assert a.game_seed == b.game_seed
    assert a.driver is not None and b.driver is not None
    assert a.driver.match.events == b.driver.match.events


def _to_turn(e: LoupGarouEnv, stage: str, seed: int = 0) -> str:
    """Play random legal actions until some agent's turn is ``stage``."""
    rng = np.random.default_rng(seed)
    for agent in e.agent_iter():
        obs, _, term, _, _ = e.last()
        assert not term, "the game ended first"
        assert e.driver is not None and e.driver.turn is not None
        if e.driver.turn.stage == stage:
            return str(agent)
        legal = np.flatnonzero(obs["action_mask"])
        if e.driver.turn.stage == TALK:  # stay silent
            legal = legal[:1]
        e.step(int(rng.choice(legal)))
    raise AssertionError("no such turn")


def test_a_claim_is_said_at_the_table() -> None:
    e = raw_env("one-night", scenario="premiere-nuit", bots={"*": "sensible", "0": "agent"})
    e.reset(seed=1)
    agent = _to_turn(e, TALK)
    cat = e.catalogue
    e.step(cat.claim_role_action("seer"))
    assert e.agent_selection == agent
    assert e.driver is not None and e.driver.turn is not None
    assert e.driver.turn.stage == SIGHTING
    mask = e.observe(agent)["action_mask"]
    assert mask[cat.sighting_action("werewolf", seat=2)] == 1
    assert mask[cat.claim_role_action("seer")] == 0
    e.step(cat.sighting_action("werewolf", seat=2))
    e.step(cat.sighting_action("villager", centre=1))  # the second sighting ends it
    said = [ev for ev in e.driver.match.events if ev.kind == "statement" and ev.data["seat"] == 0]
    assert len(said) == 1
    assert said[0].data["claim"] == {
        "role": "seer",
        "saw": [{"role": "werewolf", "seat": 2}, {"role": "villager", "centre": 1}],
    }
    # The others read it: seat 2 is now accused in every seat's observation.
    obs = e.observe(agent)["observation"]
    start = sum(length for name, length, _ in layout(cat)[: _field(cat, "accused")])
    assert obs[start + 2] > 0


def _field(cat: Catalogue, name: str) -> int:
    return [n for n, _, _ in layout(cat)].index(name)


def test_telling_the_truth_is_the_honest_bots_claim() -> None:
    for seed in range(6):
        e = raw_env("one-night", scenario="premiere-nuit", bots={"*": "random", "0": "agent"})
        e.reset(seed=seed)
        _to_turn(e, TALK, seed)
        assert e.driver is not None
        reader = ViewReader(0)
        reader.update(e.driver.match.view(0))
        k = reader.knowledge()
        expected = to_claim(truthful(0, k.dealt, k.obs)).to_json()
        e.step(e.catalogue.talk_base + 1)
        said = [ev for ev in e.driver.match.events if ev.kind == "statement"]
        assert said[-1].data["seat"] == 0
        assert said[-1].data["claim"] == expected


def test_the_text_form_tells_the_seats_view() -> None:
    e = raw_env("one-night", scenario="premiere-nuit", text=True, bots={"*": "random", 0: "agent"})
    e.reset(seed=3)
    obs = e.observe("player_0")
    text = obs["text"]
    # the text is for people-like readers: seats counted from 1, centre cards c1 to c3,
    # as every text of loupgarou (the numeric observation keeps counting from 0)
    assert text.startswith("You are P1 (seat 1, counting clockwise from 1)")
    assert "looked at their card" in text
    assert e.observation_space("player_0").contains(obs)
    legal = np.flatnonzero(obs["action_mask"])
    for i in legal:
        assert f"[{i}]" in text
    # Nothing the seat may not know: the deal itself is for the moderator.
    assert "The cards are dealt" not in text


def test_an_illegal_action_is_refused() -> None:
    e = raw_env("one-night")
    e.reset(seed=0)
    obs = e.observe(e.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="cannot take action"):
        e.step(illegal)


def test_rewards_at_the_end() -> None:
    e = raw_env("thiercelieux", players=8, bots={"*": "random", "0": "agent"})
    for g in range(3):
        random_games(e, 1, seed=g)
    e.reset(seed=9)
    rng = np.random.default_rng(0)
    total: dict[str, float] = {}
    for agent in e.agent_iter():
        obs, reward, term, _, info = e.last()
        total[agent] = total.get(agent, 0.0) + reward
        if term:
            assert reward in (1.0, -1.0)
            assert info["won"] == (reward == 1.0)
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert e.agents == []


def test_a_bad_setup_is_refused() -> None:
    with pytest.raises(SetupError):
        raw_env("one-night", bots={"*": "clever"})
    with pytest.raises(SetupError):
        raw_env("lupus", players=3)


def test_the_stage_names() -> None:
    assert (ACT, TALK, SIGHTING) == ("act", "talk", "sighting")


def _load_example() -> Any:
    path = ROOT / "examples" / "train_one_night.py"
    spec = importlib.util.spec_from_file_location("train_one_night", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_one_night"] = module
    spec.loader.exec_module(module)
    return module


def test_the_training_example_runs_briefly() -> None:
    example = _load_example()
    policy, history = example.train(
        5.0, batch=8, eval_games=10, eval_every=1, max_batches=2, log=False
    )
    assert history.games == [0, 8, 16]
    assert len(history.win_rate) == 3
    assert all(0.0 <= r <= 1.0 for r in history.win_rate)
    assert np.abs(policy.w).sum() > 0  # it learnt something, however little


def test_a_deck_and_options_are_the_tables() -> None:
    deck = [
        "werewolf",
        "werewolf",
        "seer",
        "robber",
        "troublemaker",
        "villager",
        "villager",
        "villager",
    ]
    e = raw_env("one-night", deck=deck, players=5, options={"lone_wolf_peek": False})
    e.reset(seed=1)
    assert e.driver is not None
    assert e.driver.match.config.options["lone_wolf_peek"] is False
    assert e.driver.match.config.deck == tuple(deck)
    assert e.catalogue.deck_roles == frozenset(deck)

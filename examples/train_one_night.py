"""Train a small agent for One Night with the PettingZoo environment (numpy only).

The agent plays every village seat of *La Première Nuit* (5 players) with one shared
policy; the Werewolves are our random bots.  The policy is a softmax over the legal
actions of a linear function of the numeric observation (the action mask sets the
illegal actions' probability to zero), trained by REINFORCE: after each batch of games,
every choice an agent made moves towards more likely when its team won and less likely
when it lost, against the batch's mean reward as a baseline, with Adam steps.

It can learn to vote, to speak (a Seer who saw a Werewolf may say so) and to listen
(its own team's claims are part of the observation).  Before training, and after every
few batches, it plays evaluation games with fixed seeds, and it writes the curve of the
village's win rate against the untrained (uniformly random) policy's.

usage: .venv/bin/python examples/train_one_night.py [--minutes 4] [--plot examples/train_one_night.png]
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from loupgarou.env import LoupGarouEnv, raw_env

Floats = npt.NDArray[np.float64]


def make_env() -> LoupGarouEnv:
    return raw_env(
        "one-night",
        scenario="premiere-nuit",
        players=5,
        bots={"*": "random", "village": "agent"},
    )


class Policy:
    """A masked softmax over a linear function of the observation, with Adam."""

    def __init__(self, inputs: int, actions: int, *, lr: float = 0.01, seed: int = 0) -> None:
        self.w: Floats = np.zeros((actions, inputs + 1))
        self.lr = lr
        self.m: Floats = np.zeros_like(self.w)
        self.v: Floats = np.zeros_like(self.w)
        self.t = 0
        self.rng = np.random.default_rng(seed)

    def probs(self, x: Floats, mask: npt.NDArray[np.int8]) -> Floats:
        legal = np.flatnonzero(mask)
        logits = self.w[legal] @ x
        logits -= logits.max()
        p: Floats = np.exp(logits)
        p /= p.sum()
        full = np.zeros(len(mask))
        full[legal] = p
        return full

    def act(self, x: Floats, mask: npt.NDArray[np.int8], greedy: bool = False) -> int:
        p = self.probs(x, mask)
        if greedy:
            return int(np.argmax(p))
        return int(self.rng.choice(len(p), p=p))

    def update(self, grad: Floats) -> None:
        """One Adam step up the gradient."""
        self.t += 1
        b1, b2 = 0.9, 0.999
        self.m = b1 * self.m + (1 - b1) * grad
        self.v = b2 * self.v + (1 - b2) * grad * grad
        m = self.m / (1 - b1**self.t)
        v = self.v / (1 - b2**self.t)
        self.w += self.lr * m / (np.sqrt(v) + 1e-8)


def features(obs: dict[str, Any]) -> Floats:
    x: Floats = np.append(np.asarray(obs["observation"], dtype=np.float64), 1.0)
    return x


Choice = tuple[Floats, npt.NDArray[np.int8], int, float]
"""One choice an agent made: its features, the mask, the action, the agent's reward."""


def play(
    env: LoupGarouEnv, policy: Policy | None, seed: int | None, greedy: bool = False
) -> tuple[bool, list[Choice]]:
    """One game; returns whether the village won and every choice made, each with the
    reward of the agent that made it (+1 won, -1 lost: a Robber who took a Werewolf's card
    plays for the Werewolves).  ``policy=None`` plays uniformly at random."""
    env.reset(seed=seed)
    made: list[tuple[Floats, npt.NDArray[np.int8], int, str]] = []
    rewards: dict[str, float] = {}
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter():
        obs, r, term, trunc, _ = env.last()
        if term or trunc:
            rewards[agent] = float(r)
            env.step(None)
            continue
        mask = obs["action_mask"]
        x = features(obs)
        if policy is None:
            action = int(rng.choice(np.flatnonzero(mask)))
        else:
            action = policy.act(x, mask, greedy)
        made.append((x, mask, action, agent))
        env.step(action)
    assert env.driver is not None
    outcome = env.driver.match.outcome
    assert outcome is not None
    return "village" in outcome.teams, [(x, m, a, rewards[agent]) for x, m, a, agent in made]


def evaluate(env: LoupGarouEnv, policy: Policy | None, games: int, seed: int) -> float:
    """The village's win rate over ``games`` games with fixed seeds."""
    wins = 0
    for g in range(games):
        won, _ = play(env, policy, seed + g)
        wins += won
    return wins / games


@dataclass
class History:
    games: list[int] = field(default_factory=list)
    win_rate: list[float] = field(default_factory=list)
    baseline: float = 0.0
    seconds: float = 0.0


def train(
    minutes: float = 4.0,
    *,
    batch: int = 64,
    eval_games: int = 600,
    eval_every: int = 15,
    max_batches: int | None = None,
    seed: int = 0,
    lr: float = 0.01,
    log: bool = True,
) -> tuple[Policy, History]:
    env = make_env()
    env.reset(seed=seed)
    policy = Policy(env.encoder.size, env.catalogue.size, lr=lr, seed=seed)
    history = History()
    eval_seed = 10_000_000 + seed
    history.baseline = evaluate(env, None, eval_games, eval_seed)
    history.games.append(0)
    history.win_rate.append(evaluate(env, policy, eval_games, eval_seed))
    if log:
        print(f"random policy: village wins {100 * history.baseline:.1f} %", flush=True)
    started = time.perf_counter()
    played = 0
    b = 0
    game_seed = seed * 1_000_003
    while time.perf_counter() - started < minutes * 60 and (max_batches is None or b < max_batches):
        results = []
        for _ in range(batch):
            game_seed += 1
            results.append(play(env, policy, game_seed))
        played += batch
        every = [c[3] for _, choices in results for c in choices]
        mean = float(np.mean(every)) if every else 0.0
        grad = np.zeros_like(policy.w)
        count = 0
        for _, choices in results:
            for x, mask, action, reward in choices:
                advantage = reward - mean
                p = policy.probs(x, mask)
                legal = np.flatnonzero(mask)
                # d log p(action) / d w[a] = (1[a = action] - p[a]) x, for legal a
                coef = -p[legal]
                coef[np.searchsorted(legal, action)] += 1.0
                grad[legal] += advantage * np.outer(coef, x)
                count += 1
        if count:
            policy.update(grad / count)
        b += 1
        if b % eval_every == 0:
            rate = evaluate(env, policy, eval_games, eval_seed)
            history.games.append(played)
            history.win_rate.append(rate)
            if log:
                elapsed = time.perf_counter() - started
                print(
                    f"{played:6d} games, {elapsed:5.0f} s: village wins {100 * rate:.1f} %",
                    flush=True,
                )
    history.seconds = time.perf_counter() - started
    if history.games[-1] != played:
        history.games.append(played)
        history.win_rate.append(evaluate(env, policy, eval_games, eval_seed))
    return policy, history


def plot(history: History, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(history.games, [100 * r for r in history.win_rate], marker="o", label="trained policy")
    ax.axhline(100 * history.baseline, color="grey", linestyle="--", label="random policy")
    ax.set_xlabel("training games")
    ax.set_ylabel("village win rate (%)")
    ax.set_title("One Night, La Première Nuit, 5 players: village agents vs random Werewolves")
    ax.legend(loc="lower right")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--minutes", type=float, default=4.0)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--eval-games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", type=Path, default=Path(__file__).with_suffix(".png"))
    args = parser.parse_args()
    _, history = train(args.minutes, batch=args.batch, eval_games=args.eval_games, seed=args.seed)
    print(
        f"after {history.games[-1]} games ({history.seconds:.0f} s): village wins "
        f"{100 * history.win_rate[-1]:.1f} % (random policy {100 * history.baseline:.1f} %)"
    )
    plot(history, args.plot)
    print(f"plot: {args.plot}")


if __name__ == "__main__":
    main()

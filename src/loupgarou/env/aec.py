"""The PettingZoo AEC environment of a loupgarou table (see docs/env.md).

One environment is one table: a family, a scenario or a deck, a player count, options,
and which seats our bots take.  Every other seat is an agent, named ``player_S`` after
its seat ``S``.  The agent whose turn it is observes its seat's view only; its action is
a number in the table's fixed catalogue (:class:`~loupgarou.env.table.Catalogue`), and
the observation's ``action_mask`` says which numbers are legal now.  Rewards come at the
end: +1 to every agent among the winners, -1 to every other agent.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from loupgarou.core.events import JSON
from loupgarou.env.encode import CHARSET, Encoder, TextView, Vector, layout
from loupgarou.env.table import Catalogue, Driver, Setup, setup_of
from loupgarou.variants.registry import find_family

MAX_TEXT: Final = 200_000
"""The longest text observation (in characters)."""


def agent_name(seat: int) -> str:
    return f"player_{seat}"


def seat_of(agent: str) -> int:
    return int(agent.rsplit("_", 1)[1])


class LoupGarouEnv(AECEnv):
    """A PettingZoo AEC environment for one table of any family.

    ``text=True`` adds the seat's view as text (``observation["text"]``) to the numeric
    vector (``observation["observation"]``) and the mask (``observation["action_mask"]``).
    """

    metadata: Final = {
        "render_modes": ["human", "ansi"],
        "name": "loupgarou_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        family: str = "one-night",
        *,
        scenario: str | None = None,
        deck: Sequence[str] = (),
        players: int | None = None,
        options: Mapping[str, JSON] | None = None,
        bots: Mapping[str | int, str] | Sequence[tuple[str, str]] = (),
        text: bool = False,
        render_mode: str | None = None,
        seed: int | None = None,
    ) -> None:
        super().__init__()
        self.setup: Setup = setup_of(
            family, scenario=scenario, deck=deck, players=players, options=options, bots=bots
        )
        self.table = self.setup.table()
        variant = find_family(self.table.family)
        self.title = variant.title
        n = self.table.players
        self.catalogue = Catalogue.build(self.table.family, n, self.table.deck)
        self.encoder = Encoder(self.catalogue)
        self.texts = TextView(self.catalogue, [f"P{i + 1}" for i in range(n)], variant.title)
        self.text = text
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(n)]
        vector = spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32)
        mask = spaces.Box(0, 1, (self.catalogue.size,), np.int8)
        parts: dict[str, gymnasium.Space[Any]] = {"observation": vector, "action_mask": mask}
        if text:
            parts["text"] = spaces.Text(MAX_TEXT, min_length=0, charset="".join(sorted(CHARSET)))
        self._observation_spaces = {a: spaces.Dict(parts) for a in self.possible_agents}
        self._action_spaces = {
            a: spaces.Discrete(self.catalogue.size) for a in self.possible_agents
        }
        self._seeds = random.Random(seed)
        self.driver: Driver | None = None
        self.game_seed = 0
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = ""

    # --- spaces ------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_spaces[agent]

    def layout(self) -> list[tuple[str, int, str]]:
        """The fields of the numeric observation: (name, length, meaning), in order."""
        return layout(self.catalogue)

    def action_label(self, action: int) -> str:
        """What catalogue action ``action`` is ("vote players 2", "talk: claim role seer" ...)."""
        return self.catalogue.labels[action]

    # --- the cycle ---------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: with ``seed``, the same game as any other reset with that seed
        (and the same actions); without, the next seed of the environment's own series."""
        if seed is not None:
            self._seeds = random.Random(seed)
        self.game_seed = self._seeds.getrandbits(63)
        driver = self.driver = Driver(self.setup, self.table, self.game_seed)
        self.agents = [agent_name(s) for s in sorted(driver.agent_seats)]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._sync()

    def _sync(self) -> None:
        """Point at the agent whose turn it is, or end the game for every agent."""
        driver = self.driver
        assert driver is not None
        turn = driver.turn
        if turn is not None:
            self.agent_selection = agent_name(turn.seat)
            for a in self.agents:
                self.infos[a] = {"turn": turn.stage if a == self.agent_selection else None}
            return
        outcome = driver.match.outcome
        assert outcome is not None
        for a in self.agents:
            won = seat_of(a) in outcome.winners
            self.rewards[a] = 1.0 if won else -1.0
            self.terminations[a] = True
            self.infos[a] = {
                "turn": None,
                "won": won,
                "teams": sorted(outcome.teams),
                "side": driver.sides[seat_of(a)],
            }
        self._accumulate_rewards()
        if self.agents:
            self.agent_selection = self.agents[0]

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        driver = self.driver
        assert driver is not None and action is not None
        index = int(action)
        legal = driver.legal(self.catalogue)
        if index not in legal:
            raise ValueError(
                f"{agent} cannot take action {index} ({self.action_label(index) if 0 <= index < self.catalogue.size else 'out of range'}) now"
            )
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        driver.step(self.catalogue, index)
        self._sync()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, Any]:
        driver = self.driver
        assert driver is not None
        seat = seat_of(agent)
        view = driver.view(seat)
        turn = driver.turn
        mask = np.zeros(self.catalogue.size, dtype=np.int8)
        legal: list[int] = []
        if turn is not None and turn.seat == seat:
            legal = driver.legal(self.catalogue)
            mask[legal] = 1
        out: dict[str, Any] = {
            "observation": self.encoder.encode(view, turn, driver.over),
            "action_mask": mask,
        }
        if self.text:
            out["text"] = self.texts.text(view, turn, legal)
        return out

    def vector(self, agent: str) -> Vector:
        """The numeric observation alone (what ``observe(agent)["observation"]`` holds)."""
        observation: Vector = self.observe(agent)["observation"]
        return observation

    def text_of(self, agent: str) -> str:
        """The seat's view as text (whether or not ``text=True``)."""
        driver = self.driver
        assert driver is not None
        seat = seat_of(agent)
        turn = driver.turn
        legal = driver.legal(self.catalogue) if turn is not None and turn.seat == seat else []
        return self.texts.text(driver.view(seat), turn, legal)

    def render(self) -> str | None:
        """The whole table as the game master sees it (``ansi``), or printed (``human``)."""
        driver = self.driver
        if driver is None or self.render_mode is None:
            return None
        from loupgarou.scripting.families import dialect_for

        teller = dialect_for(self.table.family).teller(driver.match.players)
        lines = [teller.tell(e) for e in driver.match.events]
        out = "\n".join(lines)
        if self.render_mode == "human":
            print(out)
            return None
        return out

    def close(self) -> None:
        if self.driver is not None:
            self.driver.close()


def raw_env(family: str = "one-night", **kwargs: Any) -> LoupGarouEnv:
    """The environment itself (see :class:`LoupGarouEnv` for the arguments)."""
    return LoupGarouEnv(family, **kwargs)


def env(family: str = "one-night", **kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's order-enforcing wrapper (``env.unwrapped`` is the
    :class:`LoupGarouEnv`)."""
    return wrappers.OrderEnforcingWrapper(raw_env(family, **kwargs))

"""What a simulation is: plain values, so that it can travel to worker processes.

Interpreted in the compiled build too (see ``docs/compiled-build.md``): pickle cannot
rebuild a compiled frozen dataclass.
"""

from __future__ import annotations

from dataclasses import dataclass

from loupgarou.sim.scenarios import TableSpec


@dataclass(frozen=True, slots=True)
class SimSpec:
    """A simulation (plain values only: it travels to worker processes)."""

    table: TableSpec
    bots: tuple[tuple[str, str], ...] = (("*", "random"),)
    """``(where, kind)``: ``where`` is ``*``, a side name or a seat index counted from 0
    (the data form; ``--bots`` counts seats from 1: :mod:`loupgarou.sim.bots_flag`)."""
    games: int = 1000
    seed: int = 0
    agent_timeout: float = 5.0

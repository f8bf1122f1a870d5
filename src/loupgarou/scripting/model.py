"""A game script once read and checked: the table, the chance, the steps.

Contract: a :class:`Script` is complete and self-consistent as far as can be
known without playing it: the family exists, seats are resolved to indices,
role names are canonical, every step has exactly one meaning.  Whether a step
is *legal* is for the engine to say when the step is played.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from loupgarou.core.actions import Action
from loupgarou.core.events import JSON
from loupgarou.core.statements import Statement

SCRIPT_FORMAT = "loupgarou-script"
SCRIPT_VERSION = 1


@dataclass(frozen=True, slots=True)
class Move:
    """One input for the engine: an action, a timeout or a statement by ``seat``."""

    type: str
    """'action', 'timeout' or 'statement'."""
    seat: int
    action: Action | None = None
    statement: Statement | None = None
    given_as: str = ""
    """For a result the narrator states (``pack``, ``elected``, ``lynched``): ``seat`` is
    -1 until played; the move is then answered by whoever holds the decision of the
    kind in :data:`RESULT_KINDS` (the pack's first awake member, the table's first
    living player)."""


RESULT_KINDS: dict[str, str] = {
    "pack": "pack_choice",
    "elected": "captain_result",
    "lynched": "lynch_result",
}
"""The steps stating what a narrator knows, and the decision each answers (Thiercelieux,
option ``narrator_knows: results``)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One entry of ``steps``: numbered from 1, as in every message about it.

    ``kind`` is 'action' (``do:``), 'vote', 'votes', 'timeout' or 'say'
    (``say:`` and/or ``claim:``).  A ``votes`` step holds one move per voter;
    every other step holds exactly one move.
    """

    number: int
    kind: str
    moves: tuple[Move, ...]
    written: JSON
    """The step as the script wrote it (for the report)."""
    note: str = ""


@dataclass(frozen=True, slots=True)
class Script:
    """A checked script, ready to be played."""

    source: str
    family: str
    players: tuple[str, ...]
    deck: tuple[str, ...]
    options: Mapping[str, JSON]
    steps: tuple[Step, ...]
    title: str = ""
    scenario: str | None = None
    seed: int | str = 0
    chance: Mapping[str, JSON] = field(default_factory=dict)
    """Fixed chance outcomes by label, as written (see :mod:`loupgarou.scripting.chance`)."""
    deal: tuple[str, ...] | None = None
    """The explicit deal: the role at each seat, then at each centre slot."""
    strict: bool = False
    """``strict: true``: every decision needs its step; by default an optional decision
    the script moves past without a word is declined (silence, at a real table)."""

    def seat_name(self, seat: int) -> str:
        return self.players[seat] if 0 <= seat < len(self.players) else f"seat {seat}"

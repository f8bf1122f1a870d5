"""Which bots each family has, and how a family's table is run.

A family plugs its bots in with a :class:`FamilyBots`: its bot kinds (every
family has ``random``; ``sensible`` where written), how a starting role maps to
a side (for measuring each side's strength), and after which public events the
table talks.  Each built-in family's bot module registers itself with
:func:`register` (loaded by :func:`family_bots`); a family without an entry
still gets the random bot.

A seat's bot is named by a *kind*: a registered kind (``random``,
``sensible``), or ``agent:COMMAND`` for an external program speaking the
JSON-lines protocol (:mod:`loupgarou.bots.agent`).
"""

from __future__ import annotations

import random
import shlex
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from .protocol import Bot, BotError, BotFactory
from .random_bot import RandomBot


@dataclass(frozen=True, slots=True)
class FamilyBots:
    """One family's bots and table habits."""

    family: str
    kinds: Mapping[str, BotFactory]
    side_of: Callable[[str], str]
    """A starting role's side (an outcome team name: ``village``, ``werewolf`` ...)."""
    sides: tuple[str, ...]
    """The sides, the main two first (the strength table measures those)."""
    talk_after: frozenset[str] = field(default_factory=frozenset)
    """Public event kinds after which every seat that may speak gets a turn to talk."""


_FAMILIES: dict[str, FamilyBots] = {}


def register(entry: FamilyBots) -> None:
    """Add (or replace) a family's bots."""
    _FAMILIES[entry.family] = entry


def family_bots(family: str) -> FamilyBots:
    """The bots of ``family`` (a variant's ``name``): random only if none were registered."""
    _load_builtins()
    entry = _FAMILIES.get(family)
    if entry is None:
        return FamilyBots(family, {"random": RandomBot}, lambda role: "all", ("all",))
    return entry


def known_kinds(family: str) -> tuple[str, ...]:
    return (*sorted(family_bots(family).kinds), "agent:COMMAND")


def factory(family: str, kind: str, *, agent_timeout: float = 5.0) -> BotFactory:
    """The factory of a bot kind for ``family``; :class:`BotError` if unknown."""
    if kind.startswith("agent:"):
        from .agent import AgentBot, check_timeout

        timeout = check_timeout(agent_timeout)
        try:
            command = shlex.split(kind.removeprefix("agent:"))
        except ValueError as exc:  # an unclosed quote
            raise BotError(
                "bots.bad_command",
                f"cannot read the agent command {kind.removeprefix('agent:')!r}: {exc} "
                "(close every quote)",
            ) from exc
        if not command:
            raise BotError("bots.unknown_kind", "'agent:' needs a command, as in agent:./my_bot")

        def make(seat: int, rng: random.Random) -> Bot:
            return AgentBot(command, seat, timeout=timeout)

        return make
    entry = family_bots(family)
    found = entry.kinds.get(kind)
    if found is None:
        raise BotError(
            "bots.unknown_kind",
            f"no '{kind}' bot for {family}; known: {', '.join(known_kinds(family))}",
        )
    return found


_BUILTINS_LOADED: list[bool] = []
"""Not empty once the built-in bot modules are imported (checked on every game)."""


def _load_builtins() -> None:
    """Import the built-in families' bot modules (each registers itself once)."""
    if _BUILTINS_LOADED:
        return
    from . import lupus as _lu
    from . import one_night as _on
    from . import thiercelieux as _th

    _ = (_on, _th, _lu)
    _BUILTINS_LOADED.append(True)

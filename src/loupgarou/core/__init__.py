"""The family-independent core: the vocabulary every rules family speaks.

Nothing here performs I/O or owns a random generator.  Every value is
immutable.  See ``docs/architecture.md`` for how the pieces fit.
"""

from loupgarou.core.actions import Action, Decision
from loupgarou.core.chance import ChanceRequest, ChanceSource, ScriptedChance, SeededChance
from loupgarou.core.errors import (
    IllegalAction,
    LoupGarouError,
    RecordError,
    ScriptError,
    SetupError,
    SetupWarning,
)
from loupgarou.core.events import EVERYONE, MODERATOR, Audience, Event
from loupgarou.core.outcome import Outcome, Reason
from loupgarou.core.statements import Claim, Statement

__all__ = [
    "EVERYONE",
    "MODERATOR",
    "Action",
    "Audience",
    "ChanceRequest",
    "ChanceSource",
    "Claim",
    "Decision",
    "Event",
    "IllegalAction",
    "LoupGarouError",
    "Outcome",
    "Reason",
    "RecordError",
    "ScriptError",
    "ScriptedChance",
    "SeededChance",
    "SetupError",
    "SetupWarning",
    "Statement",
]

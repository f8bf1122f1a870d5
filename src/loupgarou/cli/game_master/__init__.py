"""The game masters of Thiercelieux and Lupus in Tabula: pace each night, ask the narrator what
happened, run the engine.

Contract: :class:`GameMaster` plays one game of Thiercelieux at a table with
physical cards.  The person at the keyboard (the narrator) deals the cards and
types who holds what; then, night after night, the game master reads the
night's script (:func:`loupgarou.narration.thiercelieux.night_script`) on
time and, at each call, asks the narrator what the called role did.  Every
answer becomes an action of the real engine
(:class:`~loupgarou.engine.match.Match` with the Thiercelieux variant), which
decides everything else: dawn's deaths (announced together, no cause), grief,
the Hunter's shot, the Captain's successor, the votes and their ties, and the
verdict with its reasons, all read out by the game master.

It talks to the world only through four small interfaces: a :class:`Clock`,
a :class:`TableOutput` (cues said aloud, countdown ticks, and notes for the
narrator's eyes only), a :class:`Prompter` (one question, one typed answer)
and a :class:`Speaker`.  Tests play a whole game instantly with a fake clock
and scripted answers.

Answers.  An answer that cannot be used (an unknown player, a choice the rules
do not allow) is refused with a message and the same question is asked again:
nothing is applied.  The answers of one call are tried together on a copy of
the match and kept only if every one of them holds.

Timing.  A call lasts its scripted time whether or not anybody acts in it; the
question comes right after the action cue, and the call goes on only once it
is answered, so answer within the call's time to keep every call equally long.

Chance at a physical table (:class:`TableChance`): the deal is the one typed
in; whether the Little Girl was caught is what the narrator saw; the other
draws (an election tied twice, a Captain drawn at random, a lynch tied twice
with ``lynch_second_tie`` ``random``) are drawn here and announced.

Lupus in Tabula: :class:`LupusGameMaster` shares the pacing, the questions and
the trial-then-keep application of answers (:class:`TableMaster`) and plays
the Lupus night (:func:`loupgarou.narration.lupus.night_script`: every
character of the deck called, dead or alive, for the same time; a Ghost's call
asks nothing) and day: dawn's Ghosts and the Welcome card (drawn here among
several dead), the discussion (the ``discussion_minutes`` option), stage 1
voter by voter, the suspects, the defence, the secret stage 2 and the lynch.

Modules: :mod:`.base` (the interfaces, :class:`TableChance` and :class:`TableMaster`,
which knows no family), :mod:`.thiercelieux` (:class:`GameMaster`, :class:`Table`) and
:mod:`.lupus` (:class:`LupusGameMaster`, :class:`LupusTable`).  Every public name is
importable from this package.
"""

from loupgarou.cli.game_master.base import (
    Clock,
    Prompter,
    Silent,
    Speaker,
    TableChance,
    TableMaster,
    TableOutput,
)
from loupgarou.cli.game_master.lupus import (
    LupusGameMaster,
    LupusTable,
    lupus_card_aliases,
    owl_is_deadly,
)
from loupgarou.cli.game_master.thiercelieux import GameMaster, Table, card_aliases

__all__ = [
    "Clock",
    "GameMaster",
    "LupusGameMaster",
    "LupusTable",
    "Prompter",
    "Silent",
    "Speaker",
    "Table",
    "TableChance",
    "TableMaster",
    "TableOutput",
    "card_aliases",
    "lupus_card_aliases",
    "owl_is_deadly",
]

"""The table game masters of Thiercelieux and Lupus in Tabula: pace each night, ask the narrator
what happened, run the engine; driven by requests and answers.

Contract: :class:`GameMaster` plays one game of Thiercelieux at a table with physical
cards (:class:`LupusGameMaster`, one of Lupus in Tabula).  The person who runs the table
(the narrator) deals the cards and says who holds what; then, night after night, the
game master says the night's script
(:func:`loupgarou.narration.thiercelieux.night_script`) on time and, at each call, asks
the narrator what the called role did.  Every answer becomes an action of the real engine
(:class:`~loupgarou.engine.match.Match`), which decides everything else: dawn's deaths
(announced together, no cause), grief, the Hunter's shot, the Captain's successor, the
votes and their ties, and the verdict with its reasons, all read out by the game master.

**Driven, not blocking.**  ``master.play()`` is a generator: it yields requests
(:mod:`~loupgarou.tablemaster.requests`) and its driver resumes it with what each one
calls for:

- :class:`Say` ``(at, cue)``: say the cue to the table; send back ``None``;
- :class:`Note` ``(text)``: for the narrator's eyes only; send back ``None``;
- :class:`Tick` ``(left)``: the discussion's countdown; send back ``None``;
- :class:`Wait` ``(until)``: go on at ``until`` (seconds since the start); send back the
  time it is then;
- :class:`Ask` ``(key, question, choices)``: send back :class:`Answer` ``(text, now)``;
  ``choices`` are answers a page may show as buttons;
- the end: the generator returns the finished match (``StopIteration.value``).

The package does no I/O, never sleeps, starts no thread and reads no clock: the only time
is what the driver sends in, and the random draws come from the ``seed``.  So a game is a
pure function of the table, the seed and the values sent in: :class:`Session` keeps the
pending request, the match and the log of those values, and :func:`replay` rebuilds a
game at the same point from that log (a server restarts its rooms this way).  The
terminal's driver is :func:`loupgarou.cli.table_driver.drive`.

Answers.  An answer that cannot be used (an unknown player, a choice the rules do not
allow) is refused: a :class:`Note` says why, and the same :class:`Ask` comes again;
nothing is applied.  The answers of one call are tried together on a copy of the match
and kept only if every one of them holds.

Timing.  A call lasts its scripted time whether or not anybody acts in it; the question
comes right after the action cue, and the call goes on only once it is answered, so an
answer that comes late (its ``now``) pushes the rest of the script back.

Chance at a physical table (:class:`TableChance`): the deal is the one typed in; whether
the Little Girl was caught is what the narrator saw; the other draws (an election tied
twice, a Captain drawn at random, a lynch tied twice with ``lynch_second_tie``
``random``, the Welcome card among several dead) are drawn from the seed and announced.

Lupus in Tabula: :class:`LupusGameMaster` shares the pacing, the questions and the
trial-then-keep application of answers (:class:`TableMaster`) and plays the Lupus night
(:func:`loupgarou.narration.lupus.night_script`: every character of the deck called, dead
or alive, for the same time; a Ghost's call asks nothing) and day: dawn's Ghosts and the
Welcome card, the discussion (the ``discussion_minutes`` option), stage 1 voter by
voter, the suspects, the defence, the secret stage 2 and the lynch.

Layer: above the engine and the narration, below the CLI and the server; it imports
neither.  Modules: :mod:`.requests` (the requests, :class:`Answer`, checking and storing
what is sent), :mod:`.base` (:class:`TableChance` and :class:`TableMaster`, which knows no
family), :mod:`.thiercelieux` (:class:`GameMaster`, :class:`Table`), :mod:`.lupus`
(:class:`LupusGameMaster`, :class:`LupusTable`) and :mod:`.session` (:class:`Session`,
:func:`replay`).  Every public name is importable from this package.

Example::

    session = Session(GameMaster(Table(names, deck, locale, timing), seed=7))
    while not session.done:
        request = session.request
        if isinstance(request, Ask):
            session.answer(input(request.typed_question()), now=seconds_since_start())
        elif isinstance(request, Wait):
            session.send(request.until)  # a server arms a timer instead
        else:
            show(request)
            session.send(None)
    match = session.result
    again = replay(GameMaster(Table(names, deck, locale, timing), seed=7), session.log)
"""

from loupgarou.tablemaster.base import TableChance, TableMaster
from loupgarou.tablemaster.lupus import (
    LupusGameMaster,
    LupusTable,
    lupus_card_aliases,
    owl_is_deadly,
)
from loupgarou.tablemaster.requests import (
    Answer,
    Ask,
    Note,
    Request,
    Say,
    Sent,
    Steps,
    Tick,
    Wait,
    check,
    sent_from_json,
    sent_to_json,
)
from loupgarou.tablemaster.session import Session, replay
from loupgarou.tablemaster.thiercelieux import GameMaster, Table, card_aliases

__all__ = [
    "Answer",
    "Ask",
    "GameMaster",
    "LupusGameMaster",
    "LupusTable",
    "Note",
    "Request",
    "Say",
    "Sent",
    "Session",
    "Steps",
    "Table",
    "TableChance",
    "TableMaster",
    "Tick",
    "Wait",
    "card_aliases",
    "check",
    "lupus_card_aliases",
    "owl_is_deadly",
    "replay",
    "sent_from_json",
    "sent_to_json",
]

"""A game master in the hands of a driver: the pending request, the match, the log of what
was sent, and :func:`replay`.

Contract: :class:`Session` starts a game master's generator and keeps what a driver needs
between two messages: the request it waits on (:attr:`Session.request`), the match so far
(:attr:`Session.match`), and every value sent in, in order (:attr:`Session.log`).
:meth:`Session.send` checks a value against the pending request before it goes in (a
wrong one raises :class:`ValueError` and changes nothing), so a driver's mistake never
breaks the game.  Since a game master is a pure function of its table, its seed and the
values sent in, :func:`replay` rebuilds a session at the same point from a fresh game
master (same table, same seed) and the log: the same match, the same pending request.
"""

from __future__ import annotations

from collections.abc import Iterable

from loupgarou.core.events import JSON
from loupgarou.engine.match import Match
from loupgarou.tablemaster.base import TableMaster
from loupgarou.tablemaster.requests import (
    Answer,
    Request,
    Sent,
    Steps,
    check,
    sent_from_json,
    sent_to_json,
)


class Session:
    """Drives ``master`` (a game master that has not started): the generator is started
    at once, so :attr:`request` is its first request."""

    def __init__(self, master: TableMaster) -> None:
        self.master = master
        self.log: list[Sent] = []
        """Every value sent in, in order (what :func:`replay` needs)."""
        self.result: Match | None = None
        """The finished match, once the game is over."""
        self._game: Steps[Match] = master.play()
        self.request: Request | None = next(self._game)
        """What the game master waits for now; ``None`` once the game is over."""

    @property
    def match(self) -> Match | None:
        """The match as it stands (``None`` until the deal is typed)."""
        return self.master.match

    @property
    def done(self) -> bool:
        return self.request is None

    @property
    def now(self) -> float:
        """The game master's time: the last time it was sent (seconds since the start)."""
        return self.master.now

    def send(self, value: Sent) -> Request | None:
        """Resume the game master with ``value`` (see :mod:`~loupgarou.tablemaster.requests`
        for what each request takes); return the next request, or ``None`` at the end."""
        if self.request is None:
            raise ValueError("the game is over: nothing is waiting for a value")
        problem = check(self.request, value)
        if problem is not None:
            raise ValueError(problem)
        self.log.append(value)
        try:
            self.request = self._game.send(value)
        except StopIteration as stop:
            self.request = None
            self.result = stop.value
        return self.request

    def answer(self, text: str, now: float) -> Request | None:
        """Send the answer ``text``, given at ``now``, to the pending question."""
        return self.send(Answer(text, now))

    def log_json(self) -> list[JSON]:
        """:attr:`log` as JSON (``null``, numbers, ``{"text", "now"}``), for a store."""
        return [sent_to_json(value) for value in self.log]


def replay(master: TableMaster, log: Iterable[Sent | JSON]) -> Session:
    """The session of ``master`` (fresh: the same table and seed as the original) after
    every value of ``log`` (the values themselves, or their JSON) is sent in again."""
    session = Session(master)
    for value in log:
        session.send(value if isinstance(value, Answer) else sent_from_json(value))
    return session

"""Started with the server processes of ``tests/server/test_faults.py`` (on their
``PYTHONPATH``): with ``LOUPGAROU_TEST_FAULT=lobby-bot``, a host putting a random bot in
seat 3 (seat number 2) makes the lobby change the room and then fail, as a bug would, and
so does creating a room for a host called Boom.  No input stored before matches, so
putting the room back from its log does not fail again.  With ``store-down``, while the
file ``LOUPGAROU_TEST_FAULT_FILE`` names exists, PostgreSQL "refuses" to store any input,
as a store that is down would."""

from __future__ import annotations

import os
from typing import Any

if os.environ.get("LOUPGAROU_TEST_FAULT") == "lobby-bot":
    from loupgarou.session.lobby import Lobby

    _change = Lobby.change

    def _faulty(self: Lobby, op: object, e: Any) -> None:
        if op == "bot" and e.get("seat") == 2 and e.get("level") == "random":
            self.seats[2] = self.seats[0]
            raise ZeroDivisionError("a fault made on purpose")
        _change(self, op, e)

    _create = Lobby.create

    def _faulty_create(self: Lobby, e: Any) -> None:
        if e.get("name") == "Boom":
            raise ZeroDivisionError("a fault made on purpose")
        _create(self, e)

    Lobby.change = _faulty  # type: ignore[method-assign]
    Lobby.create = _faulty_create  # type: ignore[method-assign]

if os.environ.get("LOUPGAROU_TEST_FAULT") == "store-down":
    from loupgarou.server.postgres import AsyncAppender
    from loupgarou.server.storage import StorageError

    _down = os.environ["LOUPGAROU_TEST_FAULT_FILE"]
    _one = AsyncAppender._append_one
    _together = AsyncAppender._together

    def _check() -> None:
        if os.path.exists(_down):
            raise StorageError("the store is down, on purpose")

    async def _failing_one(self: AsyncAppender, code: str, seq: int, entry: Any) -> None:
        _check()
        await _one(self, code, seq, entry)

    async def _failing_together(self: AsyncAppender, batch: Any) -> None:
        _check()
        await _together(self, batch)

    AsyncAppender._append_one = _failing_one  # type: ignore[method-assign]
    AsyncAppender._together = _failing_together  # type: ignore[method-assign]

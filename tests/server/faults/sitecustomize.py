"""Started with the server processes of ``tests/server/test_faults.py`` (on their
``PYTHONPATH``): with ``LOUPGAROU_TEST_FAULT=lobby-bot``, a host putting a random bot in
seat 3 (seat number 2) makes the lobby change the room and then fail, as a bug would, and
so does creating a room for a host called Boom.  No input stored before matches, so
putting the room back from its log does not fail again."""

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

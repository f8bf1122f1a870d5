"""A fault of the server's own while it applies an input (a bug, made here on purpose): the
device is told ``server.internal`` instead of losing its connection, the room is put back
as its log has it (memory never runs ahead of the record), and a bot whose answer fails so
is not asked again and again.  In a hub in this process, and in real server processes
(``faults/sitecustomize.py`` makes the fault there): one on SQLite, killed and restarted
afterwards, and two sharing PostgreSQL and Redis, the input sent to the room's owner
through the other."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from loupgarou.server.hub import Hub, token_hash
from loupgarou.server.storage import SqliteStorage
from loupgarou.session.encode import dumps
from loupgarou.session.lobby import Lobby
from loupgarou.session.phones import PhoneGame
from loupgarou.session.room import RoomError
from tests.server.services import postgres_database, redis_prefix
from tests.server.serving import Device, Server

FAULTS = Path(__file__).resolve().parent / "faults"


class Bug(Exception):
    """The fault made on purpose."""


def fail_on_seat_2(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fault: a lobby change of seat 3 (seat number 2) changes the room, then fails;
    every other change (those stored before, replayed to put the room back) works."""
    change = Lobby.change

    def half_done(self: Lobby, op: object, e: Any) -> None:
        if e.get("seat") != 2:
            change(self, op, e)
            return
        self.seats[2] = self.seats[1]
        raise Bug

    monkeypatch.setattr(Lobby, "change", half_done)


def test_an_input_that_fails_half_way_is_an_error_with_a_code_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hub = Hub(SqliteStorage(":memory:"), clock=lambda: 1000.0)
    code, token = hub.create({"family": "one-night", "players": 5}, "Ann")
    live = hub.rooms[code]
    host = token_hash(token)
    hub.submit(live, {"t": "lobby", "op": "bot", "seat": 1, "level": "random", "by": host})
    before = dumps(live.room.state_for(host, {0}, 1000.0))
    seq = live.seq

    fail_on_seat_2(monkeypatch)
    with pytest.raises(RoomError) as caught:
        hub.submit(live, {"t": "lobby", "op": "bot", "seat": 2, "level": "random", "by": host})
    assert caught.value.code == "server.internal"
    assert "nothing changed" in caught.value.message
    assert dumps(live.room.state_for(host, {0}, 1000.0)) == before
    assert live.seq == seq  # nothing was stored
    monkeypatch.undo()
    hub.submit(live, {"t": "lobby", "op": "bot", "seat": 2, "level": "random", "by": host})
    assert live.room.lobby.seats[2].kind == "bot"  # the room goes on


def test_a_room_that_fails_to_be_made_is_an_error_with_a_code_and_no_room(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(self: Lobby, e: Any) -> None:
        raise Bug

    monkeypatch.setattr(Lobby, "create", broken)
    hub = Hub(SqliteStorage(":memory:"), clock=lambda: 1000.0)
    with pytest.raises(RoomError) as caught:
        hub.create({"family": "one-night", "players": 5}, "Ann")
    assert caught.value.code == "server.internal"
    assert hub.rooms == {} and list(hub.storage.rooms()) == []


def test_a_bot_whose_answer_fails_is_not_asked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    failures: list[int] = []

    def failing(self: PhoneGame, seat: int, task_id: str, action: Any, now: float) -> None:
        failures.append(seat)
        raise Bug

    monkeypatch.setattr(PhoneGame, "bot_act", failing)
    hub = Hub(SqliteStorage(":memory:"), clock=lambda: 1000.0)
    code, token = hub.create({"family": "thiercelieux", "players": 8}, "Ann")
    live = hub.rooms[code]
    host = token_hash(token)
    for seat in range(1, 8):
        hub.submit(live, {"t": "lobby", "op": "bot", "seat": seat, "level": "random", "by": host})
    # the bots think at once here (no event loop): a failing answer asked for again would
    # never let this return
    hub.submit(live, {"t": "lobby", "op": "start", "seed": 3, "by": host})
    assert failures and len(failures) == len(set(failures)) == len(live.refused)
    assert live.room.status == "playing"


def with_the_fault(server: Server, log: Path) -> Server:
    """``server`` started with the fault of ``faults/sitecustomize.py``."""
    paths = [str(FAULTS), *filter(None, [os.environ.get("PYTHONPATH")])]
    server.env = {"LOUPGAROU_TEST_FAULT": "lobby-bot", "PYTHONPATH": os.pathsep.join(paths)}
    server.log = log
    return server.start()


def kinds(state: dict[str, Any] | None) -> list[str]:
    assert state is not None
    return [seat["kind"] for seat in state["room"]["seats"]]


def seats_become(device: Device, expected: list[str]) -> None:
    """A state with these seats comes (the last one the device had, or a later one)."""
    if device.state is None or kinds(device.state) != expected:
        device.until(lambda m: m["type"] == "state" and kinds(m) == expected)


def meet_the_fault(host: Device) -> None:
    """A bot in seat 2 (fine), then in seat 3 (the fault): an error with a code, the
    connection open, the room as it was; then seat 3 differently (fine)."""
    host.send({"type": "lobby", "op": "bot", "seat": 1, "level": "random"})
    seats_become(host, ["human", "bot", "empty", "empty", "empty"])
    host.send({"type": "lobby", "op": "bot", "seat": 2, "level": "random", "id": 7})
    error = host.until(lambda m: m["type"] == "error")
    assert (error["code"], error["ref"]) == ("server.internal", 7)
    host.send({"type": "ping"})
    host.until(lambda m: m["type"] == "pong")
    assert kinds(host.state) == ["human", "bot", "empty", "empty", "empty"]
    host.send({"type": "lobby", "op": "bot", "seat": 2, "level": "sensible"})
    seats_become(host, ["human", "bot", "bot", "empty", "empty"])


def test_a_served_room_meets_a_fault_and_stays_whole_through_a_crash(tmp_path: Path) -> None:
    server = with_the_fault(Server(tmp_path / "data"), tmp_path / "server.log")
    try:
        made = server.post("/api/rooms", {"settings": {"family": "one-night"}, "name": "Boom"})
        assert made[0] == 500 and made[1]["error"]["code"] == "server.internal"
        code, token = server.create({"family": "one-night", "players": 5})
        host = server.device()
        host.hello(code, token)
        meet_the_fault(host)
        server.kill()
        server.start()
        again = server.device()
        again.hello(code, token)
        seats_become(again, ["human", "bot", "bot", "empty", "empty"])
    finally:
        server.stop()
    assert "ZeroDivisionError: a fault made on purpose" in (tmp_path / "server.log").read_text()


def test_a_fault_at_the_owner_of_a_room_in_a_cluster(tmp_path: Path) -> None:
    with postgres_database() as database, redis_prefix() as (redis, prefix):
        servers = []
        for i in range(2):
            args = ["--database-url", database, "--redis-url", redis, "--redis-prefix", prefix]
            servers.append(Server(tmp_path / f"p{i}", args=args))
        try:
            owner, other = (
                with_the_fault(s, tmp_path / f"p{i}.log") for i, s in enumerate(servers)
            )
            code, token = owner.create({"family": "one-night", "players": 5})
            host = other.device()  # its inputs go to the owner through Redis
            host.hello(code, token)
            meet_the_fault(host)
            look = owner.device()
            look.hello(code, token)
            seats_become(look, ["human", "bot", "bot", "empty", "empty"])
        finally:
            for s in servers:
                s.stop()
        assert "a fault made on purpose" in (tmp_path / "p0.log").read_text()


def test_a_log_that_fails_to_replay_keeps_its_room_up_to_there_and_stops_no_other(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    storage = SqliteStorage(tmp_path / "rooms.sqlite3")
    hub = Hub(storage, clock=lambda: 1000.0)
    rooms = [hub.create({"family": "one-night", "players": 5}, "Ann") for _ in range(2)]
    for code, token in rooms:
        for seat in (1, 2):
            entry = {"t": "lobby", "op": "bot", "seat": seat, "level": "random"}
            hub.submit(hub.rooms[code], {**entry, "by": token_hash(token)})
    fail_on_seat_2(monkeypatch)  # a bug a new version has
    again = Hub(storage, clock=lambda: 1000.0)
    assert again.load() == 2  # the server starts, with both rooms
    for code, _ in rooms:
        live = again.rooms[code]
        assert [s.kind for s in live.room.lobby.seats] == [
            "human",
            "bot",
            "empty",
            "empty",
            "empty",
        ]
        assert live.seq == 3  # the next input goes after every stored one (create, two bots)


def test_a_room_tries_its_deadlines_again_while_the_store_is_down_in_a_cluster(
    tmp_path: Path,
) -> None:
    """The owner of a room, on PostgreSQL and Redis, cannot store a deadline
    (``faults/sitecustomize.py``, ``store-down``): the game stays where it is, the deadline
    (or a bot's answer) is tried again a second later, then two, then four; once the store
    takes it again, the game goes on to its end.  Before, the room waited for an input that, with its
    only person idle and its bots done, never came."""
    down = tmp_path / "store-down"
    log = tmp_path / "server.log"
    with postgres_database() as database, redis_prefix() as (redis, prefix):
        args = ["--database-url", database, "--redis-url", redis, "--redis-prefix", prefix]
        server = Server(tmp_path / "p0", args=args)
        paths = [str(FAULTS), *filter(None, [os.environ.get("PYTHONPATH")])]
        server.env = {
            "LOUPGAROU_TEST_FAULT": "store-down",
            "LOUPGAROU_TEST_FAULT_FILE": str(down),
            "PYTHONPATH": os.pathsep.join(paths),
        }
        server.log = log
        server.start()
        try:
            timers = {"call": 1, "discussion": 1, "vote": 2}
            code, token = server.create({"family": "one-night", "players": 5, "timers": timers})
            host = server.device()
            host.hello(code, token)
            for seat in range(1, 5):
                host.send({"type": "lobby", "op": "bot", "seat": seat, "level": "random"})
            host.until(lambda m: m["type"] == "state" and not m["room"]["problems"])
            host.send({"type": "lobby", "op": "start"})
            host.until(lambda m: m["type"] == "state" and m["room"]["status"] == "playing")
            down.touch()
            until_logged(log, "again in 2 s")  # a deadline's or a bot's second try failed
            host.drain(0.3)
            stuck = host.state
            assert stuck is not None and stuck["room"]["status"] == "playing"
            time.sleep(1.5)  # the third try, in 2 s, has not come yet
            host.drain(0.1)
            assert host.state is not None and host.state["seq"] == stuck["seq"]
            down.unlink()
            moved = host.until(
                lambda m: m["type"] == "state" and m["seq"] > stuck["seq"], timeout=8.0
            )
            assert moved["game"] != stuck["game"]  # the deadline passed
            end = time.monotonic() + 60
            while host.state is None or host.state["room"]["status"] != "over":
                assert time.monotonic() < end, "the game did not end"
                host.drain(0.2)
        finally:
            server.stop()
    text = log.read_text()
    assert "again in 1 s" in text and "the store is down, on purpose" in text
    assert "a deadline could not be applied" in text


def until_logged(log: Path, text: str, limit: float = 20.0) -> None:
    end = time.monotonic() + limit
    while text not in log.read_text():
        assert time.monotonic() < end, f"never logged: {text}"
        time.sleep(0.05)

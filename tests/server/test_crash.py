"""A server killed with SIGKILL at random moments of its games, and started again on the
same data folder: every room resumes where it was, devices reconnect with their tokens,
nothing accepted is lost or applied twice, and the games end with records that replay."""

from __future__ import annotations

import random
import time
from pathlib import Path

from loupgarou.engine.record import replay
from loupgarou.server.storage import SqliteStorage
from loupgarou.session.room import Room
from tests.server.serving import Device, Server, play_turn

FAST = {"call": 1, "discussion": 1, "vote": 2}


def reconnect(server: Server, code: str, tokens: list[str]) -> list[Device]:
    devices = []
    for token in tokens:
        d = server.device()
        assert d.hello(code, token)["type"] == "welcome"
        d.until(lambda m: m["type"] == "state")
        devices.append(d)
    return devices


def test_kill_minus_nine_mid_game_and_resume(tmp_path: Path) -> None:
    rng = random.Random(11)
    data = tmp_path / "data"
    server = Server(data).start()
    rooms: list[tuple[str, list[str]]] = []
    logs: dict[str, dict[str, object]] = {}
    try:
        for family, players in (("one-night", 5), ("thiercelieux", 8), ("lupus", 8)):
            code, token = server.create({"family": family, "players": players, "timers": FAST})
            host = server.device()
            host.hello(code, token)
            bob = server.device()
            bob.join(code, "Bob")
            for seat in range(2, players):
                host.send({"type": "lobby", "op": "bot", "seat": seat, "level": "random"})
            host.send({"type": "lobby", "op": "start"})
            host.until(lambda m: m["type"] == "state" and m["room"]["status"] == "playing")
            assert bob.token is not None
            rooms.append((code, [token, bob.token]))
            host.close()
            bob.close()
        for _crash in range(4):
            devices = {code: reconnect(server, code, tokens) for code, tokens in rooms}
            end = time.monotonic() + rng.uniform(0.5, 2.5)
            while time.monotonic() < end:
                for ds in devices.values():
                    for d in ds:
                        d.drain(0.01)
                        play_turn(d, rng)
            server.kill()  # mid-game, whatever it was doing
            server = Server(data, server.port).start()
        # after the last restart, play every room to its end
        devices = {code: reconnect(server, code, tokens) for code, tokens in rooms}
        end = time.monotonic() + 90
        while time.monotonic() < end:
            states = [d.state for ds in devices.values() for d in ds]
            if all(s is not None and s["room"]["status"] == "over" for s in states):
                break
            for ds in devices.values():
                for d in ds:
                    d.drain(0.01)
                    play_turn(d, rng)
        for code, tokens in rooms:
            status, record = server.get(f"/api/rooms/{code}/record?token={tokens[0]}")
            assert status == 200, record
            match = replay(record)  # the stored game replays to the same events
            assert match.over
            logs[code] = record
    finally:
        server.stop()
    storage = SqliteStorage(data / "rooms.sqlite3")
    for code, record in logs.items():
        entries = storage.log(code)
        answered = [(e["by"], e["task"]) for e in entries if e["t"] == "act"]
        assert len(answered) == len(set(answered)), "a task was answered twice"
        room = Room(code)
        for entry in entries:
            room.apply(entry)
        assert room.records[-1] == record  # the log alone rebuilds the very same game

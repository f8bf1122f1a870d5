"""An external agent on another machine takes a seat over the protocol (the example
agent, run as its own process); idle rooms are forgotten, in storage and in memory."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from loupgarou.server.hub import Hub
from loupgarou.server.storage import SqliteStorage
from tests.server.serving import Server

ROOT = Path(__file__).resolve().parents[2]


def test_the_example_agent_plays_a_seat_to_the_end(server: Server) -> None:
    code, token = server.create(
        {"family": "one-night", "players": 4, "timers": {"call": 1, "discussion": 1, "vote": 2}}
    )
    host = server.device()
    host.hello(code, token)
    agent = subprocess.Popen(
        [
            sys.executable,
            str(ROOT / "examples" / "ws_agent.py"),
            f"ws://127.0.0.1:{server.port}/ws",
            code,
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    host.until(lambda m: m["type"] == "state" and m["room"]["seats"][1]["name"] == "Robot")
    for seat in (2, 3):
        host.send({"type": "lobby", "op": "bot", "seat": seat, "level": "sensible"})
    host.until(lambda m: m["type"] == "state" and not m["room"]["problems"])
    host.send({"type": "lobby", "op": "start"})
    while host.state is None or host.state["room"]["status"] != "over":
        host.drain(0.05)
        state = host.state
        assert state is not None
        task = state["game"] and state["game"]["task"]
        if task:
            host.send({"type": "act", "task": task["id"], "action": task["options"][-1]})
            host.until(lambda m: m["type"] in ("state", "error"))
        elif (
            state["game"]
            and state["game"]["stage"] == "discussion"
            and 0 not in state["game"]["ready"]
        ):
            host.send({"type": "ready"})
            host.until(lambda m: m["type"] in ("state", "error"))
    out, _ = agent.communicate(timeout=30)
    assert agent.returncode == 0
    assert "seat 1" in out and "game over; winners:" in out


def test_idle_rooms_are_forgotten() -> None:
    now = [1000.0]
    hub = Hub(SqliteStorage(":memory:"), clock=lambda: now[0], idle_seconds=3600)
    old, _ = hub.create({"family": "one-night", "players": 5}, "Ann")
    now[0] += 3000
    fresh, _ = hub.create({"family": "one-night", "players": 5}, "Bob")
    now[0] += 1000
    assert hub.expire() == [old]
    assert set(hub.rooms) == {fresh} and list(hub.storage.rooms()) == [fresh]
    assert hub.storage.log(old) == []

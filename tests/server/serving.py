"""A real ``loupgarou serve`` in a subprocess on a free loopback port, and devices that
talk to it over real WebSockets (the tests of the server drive it as phones would)."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

State = dict[str, Any]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``loupgarou serve`` on 127.0.0.1 with its own data folder."""

    def __init__(self, data: Path, port: int | None = None, args: Sequence[str] = ()) -> None:
        self.data = data
        self.port = port or free_port()
        self.args = list(args)  # more flags (PostgreSQL, Redis: tests/server/test_cluster.py)
        self.log: Path | None = None  # where its stderr goes (None: a pipe)
        self.env: dict[str, str] = {}  # more environment (a fault made on purpose: test_faults)
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        cmd = [
            sys.executable,
            "-m",
            "loupgarou.cli.main",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--data",
            str(self.data),
            "--no-qr",
            *self.args,
        ]
        env = {**os.environ, **self.env}
        if self.log is not None:  # long runs: a pipe nobody reads would fill up
            with self.log.open("ab") as errors:
                self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=errors, env=env)
        else:
            self.proc = subprocess.Popen(
                cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env
            )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{self.base}/healthz", timeout=1) as r:
                    if r.read() == b"ok":
                        return self
            except OSError:
                if self.proc.poll() is not None:
                    err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                    if self.log is not None:
                        err = self.log.read_text(errors="replace")[-4000:]
                    raise RuntimeError(f"the server did not start: {err}") from None
                time.sleep(0.05)
        raise RuntimeError("the server did not answer in 20 s")

    def kill(self) -> None:
        """SIGKILL: no clean-up, as a crash."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)

    def post(self, path: str, body: Any) -> tuple[int, Any]:
        request = urllib.request.Request(
            self.base + path,
            data=json.dumps(body).encode(),
            method="POST",
            headers={"Content-Type": "application/json"},
        )
        return _call(request)

    def get(self, path: str) -> tuple[int, Any]:
        return _call(urllib.request.Request(self.base + path))

    def create(self, settings: dict[str, Any], name: str = "Ann") -> tuple[str, str]:
        status, body = self.post("/api/rooms", {"settings": settings, "name": name})
        assert status == 201, body
        return str(body["code"]), str(body["token"])

    def device(self, **headers: str) -> Device:
        return Device(self, headers)


def _call(request: urllib.request.Request) -> tuple[int, Any]:
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")


class Device:
    """One phone: a WebSocket, every message it received, its latest state."""

    def __init__(self, server: Server, headers: dict[str, str]) -> None:
        self.server = server
        self.ws: ClientConnection = connect(
            f"ws://127.0.0.1:{server.port}/ws",
            additional_headers=headers,
            compression=None,
            open_timeout=10,
        ).__enter__()
        self.received: list[str] = []
        self.state: State | None = None
        self.errors: list[dict[str, Any]] = []
        self.token: str | None = None
        self.seat: int | None = None

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        text = self.ws.recv(timeout=timeout)
        assert isinstance(text, str)
        self.received.append(text)
        message: dict[str, Any] = json.loads(text)
        if message["type"] == "state":
            self.state = message
        elif message["type"] == "error":
            self.errors.append(message)
        elif message["type"] == "welcome":
            self.token, self.seat = message["token"], message["seat"]
        return message

    def until(
        self, test: Callable[[dict[str, Any]], bool], timeout: float = 15.0
    ) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError("the awaited message did not come")
            message = self.recv(left)
            if test(message):
                return message

    def hello(self, code: str, token: str) -> dict[str, Any]:
        self.send({"type": "hello", "v": 1, "room": code, "token": token})
        return self.until(lambda m: m["type"] in ("welcome", "error"))

    def join(self, code: str, name: str) -> dict[str, Any]:
        self.send({"type": "join", "v": 1, "room": code, "name": name})
        return self.until(lambda m: m["type"] in ("welcome", "error"))

    def drain(self, seconds: float = 0.05) -> None:
        while True:
            try:
                self.recv(seconds)
            except TimeoutError:
                return

    def close(self) -> None:
        self.ws.close()


def play_turn(device: Device, rng: random.Random) -> bool:
    """Answer the device's current task or discussion; True if it sent something."""
    state = device.state
    if state is None or state["game"] is None:
        return False
    game = state["game"]
    task = game.get("task")
    if task is not None:
        device.send({"type": "act", "task": task["id"], "action": rng.choice(task["options"])})
        return True
    if game["stage"] == "discussion" and device.seat not in game["ready"]:
        device.send({"type": "ready"})
        return True
    return False

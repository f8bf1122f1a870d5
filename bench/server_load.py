"""Load on a real ``loupgarou serve``: many rooms of phones playing at once, on loopback.

Starts the server in a subprocess (a temporary data folder, 127.0.0.1 only), creates
``--rooms`` One Night rooms of ``--seats`` seats with a phone (a WebSocket) in every
seat, starts them, and lets the phones play for ``--seconds``: at a human pace (each
answer after 2 to 8 seconds, ready to vote after 5 to 20) or at full speed (each answer
at once).  Finished rooms are rematched, so the load holds.  It stops by itself.

It prints: rooms held, connections, inputs and messages per second, the latency from
an input to the state it caused reaching the device that sent it (p50, p99, max), the
latency until every device of the room that was sent something had it, and the
server's memory per room.  Everything stays on 127.0.0.1.

    python bench/server_load.py --rooms 1000 --pace human --seconds 60
    python bench/server_load.py --rooms 50 --pace full --seconds 20

With ``--processes N`` it starts N servers on one PostgreSQL database and one Redis (a
database of its own, created and dropped, and a Redis channel prefix of its own), as
behind a load balancer: each room is created on one process in turn and its phones are
spread over all of them (docs/deploy.md).  ``--shared`` runs even one process on
PostgreSQL and Redis; without it one process uses SQLite, as ``loupgarou serve`` does.

    python bench/server_load.py --rooms 300 --processes 3
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
import uvloop
import websockets


def loads(text: str | bytes) -> Any:
    return orjson.loads(text)


def dumps(value: Any) -> str:
    return orjson.dumps(value).decode()


TIMERS = {"call": 10, "discussion": 60, "vote": 30}
# Refusals of an input sent just before the state that made it pointless (a call or the
# game ended): not errors, but counted apart as too late.
RACES = ("task.stale", "task.none", "ready.not_now", "room.not_playing")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time a process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def own_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


@dataclass
class Stats:
    inputs: int = 0
    messages: int = 0
    own: list[float] = field(default_factory=list)
    room: list[float] = field(default_factory=list)
    errors: int = 0
    late: int = 0
    games: int = 0


@dataclass
class Phone:
    ws: Any
    seat: int
    state: dict[str, Any] | None = None
    sent_at: float | None = None
    received_at: float = 0.0
    changed: asyncio.Event = field(default_factory=asyncio.Event)


class Table:
    """One room and its phones."""

    def __init__(
        self, code: str, phones: list[Phone], stats: Stats, pace: str, rng: random.Random
    ) -> None:
        self.code = code
        self.phones = phones
        self.stats = stats
        self.pace = pace
        self.rng = rng
        self.listeners: list[asyncio.Task[None]] = []
        self.sent: dict[int, float] = {}  # an input's log position -> when it was sent
        self.arrivals: dict[int, list[float]] = {}  # a log position -> when states of it came

    def delay(self, low: float, high: float) -> float:
        return 0.0 if self.pace == "full" else self.rng.uniform(low, high)

    async def listen(self, phone: Phone) -> None:
        """Read every message as it comes (a phone that stopped reading would stop
        answering pings, and the server would rightly drop it)."""
        try:
            async for text in phone.ws:
                now = time.perf_counter()
                self.stats.messages += 1
                m = loads(text)
                if m["type"] == "error":
                    if m["code"] not in RACES:
                        self.stats.errors += 1
                    else:  # the input raced the clock (the call or the day ended first)
                        self.stats.late += 1
                    phone.sent_at = None  # refused: no state will answer it
                    continue
                if m["type"] != "state":
                    continue
                phone.state = m
                phone.changed.set()
                phone.received_at = now
                self.arrivals.setdefault(m["seq"], []).append(now)
                if phone.sent_at is not None:
                    self.stats.own.append(now - phone.sent_at)
                    self.sent[m["seq"]] = phone.sent_at
                    phone.sent_at = None
        except websockets.ConnectionClosed:
            return

    async def act(self, phone: Phone, stop: float) -> None:
        """Answer what the phone's state asks, as a person would: woken by each new state
        (no polling, so ten thousand idle phones cost nothing), then after a pause."""
        while time.perf_counter() < stop:
            state = phone.state
            game = state["game"] if state else None
            message: dict[str, Any] | None = None
            if state and state["room"]["status"] == "over":
                if phone.seat == 0:
                    await asyncio.sleep(self.delay(1, 3))
                    self.stats.games += 1
                    await phone.ws.send(dumps({"type": "lobby", "op": "rematch"}))
                    await asyncio.sleep(0.2)
                    await phone.ws.send(dumps({"type": "lobby", "op": "start"}))
            elif game and game.get("task"):
                task = game["task"]
                await asyncio.sleep(self.delay(2, 8))
                if phone.state is not state:
                    continue
                message = {
                    "type": "act",
                    "task": task["id"],
                    "action": self.rng.choice(task["options"]),
                }
            elif game and game["stage"] == "discussion" and phone.seat not in game["ready"]:
                await asyncio.sleep(self.delay(5, 20))
                if phone.state is not state:
                    continue
                message = {"type": "ready"}
            if message is not None:
                phone.sent_at = time.perf_counter()
                self.stats.inputs += 1
                await phone.ws.send(dumps(message))
            if phone.state is state:  # wait for the next state (or look again in a while)
                phone.changed.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(phone.changed.wait(), 5.0)

    def room_latencies(self) -> None:
        """For each input of a phone: until the last state it caused reached its device."""
        for seq, sent in self.sent.items():
            self.stats.room.append(max(self.arrivals.get(seq, [sent])) - sent)


async def open_room(  # noqa: PLR0917 - the room and where its phones report
    ports: list[int], number: int, seats: int, stats: Stats, pace: str, rng: random.Random
) -> Table:
    port = ports[number % len(ports)]  # the process that creates (and owns) the room
    base = f"http://127.0.0.1:{port}"
    loop = asyncio.get_running_loop()
    body = json.dumps(
        {
            "settings": {
                "family": "one-night",
                "scenario": "incertitudes" if seats > 5 else "premiere-nuit",
                "players": seats,
                "timers": TIMERS,
            },
            "name": "P0",
        }
    ).encode()

    def create() -> dict[str, Any]:
        request = urllib.request.Request(f"{base}/api/rooms", data=body, method="POST")
        with urllib.request.urlopen(request, timeout=30) as r:
            result: dict[str, Any] = json.loads(r.read())
            return result

    created = await loop.run_in_executor(None, create)
    code, token = created["code"], created["token"]
    phones = []
    for seat in range(seats):
        ws = await websockets.connect(
            f"ws://127.0.0.1:{ports[(number + seat) % len(ports)]}/ws",
            compression=None,
            max_size=2**22,
            open_timeout=60,
        )
        hello = (
            {"type": "hello", "v": 1, "room": code, "token": token}
            if seat == 0
            else {"type": "join", "v": 1, "room": code, "name": f"P{seat}"}
        )
        await ws.send(json.dumps(hello))
        while True:
            m = json.loads(await ws.recv())
            if m["type"] == "welcome":
                break
            if m["type"] == "error":
                raise RuntimeError(m)
        phones.append(Phone(ws, seat))
    table = Table(code, phones, stats, pace, rng)
    for phone in phones:
        table.listeners.append(asyncio.create_task(table.listen(phone)))
    return table


@contextmanager
def services(args: argparse.Namespace) -> Iterator[list[str]]:
    """The flags that put the servers on PostgreSQL and Redis (none: SQLite); a database
    of the benchmark's own, dropped at the end."""
    if not args.shared:
        yield []
        return
    import psycopg

    name = f"loupgarou_bench_{uuid.uuid4().hex[:10]}"
    admin = psycopg.connect(args.postgres, autocommit=True)
    admin.execute(f'CREATE DATABASE "{name}"'.encode())
    try:
        url = f"{args.postgres.rpartition('/')[0]}/{name}"
        prefix = f"loupgarou-bench-{uuid.uuid4().hex[:10]}"
        yield ["--database-url", url, "--redis-url", args.redis, "--redis-prefix", prefix]
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'.encode())
        admin.close()


async def run(args: argparse.Namespace) -> int:
    with services(args) as flags:
        return await run_on(args, flags)


async def run_on(args: argparse.Namespace, flags: list[str]) -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 65536)), hard))
    ports = [free_port() for _ in range(args.processes)]
    data = tempfile.mkdtemp(prefix="loupgarou-load-")
    servers = []
    for i, port in enumerate(ports):
        cmd = [
            sys.executable,
            "-m",
            "loupgarou.cli.main",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--data",
            f"{data}/p{i}",
            "--no-qr",
            "--rooms-per-minute",
            "100000",
            *flags,
        ]
        servers.append(subprocess.Popen(cmd, stdout=subprocess.DEVNULL))
    try:
        for port in ports:
            for _ in range(200):
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                        break
                except OSError:
                    await asyncio.sleep(0.1)

        def rss() -> int:
            return sum(rss_kib(server.pid) for server in servers)

        idle = rss()
        stats = Stats()
        rng = random.Random(args.seed)
        tables: list[Table] = []
        t0 = time.perf_counter()
        for first in range(0, args.rooms, 10):  # ten rooms at a time
            numbers = range(first, min(args.rooms, first + 10))
            tables += await asyncio.gather(
                *(open_room(ports, n, args.seats, stats, args.pace, rng) for n in numbers)
            )
        opened = time.perf_counter() - t0
        full = rss()
        stop = time.perf_counter() + args.seconds
        for t in tables:
            await t.phones[0].ws.send(json.dumps({"type": "lobby", "op": "start"}))
        start = time.perf_counter()
        stats.messages = 0
        stats.inputs = 0
        server_cpu = sum(cpu_seconds(server.pid) for server in servers)
        client_cpu = own_cpu_seconds()
        actors = [asyncio.create_task(t.act(p, stop)) for t in tables for p in t.phones]
        await asyncio.sleep(args.seconds)
        elapsed = time.perf_counter() - start
        server_cpu = sum(cpu_seconds(server.pid) for server in servers) - server_cpu
        client_cpu = own_cpu_seconds() - client_cpu
        peak = rss()
        for a in actors:
            a.cancel()
        for t in tables:
            for p in t.phones:
                await p.ws.close()
        for t in tables:
            for task in t.listeners:
                task.cancel()
        for t in tables:
            t.room_latencies()
        own = sorted(stats.own)
        room = sorted(stats.room)

        def pct(values: list[float], q: float) -> str:
            if not values:
                return "n/a"
            return f"{values[min(len(values) - 1, int(q * len(values)))] * 1000:.1f} ms"

        print(
            f"loupgarou serve under load: {args.rooms} rooms of {args.seats} phones, {args.pace} pace, {args.seconds:g} s"
        )
        where = "PostgreSQL and Redis" if flags else "SQLite"
        print(f"  {args.processes} server process(es) on {where}; phones spread over them")
        print(
            f"  machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}; clients in one process beside the server"
        )
        print(
            f"  rooms held: {len(tables)}, connections: {len(tables) * args.seats} (opened in {opened:.1f} s)"
        )
        print(
            f"  inputs: {stats.inputs / elapsed:,.1f}/s; messages sent by the server: {stats.messages / elapsed:,.1f}/s; games finished: {stats.games}"
        )
        print(
            f"  input -> its sender's new state: p50 {pct(own, 0.5)}, p99 {pct(own, 0.99)}, max {pct(own, 1.0)} ({len(own)} inputs)"
        )
        print(
            f"  input -> every device of the room updated: p50 {pct(room, 0.5)}, p99 {pct(room, 0.99)}"
        )
        print(
            f"  server memory (all processes): {idle / 1024:.1f} MiB idle, {full / 1024:.1f} MiB with the rooms, {peak / 1024:.1f} MiB at the end: {(peak - idle) / max(1, len(tables)):.0f} KiB a room"
        )
        per_input = 1000 / max(1, stats.inputs)
        print(
            f"  CPU per input: server {server_cpu * per_input:.2f} ms, clients {client_cpu * per_input:.2f} ms"
            f" (server busy {server_cpu / elapsed:.0%} of one core)"
        )
        print(f"  errors: {stats.errors}; inputs refused as too late: {stats.late}")
        if own:
            print(f"  mean {statistics.fmean(own) * 1000:.1f} ms")
        return 0 if stats.errors == 0 else 1
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                print(f"  (server {server.pid} did not stop in 30 s; killed)")
                server.kill()
                server.wait(10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=100)
    parser.add_argument("--seats", type=int, default=10)
    parser.add_argument("--pace", choices=("human", "full"), default="human")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=1, help="server processes (1-8)")
    parser.add_argument(
        "--shared",
        action="store_true",
        help="PostgreSQL and Redis even for one process (implied by --processes 2 or more)",
    )
    parser.add_argument(
        "--postgres",
        default=os.environ.get(
            "LOUPGAROU_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test"
        ),
        help="where to create the benchmark's database",
    )
    parser.add_argument(
        "--redis", default=os.environ.get("LOUPGAROU_TEST_REDIS", "redis://127.0.0.1:6379/0")
    )
    args = parser.parse_args()
    args.shared = args.shared or args.processes > 1
    if not 1 <= args.processes <= 8:
        parser.error("processes 1-8")
    if not (1 <= args.rooms <= 5000 and 3 <= args.seats <= 10 and 1 <= args.seconds <= 600):
        parser.error("rooms 1-5000, seats 3-10, seconds 1-600")
    return uvloop.run(run(args))


if __name__ == "__main__":
    raise SystemExit(main())

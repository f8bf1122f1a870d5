"""Load on a real ``loupgarou serve``: many rooms of phones playing at once, on loopback.

Starts the server in a subprocess (a temporary data folder, 127.0.0.1 only), creates
``--rooms`` One Night rooms of ``--seats`` seats with a phone (a WebSocket) in every
seat, starts them (each at a random moment of a ``--ramp``, by default about one game at
a human pace, as groups do not all start together), and lets the phones play for
``--seconds`` more, measured: at a human pace (each answer after 2 to 8 seconds, ready
to vote after 5 to 20) or at full speed (each answer at once).  Finished rooms are rematched, so the load holds.  It stops by itself.

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
import gc
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
from typing import Any, cast

import orjson
import uvloop
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.uri import parse_uri


def loads(text: str | bytes) -> Any:
    return orjson.loads(text)


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
    pings: int = 0

    def reset(self) -> None:
        """Forget what was counted so far (the ramp)."""
        fresh = Stats()
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(fresh, name))

    games: int = 0


class Phone(asyncio.Protocol):
    """One phone: a WebSocket over a plain asyncio connection, spoken through the
    websockets library's sans-I/O protocol, and a person who answers what its state asks
    after a pause (a timer, not a task: ten thousand idle phones must cost nothing, or
    the clients would take the CPU the server is measured on)."""

    def __init__(self, table: Table, seat: int, uri: str, hello: dict[str, Any]) -> None:
        self.table = table
        self.seat = seat
        self.hello = hello
        self.ws = ClientProtocol(parse_uri(uri), max_size=2**22)
        self.transport: asyncio.Transport | None = None
        self.welcomed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.state: dict[str, Any] | None = None
        self.sent_at: float | None = None
        self.plan: asyncio.TimerHandle | None = None  # the answer the person is about to give
        self.heard = time.perf_counter()  # when the server last sent anything
        self.pings: asyncio.TimerHandle | None = None

    # --- the wire ---------------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's is not a subclass
        self.ws.send_request(self.ws.connect())
        self.flush()

    def data_received(self, data: bytes) -> None:
        self.ws.receive_data(data)
        for event in self.ws.events_received():
            if isinstance(event, Response):
                if self.ws.handshake_exc is not None:
                    self.fail(self.ws.handshake_exc)
                else:
                    self.send(self.hello)
            elif isinstance(event, Frame) and event.opcode is Opcode.TEXT:
                self.received(loads(bytes(event.data)))
        self.flush()  # pongs, and the close handshake

    def connection_lost(self, exc: Exception | None) -> None:
        self.close()
        self.fail(ConnectionError("the server closed the connection"))

    def flush(self) -> None:
        if self.transport is None or self.transport.is_closing():
            return
        for chunk in self.ws.data_to_send():
            if chunk:
                self.transport.write(chunk)
            else:
                self.transport.close()  # the protocol's end of stream
                return

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send_text(orjson.dumps(message))
        self.flush()

    def fail(self, exc: BaseException) -> None:
        if not self.welcomed.done():
            self.welcomed.set_exception(exc)

    # --- the person -------------------------------------------------------------------------

    def keepalive(self) -> None:
        """What the pages do every 5 s (web/room.js): a ping when the line has been quiet
        for 10 s."""
        if self.table.playing and time.perf_counter() - self.heard > 10:
            self.send({"type": "ping"})
            self.table.stats.pings += 1
        self.pings = asyncio.get_running_loop().call_later(5.0, self.keepalive)

    def received(self, m: dict[str, Any]) -> None:
        table, stats = self.table, self.table.stats
        now = self.heard = time.perf_counter()
        stats.messages += 1
        kind = m["type"]
        if kind == "welcome":
            if not self.welcomed.done():
                self.welcomed.set_result(None)
                loop = asyncio.get_running_loop()
                self.pings = loop.call_later(table.rng.uniform(0, 5), self.keepalive)
        elif kind == "error":
            if not self.welcomed.done():
                self.fail(RuntimeError(m))
            elif m["code"] in RACES:  # the input raced the clock (the call or the day ended)
                stats.late += 1
            else:
                stats.errors += 1
            self.sent_at = None  # refused: no state will answer it
        elif kind == "state":
            self.state = m
            table.arrivals.setdefault(m["seq"], []).append(now)
            if self.sent_at is not None:
                stats.own.append(now - self.sent_at)
                table.sent[m["seq"]] = self.sent_at
                self.sent_at = None
            self.think()

    def cancel(self) -> None:
        if self.plan is not None:
            self.plan.cancel()
            self.plan = None

    def close(self) -> None:
        self.cancel()
        if self.pings is not None:
            self.pings.cancel()
        if self.transport is not None and not self.transport.is_closing():
            self.ws.send_close()
            self.flush()
            self.transport.close()

    def think(self) -> None:
        """A new state: forget what was about to be done, and plan what it asks."""
        self.cancel()
        table, state = self.table, self.state
        if not table.playing or state is None:
            return
        game = state["game"]
        later = asyncio.get_running_loop().call_later
        if state["room"]["status"] == "over":
            if self.seat == 0:
                self.plan = later(table.delay(1, 3), self.rematch)
        elif game and game.get("task"):
            task = game["task"]
            action = table.rng.choice(task["options"])
            self.plan = later(
                table.delay(2, 8),
                self.answer,
                {"type": "act", "task": task["id"], "action": action},
            )
        elif game and game["stage"] == "discussion" and self.seat not in game["ready"]:
            self.plan = later(table.delay(5, 20), self.answer, {"type": "ready"})

    def answer(self, message: dict[str, Any]) -> None:
        self.plan = None
        if not self.table.playing:
            return
        self.sent_at = time.perf_counter()
        self.table.stats.inputs += 1
        self.send(message)

    def rematch(self) -> None:
        self.plan = None
        if not self.table.playing:
            return
        self.table.stats.games += 1
        self.send({"type": "lobby", "op": "rematch"})
        self.send({"type": "lobby", "op": "start"})


class Table:
    """One room and its phones."""

    def __init__(self, code: str, stats: Stats, pace: str, rng: random.Random) -> None:
        self.code = code
        self.phones: list[Phone] = []
        self.stats = stats
        self.pace = pace
        self.rng = rng
        self.playing = False
        self.sent: dict[int, float] = {}  # an input's log position -> when it was sent
        self.arrivals: dict[int, list[float]] = {}  # a log position -> when states of it came

    def delay(self, low: float, high: float) -> float:
        return 0.0 if self.pace == "full" else self.rng.uniform(low, high)

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
    table = Table(code, stats, pace, rng)
    for seat in range(seats):
        port = ports[(number + seat) % len(ports)]
        hello = (
            {"type": "hello", "v": 1, "room": code, "token": token}
            if seat == 0
            else {"type": "join", "v": 1, "room": code, "name": f"P{seat}"}
        )
        phone = Phone(table, seat, f"ws://127.0.0.1:{port}/ws", hello)
        await loop.create_connection(lambda: phone, "127.0.0.1", port)  # noqa: B023 - awaited here
        await asyncio.wait_for(phone.welcomed, 60)
        table.phones.append(phone)
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
        # Groups do not all start at the same instant: each room starts at a random moment
        # of the ramp, so that the rooms' calls, votes and game ends (each with its verdict
        # to tell) do not all fall together; what is measured is what follows the ramp.
        loop = asyncio.get_running_loop()
        for t in tables:
            t.playing = True
            loop.call_later(
                rng.uniform(0, args.ramp), t.phones[0].send, {"type": "lobby", "op": "start"}
            )
        await asyncio.sleep(args.ramp)
        stats.reset()
        for t in tables:
            t.sent.clear()
            t.arrivals.clear()
        start = time.perf_counter()
        server_cpu = sum(cpu_seconds(server.pid) for server in servers)
        client_cpu = own_cpu_seconds()
        await asyncio.sleep(args.seconds)
        elapsed = time.perf_counter() - start
        server_cpu = sum(cpu_seconds(server.pid) for server in servers) - server_cpu
        client_cpu = own_cpu_seconds() - client_cpu
        peak = rss()
        for t in tables:
            t.playing = False
            for p in t.phones:
                p.close()
        for t in tables:
            t.room_latencies()
        own = sorted(stats.own)
        room = sorted(stats.room)

        def pct(values: list[float], q: float) -> str:
            if not values:
                return "n/a"
            return f"{values[min(len(values) - 1, int(q * len(values)))] * 1000:.1f} ms"

        print(
            f"loupgarou serve under load: {args.rooms} rooms of {args.seats} phones, {args.pace} pace,"
            f" {args.seconds:g} s measured after a ramp of {args.ramp:g} s"
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
            f"  inputs: {stats.inputs / elapsed:,.1f}/s; messages sent by the server: {stats.messages / elapsed:,.1f}/s; pings: {stats.pings / elapsed:,.1f}/s; games finished: {stats.games}"
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
    parser.add_argument("--seconds", type=float, default=30.0, help="measured, after the ramp")
    parser.add_argument(
        "--ramp",
        type=float,
        default=None,
        help="seconds over which the rooms start, before measuring (default: 120 at a human"
        " pace, about one game; 5 at full speed)",
    )
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
    if args.ramp is None:
        args.ramp = 120.0 if args.pace == "human" else 5.0
    if not 1 <= args.processes <= 8:
        parser.error("processes 1-8")
    if not (1 <= args.rooms <= 5000 and 3 <= args.seats <= 10 and 1 <= args.seconds <= 600):
        parser.error("rooms 1-5000, seats 3-10, seconds 1-600")
    if not 0 <= args.ramp <= 600:
        parser.error("ramp 0-600")
    # The clients stand for ten thousand separate phones: their own process's garbage
    # collector pausing them all at once would be counted as the server's latency.
    gc.disable()
    return uvloop.run(run(args))


if __name__ == "__main__":
    raise SystemExit(main())

"""Three server processes on loopback sharing PostgreSQL and Redis, as behind a load
balancer: each room's devices spread over the processes; the owner of busy rooms killed
with SIGKILL in the middle of the night; Redis killed and started again; every
connection to PostgreSQL cut.  After each, every game ends with a record equal to the
record its log rebuilds, no task was answered twice, and no device was left without its
state for longer than the lease.

Each test has a PostgreSQL database of its own (dropped afterwards) and a Redis key
prefix of its own, or a redis-server of its own when it restarts Redis.  Without
PostgreSQL or Redis these tests are skipped, saying which and why; with
``LOUPGAROU_REQUIRE_SERVICES=1`` they fail instead.
"""

from __future__ import annotations

import json
import random
import time
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from loupgarou.session.room import Room
from tests.server.services import (
    OwnRedis,
    postgres_database,
    redis_prefix,
    terminate_connections,
)
from tests.server.serving import Device, Server, play_turn

LEASE = 3.0
"""The lease of the processes under test: a room whose owner died waits at most this
long (plus a sweep, a third of it) before another process takes it over."""
FAST = {"call": 1, "discussion": 1, "vote": 2}
RACES = {"task.stale", "task.none", "ready.not_now", "room.not_playing"}
"""Refusals a device may meet in a race (its answer came after the deadline)."""
FORGIVEN = RACES | {"server.unavailable", "server.moved"}
"""... and while a room changes hands or Redis is away (then it answers again)."""


class Cluster:
    """``loupgarou serve`` three times on one database and one Redis."""

    def __init__(self, folder: Path, database: str, redis: str, prefix: str, n: int = 3) -> None:
        self.database = database
        self.servers: list[Server] = []
        for i in range(n):
            args = ["--database-url", database, "--redis-url", redis]
            args += ["--redis-prefix", prefix, "--lease-seconds", str(LEASE)]
            server = Server(folder / f"p{i}", args=args)
            server.log = folder / f"p{i}.log"
            self.servers.append(server)

    def start(self) -> Cluster:
        for s in self.servers:
            s.start()
        return self

    def stop(self) -> None:
        for s in self.servers:
            s.stop()

    def alive(self) -> list[Server]:
        return [s for s in self.servers if s.proc is not None and s.proc.poll() is None]


@pytest.fixture
def database() -> Iterator[str]:
    with postgres_database() as url:
        yield url


@dataclass
class Table:
    """One room: its code, the host's token, its people's devices (bots in the rest)."""

    code: str
    host_token: str
    devices: list[Device]
    tokens: list[str] = field(default_factory=list)
    silence: float = 0.0  # the longest any device of it waited for its state after a fault


def open_table(
    cluster: Cluster, settings: dict[str, Any], people: int, owner: int, shift: int
) -> Table:
    """A room created on process ``owner`` (so it owns it), its people's devices on the
    processes in turn, bots in the other seats, started."""
    servers = cluster.servers
    code, host_token = servers[owner].create({**settings, "timers": FAST}, "Ann")
    host = servers[(owner + shift) % len(servers)].device()
    assert host.hello(code, host_token)["type"] == "welcome"
    devices = [host]
    for i in range(1, people):
        d = servers[(owner + shift + i) % len(servers)].device()
        welcome = d.join(code, f"P{i}")
        assert welcome["type"] == "welcome" and welcome["seat"] == i, welcome
        devices.append(d)
    for seat in range(people, int(settings["players"])):
        host.send({"type": "lobby", "op": "bot", "seat": seat, "level": "random"})
    host.until(lambda m: m["type"] == "state" and not m["room"]["problems"])
    tokens = [d.token for d in devices]
    assert all(t is not None for t in tokens)
    return Table(code, host_token, devices, [str(t) for t in tokens])


TABLES: list[tuple[dict[str, Any], int]] = [
    ({"family": "one-night", "scenario": "premiere-nuit", "players": 5}, 3),
    ({"family": "thiercelieux", "players": 8}, 3),
    ({"family": "lupus", "players": 8}, 3),
    ({"family": "one-night", "scenario": "incertitudes", "players": 6}, 4),
]


def open_tables(cluster: Cluster, owner: int | None = None) -> list[Table]:
    """The rooms of :data:`TABLES`, all started at once (so that their nights overlap)."""
    n = len(cluster.servers)
    tables = [
        open_table(cluster, settings, people, i % n if owner is None else owner, shift=i + 1)
        for i, (settings, people) in enumerate(TABLES)
    ]
    for table in tables:
        start(table)
    return tables


def start(table: Table) -> None:
    table.devices[0].send({"type": "lobby", "op": "start"})
    for d in table.devices:
        d.until(lambda m: m["type"] == "state" and m["room"]["status"] == "playing")


def step(tables: list[Table], rng: random.Random, on_closed: Callable[[Table, int], None]) -> None:
    """Every device reads what came and answers its task now and then."""
    for table in tables:
        for i, d in enumerate(list(table.devices)):
            try:
                d.drain(0.005)
                # as a phone does: answer a state once (not again until the next state)
                fresh = d.state is not None and ANSWERED.get(d) is not d.state
                if fresh and rng.random() < 0.6 and play_turn(d, rng):
                    ANSWERED[d] = d.state
            except (ConnectionClosed, OSError):
                on_closed(table, i)


ANSWERED: weakref.WeakKeyDictionary[Device, object] = weakref.WeakKeyDictionary()


def over(tables: list[Table]) -> bool:
    return all(
        d.state is not None and d.state["room"]["status"] == "over"
        for t in tables
        for d in t.devices
    )


def reconnect(
    cluster: Cluster, table: Table, i: int, rng: random.Random, limit: float = LEASE
) -> None:
    """Device ``i`` of ``table`` lost its process: connect it to another one (as a load
    balancer would) and require its state within ``limit`` seconds."""
    lost = table.devices[i]
    start = time.monotonic()
    with_state = None
    while with_state is None:
        server = rng.choice(cluster.alive())
        d = server.device()
        if d.hello(table.code, table.tokens[i])["type"] == "welcome":
            d.until(lambda m: m["type"] == "state", timeout=limit)
            with_state = d
    waited = time.monotonic() - start
    table.silence = max(table.silence, waited)
    assert waited < limit, f"a device of {table.code} waited {waited:.1f} s for its state"
    with_state.errors, with_state.received = lost.errors, lost.received
    table.devices[i] = with_state


def play_to_the_end(
    cluster: Cluster,
    tables: list[Table],
    rng: random.Random,
    *,
    limit: float,
    fault: Callable[[], None] | None = None,
    at: float = 0.0,
) -> None:
    """Play every table until all are over; ``fault()`` once, ``at`` seconds in."""
    end = time.monotonic() + limit
    fault_at = time.monotonic() + at

    def closed(table: Table, i: int) -> None:
        reconnect(cluster, table, i, rng)

    while not over(tables):
        assert time.monotonic() < end, "the games did not end in time"
        if fault is not None and time.monotonic() >= fault_at:
            fault()
            fault = None
        step(tables, rng, closed)


def check_records(cluster: Cluster, tables: list[Table], forgiven: set[str] = FORGIVEN) -> None:
    """Each game's record, served by any process, is the record its log rebuilds; no
    task was answered twice; every device saw the last state."""
    from loupgarou.server.postgres import PostgresStorage

    storage = PostgresStorage(cluster.database)
    bots = 0  # the bots' answers stored, over every table
    try:
        for table in tables:
            server = cluster.alive()[len(table.code) % len(cluster.alive())]
            status, record = server.get(f"/api/rooms/{table.code}/record?token={table.host_token}")
            assert status == 200, record
            entries = storage.log(table.code)
            answered = [(e["by"], e["task"]) for e in entries if e["t"] == "act"]
            assert len(answered) == len(set(answered)), "a task was answered twice"
            # One table's bots may have had their every answer refused by a store cut off
            # mid-game, the deadline answering for them (a 2 s vote, retries after 1 and
            # 2 s: seen once in CI at One Night with two bots); not every table's.
            bots += sum(1 for e in entries if e["t"] == "bot")
            requests = [e["rid"] for e in entries if "rid" in e]
            assert len(requests) == len(set(requests)), "an input was applied twice"
            room = Room(table.code)
            for entry in entries:
                room.apply(entry)
            assert room.records[-1] == record, f"room {table.code}: the log rebuilds another game"
            for d in table.devices:
                d.drain(0.2)
                assert d.state is not None and d.state["room"]["status"] == "over"
                assert d.state["seq"] <= len(entries)
                bad = [e for e in d.errors if e["code"] not in forgiven]
                assert not bad, bad
        assert bots > 0, "the owners' bots never answered"
    finally:
        storage.close()


def assert_night_sizes_equal(table: Table) -> None:
    """Every seat's message of a night call has one size, whichever process sent it."""
    sizes: dict[tuple[int, int, int], set[int]] = {}
    for d in table.devices:
        for text in d.received:
            m = json.loads(text)
            if m["type"] == "state" and m["game"] is not None and m["game"]["stage"] == "call":
                g = m["game"]
                key = (g["number"], g["night"], g["call"]["index"])
                sizes.setdefault(key, set()).add(len(text.encode()))
    assert sizes, "no night message was seen"
    for key, seen in sizes.items():
        assert len(seen) == 1, (table.code, key, seen)


def test_devices_spread_over_three_processes_play_whole_games(
    tmp_path: Path, database: str
) -> None:
    with redis_prefix() as (redis, prefix):
        cluster = Cluster(tmp_path, database, redis, prefix).start()
        try:
            tables = open_tables(cluster)
            for table in tables:  # every room has devices on every process
                assert {d.server.port for d in table.devices} == {s.port for s in cluster.servers}
            play_to_the_end(cluster, tables, random.Random(1), limit=90)
            check_records(cluster, tables, forgiven=RACES)  # no fault: every input went through
            for table in tables:
                assert_night_sizes_equal(table)
            # a device's view is the same whichever process serves it
            table = tables[0]
            views = []
            for server in cluster.servers:
                d = server.device()
                assert d.hello(table.code, table.tokens[1])["type"] == "welcome"
                state = d.until(lambda m: m["type"] == "state")
                views.append({k: v for k, v in state.items() if k != "now"})
                d.close()
            assert views[0] == views[1] == views[2]
        finally:
            cluster.stop()


def test_the_owner_of_busy_rooms_killed_mid_night(tmp_path: Path, database: str) -> None:
    rng = random.Random(2)
    with redis_prefix() as (redis, prefix):
        cluster = Cluster(tmp_path, database, redis, prefix).start()
        try:
            tables = open_tables(cluster, owner=0)  # process 0 owns every room
            owner = cluster.servers[0]
            stuck: dict[str, int] = {}

            def kill_the_owner() -> None:
                phases = []
                for table in tables:
                    table.devices[0].drain(0.01)
                    state = table.devices[0].state
                    assert state is not None
                    phases.append(state["game"]["phase"])
                    stuck[table.code] = int(state["seq"])
                print("phases when the owner is killed:", phases)
                assert phases.count("night") >= 2, phases
                owner.kill()  # SIGKILL in the middle of the night

            play_to_the_end(cluster, tables, rng, limit=120, fault=kill_the_owner, at=0.3)
            assert stuck, "the owner was never killed"
            check_records(cluster, tables)
            for table in tables:
                assert table.silence < LEASE
                assert all(d.server is not owner for d in table.devices)
        finally:
            cluster.stop()


def test_the_owner_killed_rooms_move_on_within_the_lease(tmp_path: Path, database: str) -> None:
    """After SIGKILL, the rooms' deadlines fall again within a lease and a sweep."""
    with redis_prefix() as (redis, prefix):
        cluster = Cluster(tmp_path, database, redis, prefix).start()
        try:
            table = open_table(cluster, dict(TABLES[0][0]), 2, owner=0, shift=1)
            start(table)
            watcher = next(d for d in table.devices if d.server is not cluster.servers[0])
            watcher.drain(0.1)
            assert watcher.state is not None
            before = watcher.state["seq"]
            cluster.servers[0].kill()
            killed = time.monotonic()
            watcher.until(lambda m: m["type"] == "state" and m["seq"] > before, timeout=3 * LEASE)
            moved_on = time.monotonic() - killed
            # the call's deadline (1 s) fell while nobody owned the room: the new owner
            # applies it as soon as it holds the lease
            assert moved_on < LEASE + LEASE / 3 + 1.5, f"the room waited {moved_on:.1f} s"
        finally:
            cluster.stop()


def test_postgres_connections_cut_mid_game(tmp_path: Path, database: str) -> None:
    rng = random.Random(3)
    with redis_prefix() as (redis, prefix):
        cluster = Cluster(tmp_path, database, redis, prefix).start()
        try:
            tables = open_tables(cluster)
            cuts: list[int] = []
            end = time.monotonic() + 120
            next_cut = time.monotonic() + 0.2

            def closed(table: Table, i: int) -> None:
                reconnect(cluster, table, i, rng)

            while not over(tables):
                assert time.monotonic() < end, "the games did not end in time"
                if len(cuts) < 4 and time.monotonic() >= next_cut:
                    cuts.append(terminate_connections(database))
                    next_cut = time.monotonic() + 0.5
                step(tables, rng, closed)
            assert len(cuts) >= 2 and all(n >= 3 for n in cuts[:1]), cuts
            check_records(cluster, tables)
        finally:
            cluster.stop()


def test_redis_killed_and_restarted_mid_game(tmp_path: Path, database: str) -> None:
    rng = random.Random(4)
    redis = OwnRedis(tmp_path / "redis").start()
    try:
        cluster = Cluster(tmp_path, database, redis.url, "loupgarou-test").start()
        try:
            tables = open_tables(cluster)
            outage: dict[str, float] = {}

            def restart_redis() -> None:
                states = [t.devices[0].state for t in tables]
                playing = [s for s in states if s and s["room"]["status"] == "playing"]
                assert len(playing) >= 2, "the games ended before Redis was restarted"
                redis.kill()
                outage["start"] = time.monotonic()
                # Redis away for a second: the owners go on from PostgreSQL, the others
                # follow the log every third of a lease
                until = time.monotonic() + 1.0
                while time.monotonic() < until:
                    step(tables, rng, lambda t, i: reconnect(cluster, t, i, rng))
                redis.start()
                outage["end"] = time.monotonic()

            play_to_the_end(cluster, tables, rng, limit=120, fault=restart_redis, at=0.5)
            assert outage
            check_records(cluster, tables)
            # the processes are back on Redis: a device on a process that does not own
            # its room acts, and the owner answers through Redis
            table = tables[0]
            host = cluster.servers[1].device()
            host.hello(table.code, table.host_token)
            host.until(lambda m: m["type"] == "state")
            host.send({"type": "lobby", "op": "rematch"})
            host.until(lambda m: m["type"] == "state" and m["room"]["status"] == "lobby")
        finally:
            cluster.stop()
    finally:
        redis.stop()


def test_redis_without_a_database_is_refused(tmp_path: Path) -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [
            *(sys.executable, "-m", "loupgarou.cli.main", "serve", "--no-qr"),
            *("--redis-url", "redis://127.0.0.1:1/0", "--data", str(tmp_path)),
        ],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert done.returncode != 0
    assert "serve.config" in done.stderr + done.stdout


def test_one_process_on_postgres_alone_plays_and_resumes(tmp_path: Path, database: str) -> None:
    """``--database-url`` without Redis: one process on PostgreSQL, which a restart after
    SIGKILL resumes from its logs like the SQLite one."""
    from tests.server.test_games import play_out, seat_players

    server = Server(tmp_path / "p", args=["--database-url", database])
    server.log = tmp_path / "p.log"
    server.start()
    try:
        settings = {"family": "one-night", "scenario": "premiere-nuit", "players": 5}
        code, host_token, devices = seat_players(server, settings, 3)
        devices[0].send({"type": "lobby", "op": "start"})
        play_out(devices, seed=5)
        status, record = server.get(f"/api/rooms/{code}/record?token={host_token}")
        assert status == 200
        server.kill()
        server.start()
        assert server.get(f"/api/rooms/{code}/record?token={host_token}") == (200, record)
    finally:
        server.stop()


def test_guessing_room_codes_across_the_processes_is_stopped(tmp_path: Path, database: str) -> None:
    """Ten wrong codes a minute for one address in all, not ten per process."""
    with redis_prefix() as (redis, prefix):
        cluster = Cluster(tmp_path, database, redis, prefix).start()
        try:
            time.sleep(LEASE / 3)  # every process has subscribed: Redis is up for each
            codes = []
            for i in range(15):
                d = cluster.servers[i % 3].device()
                d.send({"type": "join", "v": 1, "room": f"ZZZZ{i % 10}", "name": "Mallory"})
                codes.append(d.until(lambda m: m["type"] == "error")["code"])
                d.close()
            assert codes == ["room.not_found"] * 10 + ["room.too_many_attempts"] * 5
        finally:
            cluster.stop()


def test_a_player_takes_over_from_a_host_away_on_another_process(
    tmp_path: Path, database: str
) -> None:
    """Who is connected is the union of every process's devices: the host's phone on one
    process going away is shown, in the game, to a player on another, whose process then
    lets them take over as host (and refuses it while the host is back)."""
    from tests.server.test_host_away import LOBBY, SLOW, host_away_back_away, take_over

    with redis_prefix() as (redis, prefix):
        cluster = Cluster(tmp_path, database, redis, prefix, n=2).start()
        try:
            owner, other = cluster.servers
            code, ann_token = owner.create({**LOBBY, "timers": SLOW}, "Ann")
            ann = other.device()
            ann.hello(code, ann_token)
            bob = owner.device()
            bob.join(code, "Bob")
            cy = other.device()
            cy.join(code, "Cy")
            for seat in (3, 4):
                ann.send({"type": "lobby", "op": "bot", "seat": seat, "level": "random"})
            ann.until(lambda m: m["type"] == "state" and not m["room"]["problems"])
            ann.send({"type": "lobby", "op": "start"})
            bob.until(lambda m: m["type"] == "state" and m["room"]["status"] == "playing")

            # back on the owner's process this time, then away again
            host_away_back_away(ann, owner.device, code, ann_token, [bob, cy])
            take_over(cy)
            state = bob.until(lambda m: m["type"] == "state" and m["room"]["host"] == 2)
            assert state["you"]["role"] == "player"
            for d in (bob, cy):
                d.close()
        finally:
            cluster.stop()

"""PostgreSQL and Redis for the tests: a database of the test's own, dropped after it, a
key prefix of its own on the machine's Redis, or a Redis server of its own.

Where a service cannot be reached, its tests are skipped and the skip says which and
why; with ``LOUPGAROU_REQUIRE_SERVICES=1`` (as ``.ci/run`` sets) they fail instead.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

import pytest

from tests.server.serving import free_port

REQUIRED = os.environ.get("LOUPGAROU_REQUIRE_SERVICES") == "1"
POSTGRES_ADMIN = os.environ.get(
    "LOUPGAROU_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test"
)
"""Where tests create their databases (they connect to this one only to do so)."""
REDIS_URL = os.environ.get("LOUPGAROU_TEST_REDIS", "redis://127.0.0.1:6379/0")


def unavailable(service: str, why: str) -> NoReturn:
    if REQUIRED:
        pytest.fail(f"{service} is required (LOUPGAROU_REQUIRE_SERVICES=1) but {why}")
    pytest.skip(f"{service} tests skipped: {why} (set LOUPGAROU_REQUIRE_SERVICES=1 to fail)")


def _with_database(url: str, name: str) -> str:
    base, _, _ = url.rpartition("/")
    return f"{base}/{name}"


@contextmanager
def postgres_database() -> Iterator[str]:
    """A new empty database; its URL.  Dropped afterwards, whatever happened."""
    try:
        import psycopg
    except ImportError:
        unavailable("PostgreSQL", "psycopg is not installed (pip install -e '.[scale]')")
    try:
        admin = psycopg.connect(POSTGRES_ADMIN, autocommit=True, connect_timeout=3)
    except psycopg.Error as exc:
        unavailable("PostgreSQL", f"cannot connect to {POSTGRES_ADMIN}: {exc}".strip())
    name = f"loupgarou_test_{uuid.uuid4().hex[:12]}"
    try:
        admin.execute(f'CREATE DATABASE "{name}"'.encode())
        yield _with_database(POSTGRES_ADMIN, name)
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'.encode())
        admin.close()


def terminate_connections(url: str) -> int:
    """Cut every connection to the database of ``url`` (but this one); how many."""
    import psycopg

    name = url.rpartition("/")[2]
    with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = %s AND pid <> pg_backend_pid()",
            (name,),
        ).fetchall()
    return len(rows)


@contextmanager
def redis_prefix(url: str = REDIS_URL) -> Iterator[tuple[str, str]]:
    """The machine's Redis and a key prefix of this test's own: (url, prefix).  Keys under
    the prefix are deleted afterwards (the server keeps none; this is a safeguard)."""
    try:
        import redis
    except ImportError:
        unavailable("Redis", "redis-py is not installed (pip install -e '.[scale]')")
    client = redis.Redis.from_url(url, socket_connect_timeout=3)
    try:
        client.ping()
    except redis.RedisError as exc:
        unavailable("Redis", f"cannot reach {url}: {exc}")
    prefix = f"loupgarou-test-{uuid.uuid4().hex[:12]}"
    try:
        yield url, prefix
    finally:
        for key in client.scan_iter(match=f"{prefix}:*"):
            client.delete(key)
        client.close()


class OwnRedis:
    """A redis-server of the test's own on a free loopback port, to stop and restart
    without disturbing anyone else's."""

    def __init__(self, folder: Path) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            unavailable("Redis", "redis-server is not on PATH (apt-get install redis-server)")
        self.binary = binary
        self.folder = folder
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> OwnRedis:
        import redis

        self.folder.mkdir(parents=True, exist_ok=True)
        self.proc = subprocess.Popen(
            [
                self.binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.folder),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        end = time.monotonic() + 10
        client = redis.Redis(port=self.port, socket_connect_timeout=1)
        while time.monotonic() < end:
            try:
                client.ping()
                client.close()
                return self
            except redis.RedisError:
                time.sleep(0.05)
        raise RuntimeError("our redis-server did not start")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

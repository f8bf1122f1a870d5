"""One storage suite for both stores: SQLite in a temporary folder and PostgreSQL in a
database of the test's own (skipped, saying why, where PostgreSQL cannot be reached)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from loupgarou.server.storage import SqliteStorage, Storage, StorageError
from tests.server.services import postgres_database, terminate_connections


@pytest.fixture(params=["sqlite", "postgres"])
def storage(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Storage]:
    if request.param == "sqlite":
        s: Storage = SqliteStorage(tmp_path / "rooms.sqlite3")
        try:
            yield s
        finally:
            s.close()
        return
    from loupgarou.server.postgres import PostgresStorage

    with postgres_database() as url:
        p = PostgresStorage(url)
        try:
            yield p
        finally:
            p.close()


@pytest.fixture
def pg_url() -> Iterator[str]:
    with postgres_database() as url:
        yield url


def entry(t: str, now: float, **more: Any) -> dict[str, Any]:
    return {"t": t, "now": now, **more}


def test_a_room_is_its_log_in_order(storage: Storage) -> None:
    storage.create("ABCDE", entry("create", 1.0, settings={"players": 5}))
    for seq in range(1, 6):
        storage.append("ABCDE", seq, entry("say", 1.0 + seq, text=f"n{seq}"))
    log = storage.log("ABCDE")
    assert [e["t"] for e in log] == ["create", "say", "say", "say", "say", "say"]
    assert [e.get("text") for e in log[1:]] == ["n1", "n2", "n3", "n4", "n5"]
    assert log[0]["settings"] == {"players": 5}
    assert storage.log("ZZZZZ") == []
    assert list(storage.rooms()) == ["ABCDE"]


def test_a_code_is_taken_once(storage: Storage) -> None:
    storage.create("ABCDE", entry("create", 1.0))
    with pytest.raises(StorageError):
        storage.create("ABCDE", entry("create", 2.0))
    assert len(storage.log("ABCDE")) == 1


def test_an_input_is_stored_once_at_its_place(storage: Storage) -> None:
    storage.create("ABCDE", entry("create", 1.0))
    storage.append("ABCDE", 1, entry("say", 2.0, text="first"))
    with pytest.raises(StorageError):
        storage.append("ABCDE", 1, entry("say", 3.0, text="second"))
    assert [e.get("text") for e in storage.log("ABCDE")] == [None, "first"]


def test_idle_rooms_expire_and_others_stay(storage: Storage) -> None:
    storage.create("OLDAA", entry("create", 10.0))
    storage.create("NEWAA", entry("create", 10.0))
    storage.append("NEWAA", 1, entry("say", 500.0))
    assert storage.expire(100.0) == ["OLDAA"]
    assert storage.log("OLDAA") == []
    assert len(storage.log("NEWAA")) == 2
    assert list(storage.rooms()) == ["NEWAA"]


def test_unicode_and_floats_come_back_the_same(storage: Storage) -> None:
    e = entry("say", 1732612345.123456, text="Loup-garou « ça » 🐺", claim=None)
    storage.create("ABCDE", entry("create", 0.1))
    storage.append("ABCDE", 1, e)
    assert storage.log("ABCDE")[1] == e


# --- PostgreSQL alone: migrations, leases, cut connections -----------------------------------


def test_migrations_are_versioned_and_applied_once(pg_url: str) -> None:
    import psycopg

    from loupgarou.server.postgres import MIGRATIONS, SCHEMA_VERSION, PostgresStorage, migrate

    PostgresStorage(pg_url).close()
    with psycopg.connect(pg_url, autocommit=True) as conn:
        rows = conn.execute("SELECT version FROM schema_migrations ORDER BY version").fetchall()
        assert [r[0] for r in rows] == [v for v, _, _ in MIGRATIONS]
        assert migrate(conn) == []  # nothing left to apply
        conn.execute(
            "INSERT INTO schema_migrations (version, name) VALUES (%s, 'future')",
            (SCHEMA_VERSION + 1,),
        )
    with pytest.raises(StorageError, match="schema version"):
        PostgresStorage(pg_url)


def test_processes_starting_together_migrate_once(pg_url: str) -> None:
    from loupgarou.server.postgres import PostgresStorage

    errors: list[BaseException] = []

    def start() -> None:
        try:
            PostgresStorage(pg_url).close()
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=start) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_only_the_lease_holder_appends(pg_url: str) -> None:
    from loupgarou.server.postgres import LeaseLost, PostgresStorage

    a = PostgresStorage(pg_url, owner="a", lease_seconds=0.5)
    b = PostgresStorage(pg_url, owner="b", lease_seconds=30)
    try:
        a.create("ABCDE", entry("create", 1.0))  # a creates it, so a owns it
        assert a.owner_of("ABCDE") == "a"
        assert not b.acquire("ABCDE")  # held: b cannot take it
        with pytest.raises(LeaseLost):
            b.append("ABCDE", 1, entry("say", 2.0))
        a.append("ABCDE", 1, entry("say", 2.0, text="a"))
        import time

        time.sleep(0.6)  # a stalls past its lease
        assert b.claim_orphans(10) == ["ABCDE"]
        assert b.owner_of("ABCDE") == "b"
        with pytest.raises(LeaseLost):  # a wakes up and tries to write: fenced off
            a.append("ABCDE", 2, entry("say", 3.0, text="a-late"))
        assert a.renew(["ABCDE"]) == set()
        b.append("ABCDE", 2, entry("say", 3.0, text="b"))
        assert [e.get("text") for e in a.log("ABCDE")] == [None, "a", "b"]
        assert b.lengths(["ABCDE", "NOPE1"]) == {"ABCDE": 3}
        b.release(["ABCDE"])
        assert a.acquire("ABCDE")
        assert not b.acquire("NOPE1")  # no such room
    finally:
        a.close()
        b.close()


def test_a_cut_connection_is_opened_again_and_a_retried_append_counts_once(pg_url: str) -> None:
    from loupgarou.server.postgres import PostgresStorage

    s = PostgresStorage(pg_url, owner="me")
    try:
        s.create("ABCDE", entry("create", 1.0))
        assert terminate_connections(pg_url) >= 1
        s.append("ABCDE", 1, entry("say", 2.0, text="after the cut"))
        # the same input again at the same place (a retry after a lost acknowledgement)
        s.append("ABCDE", 1, entry("say", 2.0, text="after the cut"))
        with pytest.raises(StorageError):
            s.append("ABCDE", 1, entry("say", 2.0, text="something else"))
        terminate_connections(pg_url)
        assert [e.get("text") for e in s.log("ABCDE")] == [None, "after the cut"]
    finally:
        s.close()


def test_appends_wait_together_and_a_refused_one_leaves_no_gap(pg_url: str) -> None:
    import asyncio

    from loupgarou.server.postgres import AsyncAppender, LeaseLost, PostgresStorage

    # leases long enough that a slow machine (a loaded CI) cannot let one run out mid-test
    me = PostgresStorage(pg_url, owner="me", lease_seconds=600)
    other = PostgresStorage(pg_url, owner="other", lease_seconds=600)
    try:
        me.create("MINEA", entry("create", 1.0))
        other.create("THEIR", entry("create", 1.0))  # not ours: our writes are fenced off

        async def run() -> list[object]:
            appender = AsyncAppender(pg_url, "me")
            try:
                jobs = [
                    appender.append("MINEA", 1, entry("say", 2.0, text="a1")),
                    appender.append("THEIR", 1, entry("say", 2.0, text="t1")),
                    appender.append("MINEA", 2, entry("say", 2.0, text="a2")),
                    appender.append("THEIR", 2, entry("say", 2.0, text="t2")),
                ]
                results: list[object] = list(await asyncio.gather(*jobs, return_exceptions=True))
                assert appender.failed == {"THEIR"}
                # later inputs of a room with a failed write are refused without writing
                with pytest.raises(StorageError):
                    await appender.append("THEIR", 3, entry("say", 2.0, text="t3"))
                appender.failed.discard("THEIR")
                await appender.append("MINEA", 3, entry("say", 2.0, text="a3"))  # alone
                return results
            finally:
                await appender.close()

        results = asyncio.run(run())
        assert results[0] is None and results[2] is None
        assert isinstance(results[1], LeaseLost) and isinstance(results[3], StorageError)
        assert [e.get("text") for e in me.log("MINEA")] == [None, "a1", "a2", "a3"]
        assert [e.get("text") for e in me.log("THEIR")] == [None]
    finally:
        me.close()
        other.close()

"""How long the bots of small rooms wait while a large room's bots think, in one server.

A hub in this process (its SQLite storage in memory, its real asyncio loop and its bots'
threads, no network) holds one large room (by default ten seats of *Revenants*, a person
at seat 0 and nine sensible bots) and a few small ones (five seats of *Première nuit*,
a person and four sensible bots).  Nobody plays the person's seat: its tasks pass at their
deadlines, which run on the real clock, short, so that games follow one another.  A room
whose game ends starts another (a rematch), for ``--seconds``.

It prints, for the bots' requests of the small rooms: how many, and the time from the
moment the room asked (a request appears when an input opens it) to the moment the
answer was applied, as p50, p90, p99 and max; the same for the large room; and how many
requests a deadline passed before their answer came.  With the bots' threads of
``loupgarou.server.hub`` (``BOT_THREADS``; ``--threads`` sets another count), each room has
one request thinking at a time, and the rooms take turns.

    python bench/server_bots.py                       # 30 s, three small rooms
    python bench/server_bots.py --threads 1 --seconds 60
    python bench/server_bots.py --large revenants:10 --small premiere-nuit:5 --rooms 5
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import json
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from loupgarou.server import hub as hub_module
from loupgarou.server.hub import Hub, LiveRoom, token_hash
from loupgarou.server.storage import SqliteStorage
from measure import describe_run

TIMERS = {"call": 1, "discussion": 4, "vote": 6}
"""Seconds: short, so that games follow one another (the bots answer well within them)."""


@dataclass
class Waits:
    """When each request of a room was first seen open, and how long answered ones took."""

    opened: dict[tuple[str, int, str], float] = field(default_factory=dict)
    took: list[float] = field(default_factory=list)
    passed: int = 0


class TimedHub(Hub):
    """The hub, noting when each bot request opens (each time the hub looks for bots'
    work, after every input) and when its answer comes back."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.waits: dict[str, Waits] = {}

    def _bots(self, live: LiveRoom) -> None:
        waits = self.waits.get(live.room.code)
        if waits is not None and self.loop is not None:
            now = time.perf_counter()
            for r in live.room.bot_requests():
                waits.opened.setdefault((live.room.code, r.seat, r.key), now)
        super()._bots(live)

    def _deliver(self, live: LiveRoom, request: Any, entry: dict[str, Any]) -> None:
        key = (live.room.code, request.seat, request.key)
        still_open = any((r.seat, r.key) == key[1:] for r in live.room.bot_requests())
        waits = self.waits.get(live.room.code)
        super()._deliver(live, request, entry)
        if waits is None:
            return
        began = waits.opened.pop(key, None)
        if began is None:
            return
        if still_open:
            waits.took.append(time.perf_counter() - began)
        else:
            waits.passed += 1


def new_room(hub: TimedHub, table: tuple[str, int], seed: int) -> tuple[LiveRoom, str]:
    scenario, players = table
    code, host = hub.create(
        {"family": "one-night", "scenario": scenario, "players": players, "timers": TIMERS},
        "Host",
    )
    live = hub.rooms[code]
    by = token_hash(host)
    for seat in range(1, players):
        hub.submit(live, {"t": "lobby", "op": "bot", "seat": seat, "level": "sensible", "by": by})
    hub.waits[code] = Waits()
    hub.submit(live, {"t": "lobby", "op": "start", "seed": seed, "by": by})
    return live, by


async def run(
    large: tuple[str, int], small: tuple[str, int], rooms: int, seconds: float, threads: int | None
) -> dict[str, Any]:
    hub = TimedHub(SqliteStorage(":memory:"))
    if threads is not None:
        hub.thinker = concurrent.futures.ThreadPoolExecutor(threads, thread_name_prefix="bots")
    hub.start(asyncio.get_running_loop())
    seeds = iter(range(1, 1_000_000))
    held = [new_room(hub, large, next(seeds))] + [
        new_room(hub, small, next(seeds)) for _ in range(rooms)
    ]
    games = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        await asyncio.sleep(0.05)
        for live, by in held:
            if live.room.status == "over":
                games += 1
                hub.submit(live, {"t": "lobby", "op": "rematch", "by": by})
                hub.submit(live, {"t": "lobby", "op": "start", "seed": next(seeds), "by": by})
    hub.rooms.clear()  # answers that come back now are dropped, and nothing more is asked
    await asyncio.to_thread(hub.thinker.shutdown, True, cancel_futures=True)
    large_code = held[0][0].room.code
    return {
        "large": summary([hub.waits[large_code]]),
        "small": summary([w for c, w in hub.waits.items() if c != large_code]),
        "games": games,
    }


def summary(waits: list[Waits]) -> dict[str, float | int]:
    took = sorted(t for w in waits for t in w.took)
    if not took:
        return {"requests": 0, "passed": sum(w.passed for w in waits)}

    def at(q: float) -> float:
        return round(1000 * took[min(len(took) - 1, int(q * len(took)))], 1)

    return {
        "requests": len(took),
        "passed": sum(w.passed for w in waits),
        "p50_ms": round(1000 * statistics.median(took), 1),
        "p90_ms": at(0.9),
        "p99_ms": at(0.99),
        "max_ms": round(1000 * took[-1], 1),
    }


def table_arg(text: str) -> tuple[str, int]:
    scenario, _, players = text.partition(":")
    if not players.isdigit():
        raise argparse.ArgumentTypeError(f"SCENARIO:PLAYERS, e.g. revenants:10 (got {text!r})")
    return scenario, int(players)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--large",
        type=table_arg,
        default=("revenants", 10),
        help="the large room, SCENARIO:PLAYERS (revenants:10)",
    )
    parser.add_argument(
        "--small",
        type=table_arg,
        default=("premiere-nuit", 5),
        help="each small room, SCENARIO:PLAYERS (premiere-nuit:5)",
    )
    parser.add_argument("--rooms", type=int, default=3, help="small rooms (3)")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long (30)")
    parser.add_argument(
        "--threads",
        type=int,
        default=None,
        help=f"the bots' threads ({hub_module.BOT_THREADS}, the server's)",
    )
    args = parser.parse_args(argv)
    print(describe_run())
    threads = args.threads if args.threads is not None else hub_module.BOT_THREADS
    print(
        f"one room of {args.large[0]} at {args.large[1]}, {args.rooms} of {args.small[0]} at "
        f"{args.small[1]}, sensible bots, {threads} bot threads, {args.seconds:.0f} s"
    )
    result = asyncio.run(run(args.large, args.small, args.rooms, args.seconds, args.threads))
    for name in ("small", "large"):
        r = result[name]
        if not r["requests"]:
            print(f"  {name} rooms: no request answered ({r['passed']} passed their deadline)")
            continue
        print(
            f"  {name} room{'s' if name == 'small' else ''}: {r['requests']} bot requests "
            f"answered, from asking to the answer p50 {r['p50_ms']} ms, p90 {r['p90_ms']} ms, "
            f"p99 {r['p99_ms']} ms, max {r['max_ms']} ms; {r['passed']} passed their deadline "
            "first"
        )
    print(f"  games ended: {result['games']}")
    print(json.dumps({"threads": threads, **result}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""What the server itself spends on an input, without the network: the hub, its SQLite
storage (in memory) and ten devices that only count what they are sent.

``bench/server_load.py`` measures a real server under many phones, but on these two
shared cores its figures move with everything else the machine runs.  This one plays
whole One Night games of ten seats in one process (every seat a person who answers each
task with a random legal option, ready as soon as the day allows), through the same
path an input takes in the server — apply, append to the log, build and encode each
device's state, pad the night's messages — and prints the CPU time per input and the
messages each input causes.  The transport (uvicorn, WebSocket frames, the sockets) is
not in it: compare with the load bench's "CPU per input" to see what that costs.

    python bench/server_hub.py                 # 40 games of Incertitudes at 10 seats
    python bench/server_hub.py --games 10 --profile
"""

from __future__ import annotations

import argparse
import random
import time

from loupgarou.server.hub import Device, Hub, token_hash
from loupgarou.server.storage import SqliteStorage
from measure import describe_run, print_profile

SEATS = 10
TIMERS = {"call": 10, "discussion": 60, "vote": 30}


class Clock:
    """The hub's clock, moved by hand: deadlines fall when the game says, not the machine."""

    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


def play(hub: Hub, clock: Clock, seed: int) -> tuple[int, int]:
    """One game of ten people; (inputs, messages sent)."""
    rng = random.Random(seed)
    settings = {"family": "one-night", "players": SEATS, "scenario": "incertitudes"}
    code, host = hub.create({**settings, "timers": TIMERS}, "P0")
    live = hub.rooms[code]
    tokens = {0: token_hash(host)}
    for seat in range(1, SEATS):
        tokens[seat] = token_hash(f"{seed}-{seat}")
        hub.submit(live, {"t": "join", "name": f"P{seat}", "token": tokens[seat]})
    sent = [0]

    def count(_text: str) -> None:
        sent[0] += 1

    for token in tokens.values():
        hub.attach(live, Device(count, token))
    hub.submit(live, {"t": "lobby", "op": "start", "seed": seed, "by": tokens[0]})
    inputs, sent[0] = 0, 0
    while live.room.status != "over":
        game = live.room.game
        assert game is not None
        waiting = [s for s in tokens if s in game.tasks]
        unready = [s for s in tokens if s not in game.ready] if game.stage == "discussion" else []
        if waiting:
            seat = rng.choice(waiting)
            task = game.tasks[seat]
            action = rng.choice(task.decision.options).to_json()
            hub.submit(live, {"t": "act", "task": task.id, "action": action, "by": tokens[seat]})
        elif unready:
            hub.submit(live, {"t": "ready", "by": tokens[rng.choice(unready)]})
        else:
            deadline = live.room.next_deadline()
            assert deadline is not None, "nobody has anything to do and no clock runs"
            clock.t = max(clock.t, deadline)
            hub.submit(live, {"t": "tick"})
        inputs += 1
    return inputs, sent[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if not 1 <= args.games <= 10_000:
        parser.error("games 1-10000")
    print(describe_run())
    clock = Clock()
    hub = Hub(SqliteStorage(":memory:"), clock=clock)
    play(hub, clock, args.seed - 1)  # warm up: imports, the first game's caches
    inputs = messages = 0
    began = time.process_time()
    for game in range(args.games):
        i, m = play(hub, clock, args.seed + game)
        inputs, messages = inputs + i, messages + m
    spent = time.process_time() - began
    print(
        f"{args.games} games of One Night (Incertitudes), {SEATS} people, in one process:"
        f" {inputs} inputs, {messages} states sent"
    )
    print(
        f"  CPU per input: {spent / inputs * 1e3:.3f} ms;"
        f" states per input: {messages / inputs:.2f}; per state: {spent / messages * 1e6:.0f} µs"
    )
    if args.profile:
        print_profile(lambda: play(hub, clock, args.seed + args.games), "one game", 30)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""What every seat is sent, counted over many served games (the hub, its storage and its
devices in memory, bots and random people in the seats):

- nothing outside the seat's view: every event it receives was for everyone or for it
  (until the game is over, when every card is shown);
- during a night call nothing from a later call nor from the dawn, and the public step is
  the call shown;
- the night's messages have the same size for every seat at each call, and the answer
  to a seat's action has that size too;
- a day's stages (discussion, votes) are the engine's day: from night 2 on, Thiercelieux
  and Lupus nights were handed out as day votes, with no calls and no decoys;
- a night's count of calls ("Call 2 of 9") is the same from its first call to its last,
  and it is the number of calls the night shows (fewer only when the game ends in it).
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from typing import Any

import pytest

from loupgarou.server.hub import Device, Hub, _pad, token_hash
from loupgarou.server.storage import SqliteStorage

GAMES = int(os.environ.get("LOUPGAROU_SECRECY_GAMES", "24"))
TABLES = [
    ("one-night", 5, "premiere-nuit"),
    ("one-night", 7, "confusion"),
    ("one-night", 8, "revenants"),
    ("thiercelieux", 9, None),
    ("lupus", 9, None),
]


class Clock:
    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


def play_one(family: str, players: int, scenario: str | None, seed: int) -> tuple[int, int]:
    rng = random.Random(seed)
    clock = Clock()
    hub = Hub(SqliteStorage(":memory:"), clock=clock)
    settings = {
        "family": family,
        "players": players,
        "scenario": scenario,
        "timers": {"call": 5, "discussion": 30, "vote": 20},
    }
    code, host = hub.create(settings, "P0")
    live = hub.rooms[code]
    people = rng.randint(1, players)
    inbox: dict[int, list[tuple[int, str]]] = {s: [] for s in range(players)}
    moment = [0]
    tokens = {0: token_hash(host)}
    for seat in range(1, people):
        tokens[seat] = token_hash(f"t{seat}")
        hub.submit(live, {"t": "join", "name": f"P{seat}", "token": tokens[seat]})
    for seat in range(people, players):
        hub.submit(
            live,
            {
                "t": "lobby",
                "op": "bot",
                "seat": seat,
                "level": rng.choice(["random", "sensible"]),
                "by": tokens[0],
            },
        )

    def mailbox(seat: int) -> Callable[[str], None]:
        return lambda text: inbox[seat].append((moment[0], text))

    for seat, token in tokens.items():
        hub.attach(live, Device(mailbox(seat), token))
    hub.submit(live, {"t": "lobby", "op": "start", "seed": seed, "by": tokens[0]})
    checked = 0
    for _ in range(5000):
        if live.room.status == "over":
            break
        moment[0] += 1
        game = live.room.game
        assert game is not None
        waiting = [s for s in tokens if s in game.tasks]
        if waiting and rng.random() < 0.8:
            seat = rng.choice(waiting)
            task = game.tasks[seat]
            action = rng.choice(task.decision.options)
            hub.submit(
                live, {"t": "act", "task": task.id, "action": action.to_json(), "by": tokens[seat]}
            )
        elif game.stage == "discussion" and rng.random() < 0.5:
            seat = rng.choice(list(tokens))
            if seat in game._alive() and seat not in game.ready:
                hub.submit(live, {"t": "ready", "by": tokens[seat]})
        else:
            clock.t += rng.choice([1.0, 5.0, 20.0])
            if (deadline := live.room.next_deadline()) is not None and deadline <= clock.t:
                hub.submit(live, {"t": "tick"})
    assert live.room.status == "over"
    # the checks, message by message
    night_sizes: dict[tuple[int, int, int], set[int]] = {}
    counts: dict[tuple[int, int], set[int]] = {}  # (game, night) -> the counts of calls sent
    shown: dict[tuple[int, int], int] = {}  # (game, night) -> the calls shown
    for seat, messages in inbox.items():
        for _moment, text in messages:
            m: dict[str, Any] = json.loads(text)
            if m["type"] != "state" or m["game"] is None:
                continue
            g = m["game"]
            checked += 1
            if g["phase"] != "over":
                for e in g["view"]["events"]:
                    assert e["audience"] == "everyone" or seat in e["audience"], (seat, e)
            if g["stage"] in ("discussion", "vote", "decide"):
                # a day stage is the engine's day: its night's decisions come as calls
                assert g["view"]["public"]["phase"] in ("day", "over"), (family, seed, g)
            if g["stage"] == "call":
                assert g["view"]["public"]["step"] == g["call"]["step"]
                kinds = [e["kind"] for e in g["view"]["events"]]
                begun = max((i for i, k in enumerate(kinds) if k == "night_begins"), default=0)
                # nothing from a later call: this night's calls seen are those shown so far
                assert kinds[begun:].count("night_step") == g["call"]["index"] + 1, kinds
                # nor from the dawn: after the call's night_step, only the call's own events
                # (the dawn showed during the last call, as soon as its holder answered)
                at = len(kinds) - 1 - kinds[::-1].index("night_step")
                after = g["view"]["events"][at + 1 :]
                assert all(e["audience"] != "everyone" for e in after), (family, seed, after)
                key = (g["number"], g["night"], g["call"]["index"])
                night_sizes.setdefault(key, set()).add(len(text.encode()))
                night = (g["number"], g["night"])
                counts.setdefault(night, set()).add(g["call"]["of"])
                shown[night] = max(shown.get(night, 0), g["call"]["index"] + 1)
    for key, sizes in night_sizes.items():
        assert len(sizes) == 1, (key, sizes)
    last = max(counts)  # the game may end during its last night (the Werewolves starved)
    for night, told in counts.items():
        assert len(told) == 1, (family, seed, night, told)
        of = told.pop()
        assert shown[night] == of or (night == last and shown[night] < of), (family, seed, night)
    return checked, len(night_sizes)


@pytest.mark.parametrize(("family", "players", "scenario"), TABLES)
def test_no_seat_is_sent_what_it_may_not_know(
    family: str, players: int, scenario: str | None
) -> None:
    messages = calls = 0
    games = GAMES if family == "one-night" and players < 8 else max(GAMES // 4, 5)
    for seed in range(games):
        m, c = play_one(family, players, scenario, seed)
        messages += m
        calls += c
    assert messages > games * players and calls > games


def test_night_padding_counts_bytes_so_accents_do_not_show_on_the_wire() -> None:
    """States are UTF-8 ("é" is two bytes, "李" three): two night states of different
    lengths in bytes, one with accents, are padded to the very same number of bytes."""
    plain = '{"type":"state","game":{"note":"Bob saw a Villager"}}'
    accented = '{"type":"state","game":{"note":"Élise saw 李雷"}}'
    sizes = {len(_pad(text, 512).encode()) for text in (plain, accented)}
    assert sizes == {512}
    assert json.loads(_pad(accented, 512))["game"]["note"] == "Élise saw 李雷"

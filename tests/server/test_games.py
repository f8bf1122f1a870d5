"""Whole games through a real server: phones of people in some seats, bots in the others,
each family, until the verdict; then the record and the verdict over HTTP."""

from __future__ import annotations

import random
import time

import pytest

from tests.server.serving import Device, Server, play_turn

TABLES = [
    ({"family": "one-night", "scenario": "premiere-nuit", "players": 5}, 3),
    ({"family": "thiercelieux", "players": 8}, 3),
    ({"family": "lupus", "players": 9}, 3),
]
FAST = {"call": 1, "discussion": 1, "vote": 2}


def seat_players(
    server: Server, settings: dict[str, object], people: int
) -> tuple[str, str, list[Device]]:
    code, host_token = server.create({**settings, "timers": FAST}, "Ann")
    host = server.device()
    assert host.hello(code, host_token)["type"] == "welcome"
    devices = [host]
    for i in range(1, people):
        d = server.device()
        welcome = d.join(code, f"P{i}")
        assert welcome["type"] == "welcome" and welcome["seat"] == i, welcome
        devices.append(d)
    for seat in range(people, int(str(settings["players"]))):
        host.send({"type": "lobby", "op": "bot", "seat": seat, "level": "sensible"})
    host.until(lambda m: m["type"] == "state" and not m["room"]["problems"])
    return code, host_token, devices


# An input sent just before the state that made it pointless reached the phone (the call
# ended, the game ended): refused with one of these, and nothing changed.
RACES = ("task.stale", "task.none", "ready.not_now", "room.not_playing")


def play_out(devices: list[Device], seed: int, limit: float = 150.0) -> None:
    rng = random.Random(seed)
    end = time.monotonic() + limit
    while time.monotonic() < end:
        for d in devices:
            d.drain(0.01)
        if all(d.state is not None and d.state["room"]["status"] == "over" for d in devices):
            return
        for d in devices:
            if rng.random() < 0.7:
                play_turn(d, rng)
        time.sleep(0.01)
    raise AssertionError("the game did not end in time")


@pytest.mark.parametrize(("settings", "people"), TABLES, ids=str)
def test_a_whole_game_on_phones_with_bots(
    server: Server, settings: dict[str, object], people: int
) -> None:
    code, host_token, devices = seat_players(server, settings, people)
    devices[0].send({"type": "lobby", "op": "start"})
    play_out(devices, seed=len(code))
    for d in devices:
        assert d.state is not None
        game = d.state["game"]
        assert game["phase"] == "over" and game["verdict"]["status"] == "finished"
        assert game["view"]["outcome"]["winners"] is not None
        assert not [e for e in d.errors if e["code"] not in RACES]
    status, record = server.get(f"/api/rooms/{code}/record?token={host_token}")
    assert status == 200 and record["format"] == "loupgarou-record"
    status, verdict = server.get(f"/api/rooms/{code}/verdict?token={devices[1].token}")
    assert status == 200 and verdict["result"]["winners"] == record_winners(record)
    for d in devices:
        d.close()


def record_winners(record: dict[str, object]) -> object:
    from loupgarou.engine.record import replay

    match = replay(record)
    assert match.outcome is not None
    from loupgarou.scripting.adjudicator import verdict_of_match

    v = verdict_of_match(match, source="", title="", scenario=None).to_json()
    return v["result"]["winners"]

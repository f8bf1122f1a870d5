"""Narrated rooms through a real server: the narrator names the seats, starts, gets the
timed script, answers the game master's questions with its offered choices, and reads
the verdict; One Night's "who won?" from the last cards and the votes."""

from __future__ import annotations

import random
import time

import pytest

from tests.server.serving import Device, Server

FAST = {"call": 1, "discussion": 1, "vote": 1}


def narrated_room(server: Server, family: str, players: int, **extra: str) -> tuple[str, Device]:
    code, token = server.create(
        {"family": family, "players": players, "mode": "narrated", "timers": FAST, **extra}
    )
    narrator = server.device()
    assert narrator.hello(code, token)["role"] == "narrator"
    narrator.send({"type": "lobby", "op": "names", "names": [f"N{i}" for i in range(players)]})
    narrator.until(lambda m: m["type"] == "state" and not m["room"]["problems"])
    narrator.send({"type": "lobby", "op": "start"})
    narrator.until(lambda m: m["type"] == "state" and m["room"]["status"] == "playing")
    return code, narrator


@pytest.mark.parametrize(("family", "players"), [("thiercelieux", 8), ("lupus", 9)])
def test_the_narrator_answers_the_game_master_to_the_end(
    server: Server, family: str, players: int
) -> None:
    _code, narrator = narrated_room(server, family, players)
    rng = random.Random(3)
    for _ in range(300):
        state = narrator.state
        assert state is not None
        if state["room"]["status"] == "over":
            break
        ask = state["narrator"]["ask"]
        assert ask is not None
        text = rng.choice(ask["choices"]) if ask["choices"] else "nobody"
        time.sleep(0.06)  # a person's pace: the server takes at most 20 messages a second
        narrator.send({"type": "answer", "ask": ask["id"], "text": text})
        narrator.until(lambda m: m["type"] in ("state", "error"))
    assert narrator.state is not None and narrator.state["room"]["status"] == "over"
    assert narrator.state["narrator"]["cues"]
    verdict = narrator.state["game"]["verdict"]
    assert verdict["status"] == "finished" and verdict["result"]["winners"]


def test_one_night_narrated_ends_with_who_won(server: Server) -> None:
    _code, narrator = narrated_room(server, "one-night", 5, scenario="benefice")  # a Hunter
    state = narrator.state
    assert state is not None
    kinds = [c["kind"] for c in state["narrator"]["cues"]]
    assert kinds[0] == "nightfall" and "vote" in kinds
    narrator.send({"type": "skip"})
    narrator.send(
        {
            "type": "answer",
            "ask": 1,
            "cards": ["hunter", "werewolf", "seer", "robber", "insomniac"],
            "votes": [1, 0, 0, 0, 0],
        }
    )
    narrator.until(lambda m: m["type"] == "state" and m["room"]["status"] == "over")
    result = narrator.state["game"]["verdict"]["result"]  # type: ignore[index]
    # Ann (the Hunter) is voted out and takes Bob, her target, with her: a Werewolf dies
    assert [(d["name"], d["cause"]) for d in result["deaths"]] == [("N0", "vote"), ("N1", "hunter")]
    assert result["teams"] == ["village"]
    assert result["reasons"][0]["text"] == "a Werewolf died (N1)"  # by name, not "seat 1"


def test_a_bad_who_won_is_refused(server: Server) -> None:
    _code, narrator = narrated_room(server, "one-night", 5)
    narrator.send({"type": "answer", "ask": 1, "cards": ["joker"] * 5, "votes": [1, 0, 0, 0, 0]})
    assert narrator.until(lambda m: m["type"] == "error")["code"] == "narrate.bad_cards"
    narrator.send({"type": "answer", "ask": 1, "cards": ["seer"] * 5, "votes": [0, 0, 0, 0, 0]})
    assert narrator.until(lambda m: m["type"] == "error")["code"] == "narrate.bad_votes"
    # five Seers from a deck of one: the error says so, with what a page words it with
    narrator.send({"type": "answer", "ask": 1, "cards": ["seer"] * 5, "votes": [1, 0, 0, 0, 0]})
    refused = narrator.until(lambda m: m["type"] == "error")
    assert refused["code"] == "narrate.card_count"
    assert refused["data"] == {"role": "seer", "deck": 1, "given": 5}

"""A bot that takes a seat on a loupgarou server from anywhere, over the table protocol.

    python examples/ws_agent.py ws://192.168.1.20:8000/ws K7QF2 --name Robot

It joins room K7QF2 as a player (or comes back with ``--token``), then answers every
task it is given with one of the task's own options (at random: replace ``choose`` with
your own policy), says it is ready when the table discusses, and stops when the game is
over.  It sees exactly what a phone in its seat sees: the ``state`` messages of
docs/protocol.md.
"""

from __future__ import annotations

import argparse
import json
import random
from typing import Any

from websockets.sync.client import connect


def choose(task: dict[str, Any], state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The policy: one of the task's options (here at random)."""
    options: list[dict[str, Any]] = task["options"]
    return rng.choice(options)


def play(url: str, room: str, name: str, token: str | None, seed: int) -> dict[str, Any]:
    """Play one game in ``room``; return the last state (with the verdict)."""
    rng = random.Random(seed)
    with connect(url, compression=None) as ws:
        first = (
            {"type": "hello", "v": 1, "room": room, "token": token}
            if token
            else {"type": "join", "v": 1, "room": room, "name": name}
        )
        ws.send(json.dumps(first))
        answered: set[str] = set()
        state: dict[str, Any] = {}
        for text in ws:
            message = json.loads(text)
            if message["type"] == "welcome":
                print(f"seat {message['seat']}, token {message['token']}")
            elif message["type"] == "error":
                print(f"refused [{message['code']}]: {message['message']}")
                if message["code"] in (
                    "room.not_found",
                    "auth.bad_token",
                    "room.full",
                    "room.started",
                ):
                    return state
            elif message["type"] == "state":
                state = message
                if state["room"]["status"] == "over":
                    return state
                game = state["game"]
                if game is None:
                    continue
                task = game.get("task")
                if task is not None and task["id"] not in answered:
                    answered.add(task["id"])
                    ws.send(
                        json.dumps(
                            {"type": "act", "task": task["id"], "action": choose(task, state, rng)}
                        )
                    )
                elif game["stage"] == "discussion" and state["you"]["seat"] not in game["ready"]:
                    ws.send(json.dumps({"type": "ready"}))
    return state


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url", help="the server's WebSocket address, e.g. ws://127.0.0.1:8000/ws")
    parser.add_argument("room", help="the room's code")
    parser.add_argument("--name", default="Robot")
    parser.add_argument("--token", default=None, help="come back to a seat with its token")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    state = play(args.url, args.room.upper(), args.name, args.token, args.seed)
    game = state.get("game") or {}
    verdict = game.get("verdict") or {}
    result = verdict.get("result") or {}
    winners = ", ".join(w["name"] for w in result.get("winners", []))
    print(f"game over; winners: {winners or 'nobody'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

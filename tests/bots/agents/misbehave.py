"""An agent that misbehaves in one way, named on its command line, for the protocol tests.

- ``deaf``: never reads its input (the game master's writes fill the pipe).
- ``crash``: reads the hello, then exits at its first request.
- ``flood``: answers its first request with a line of 2 MB, then behaves.
- ``illegal``: answers every decision with an action that is not among the options.
- ``stubborn``: behaves, but does not exit when its input closes.
- ``garbage``: answers every request with bytes that are not UTF-8.
"""

import json
import sys
import time


def answer(message: dict[str, object]) -> None:
    if message["type"] == "decide":
        print(json.dumps({"id": message["id"], "choice": 0}), flush=True)
    elif message["type"] == "speak":
        print(json.dumps({"id": message["id"], "statement": None}), flush=True)


def main() -> None:
    mode = sys.argv[1]
    if mode == "deaf":
        time.sleep(120)
        return
    asked = 0
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] not in ("decide", "speak"):
            continue
        asked += 1
        if mode == "crash":
            sys.exit(3)
        elif mode == "flood" and asked == 1:
            sys.stdout.write("x" * 2_000_000 + "\n")
            sys.stdout.flush()
        elif mode == "illegal" and message["type"] == "decide":
            bogus = {"kind": "no_such_thing", "players": [99]}
            print(json.dumps({"id": message["id"], "action": bogus}), flush=True)
        elif mode == "garbage":
            sys.stdout.buffer.write(b"\xff\xfe\xfa\n")
            sys.stdout.flush()
        else:
            answer(message)
    if mode == "stubborn":
        time.sleep(120)


if __name__ == "__main__":
    main()

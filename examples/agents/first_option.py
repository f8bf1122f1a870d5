#!/usr/bin/env python3
"""A tiny loupgarou agent: answers every decision with a random option, never talks.

It speaks the JSON-lines protocol of docs/bots.md on standard input and output
and needs nothing but Python's standard library.  Try it:

    loupgarou simulate one-night --scenario premiere-nuit --players 5 --games 20 \
        --bots '*=random,1=agent:python3 examples/agents/first_option.py'
"""

import json
import random
import sys


def main() -> None:
    rng = random.Random(0)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            rng.seed(message["seat"])
        elif kind == "decide":
            answer = {"id": message["id"], "choice": rng.randrange(len(message["options"]))}
            print(json.dumps(answer), flush=True)
        elif kind == "speak":
            print(json.dumps({"id": message["id"], "statement": None}), flush=True)
        elif kind == "error":
            print(f"refused: {message['code']}: {message['message']}", file=sys.stderr)
        elif kind == "end":
            break


if __name__ == "__main__":
    main()

"""A misbehaving agent for the protocol tests: its first answer is out of range, its
second is not JSON, its third comes too late; after that it behaves, and it
writes every refusal it receives to the file named on its command line."""

import json
import sys
import time


def main() -> None:
    log = open(sys.argv[1], "w", encoding="utf-8")  # noqa: SIM115
    asked = 0
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "error":
            log.write(f"{message['code']}\n")
            log.flush()
        elif kind == "decide":
            asked += 1
            if asked == 1:
                print(json.dumps({"id": message["id"], "choice": 999}), flush=True)
            elif asked == 2:
                print("this is not json", flush=True)
            elif asked == 3:
                time.sleep(message["timeout"] + 0.3)
                print(json.dumps({"id": message["id"], "choice": 0}), flush=True)
            else:
                print(
                    json.dumps({"id": message["id"], "action": message["options"][-1]}), flush=True
                )
        elif kind == "speak":
            claim = {"role": "villager"}
            print(
                json.dumps({"id": message["id"], "statement": {"text": "hi", "claim": claim}}),
                flush=True,
            )
        elif kind == "end":
            log.write("end\n")
            break
    log.close()


if __name__ == "__main__":
    main()

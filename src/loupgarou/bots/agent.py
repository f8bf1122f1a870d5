"""External agents: any program that speaks JSON lines on standard input and output.

The game master starts the program (one process per seat) and writes one JSON
object per line to its standard input; the program answers requests with one
JSON object per line on its standard output.  Protocol version 1
(``docs/bots.md`` has the full description and an example session):

- ``{"type": "hello", "protocol": 1, "seat": S, "family": F, "players": [...]}``
  first; no answer expected.
- ``{"type": "decide", "id": K, "timeout": SECONDS, "view": VIEW, "options": [ACTION...]}``:
  answer ``{"id": K, "choice": I}`` (an index into ``options``) or
  ``{"id": K, "action": ACTION}`` (one of the options, as JSON).
- ``{"type": "speak", "id": K, "timeout": SECONDS, "view": VIEW}``: answer
  ``{"id": K, "statement": null}`` to stay silent, or a statement
  ``{"text": ..., "claim": {"role", "did", "saw"}}``.
- ``{"type": "error", "id": K, "code": C, "message": M}`` tells the program that
  its answer to request K was refused (``agent.timeout``, ``agent.bad_answer``);
  the seat then gets the decision's timeout default (or stays silent).
- ``{"type": "end", "view": VIEW}`` when the game is over; then standard input closes.

``VIEW`` is exactly :meth:`SeatView.to_json` of the seat: what a person in that
seat may know.  Lines the program writes that are not JSON objects with the
expected ``id`` are refused; an answer that comes after its time limit is
dropped.  A program that exits gets defaults for the rest of the game
(``agent.crashed``).
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import time
from collections.abc import Sequence
from typing import Any, NoReturn

from loupgarou.core.actions import Action, Decision
from loupgarou.core.errors import LoupGarouError
from loupgarou.core.statements import Statement
from loupgarou.engine.views import SeatView

from .protocol import BotError, NoAnswer

PROTOCOL = 1


class AgentBot:
    """A seat played by an external program (see the module docstring)."""

    def __init__(self, command: Sequence[str], seat: int, *, timeout: float = 5.0) -> None:
        self.command = list(command)
        self.seat = seat
        self.timeout = timeout
        self.proc: subprocess.Popen[bytes] | None = None
        self.buffer = b""
        self.next_id = 0
        self.dead = False
        self.errors: list[tuple[str, str]] = []
        """Every refusal sent to the program: (code, message)."""

    # --- the process -------------------------------------------------------------------

    def _start(self, view: SeatView) -> subprocess.Popen[bytes]:
        if self.proc is None:
            try:
                self.proc = subprocess.Popen(
                    self.command,
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    bufsize=0,
                )
            except OSError as exc:
                raise BotError(
                    "agent.cannot_start", f"cannot start agent {' '.join(self.command)!r}: {exc}"
                ) from exc
            self._send(
                {
                    "type": "hello",
                    "protocol": PROTOCOL,
                    "seat": self.seat,
                    "family": view.family,
                    "players": list(view.players),
                }
            )
        return self.proc

    def _send(self, message: dict[str, Any]) -> None:
        proc = self.proc
        if proc is None or proc.stdin is None or self.dead:
            return
        try:
            proc.stdin.write((json.dumps(message, ensure_ascii=False) + "\n").encode("utf-8"))
            proc.stdin.flush()
        except (BrokenPipeError, OSError):
            self.dead = True

    def _readline(self, deadline: float) -> bytes | None:
        """One line from the program, or None at the deadline; marks it dead at EOF."""
        proc = self.proc
        assert proc is not None and proc.stdout is not None
        fd = proc.stdout.fileno()
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                return None
            chunk = os.read(fd, 65536)
            if not chunk:
                self.dead = True
                return None
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line

    def _ask(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send a request and return the program's answer object for it (or raise NoAnswer)."""
        if self.dead:
            raise NoAnswer("agent.crashed", f"the agent of seat {self.seat} has exited")
        self.next_id += 1
        rid = self.next_id
        self._send({**message, "id": rid, "timeout": self.timeout})
        deadline = time.monotonic() + self.timeout
        while True:
            line = self._readline(deadline)
            if line is None:
                if self.dead:
                    raise NoAnswer("agent.crashed", f"the agent of seat {self.seat} has exited")
                self._refuse(rid, "agent.timeout", f"no answer within {self.timeout:g} s")
            try:
                answer: Any = json.loads(line.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError):
                self._refuse(rid, "agent.bad_answer", "an answer must be one JSON object per line")
            if not isinstance(answer, dict):
                self._refuse(rid, "agent.bad_answer", "an answer must be a JSON object")
            if answer.get("id") != rid:
                continue  # a late answer to an earlier request: dropped
            out: dict[str, Any] = answer
            return out

    def _refuse(self, rid: int, code: str, message: str) -> NoReturn:
        self.errors.append((code, message))
        self._send({"type": "error", "id": rid, "code": code, "message": message})
        raise NoAnswer(code, message)

    def close(self) -> None:
        proc = self.proc
        if proc is None:
            return
        self.proc = None
        try:
            if proc.stdin is not None:
                proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()

    # --- the bot protocol --------------------------------------------------------------

    def decide(self, view: SeatView, decision: Decision) -> Action:
        self._start(view)
        options = decision.options
        message = {
            "type": "decide",
            "view": view.to_json(),
            "options": [a.to_json() for a in options],
        }
        answer = self._ask(message)
        rid = self.next_id
        if "choice" in answer:
            i = answer["choice"]
            if type(i) is int and 0 <= i < len(options):
                return options[i]
            self._refuse(
                rid,
                "agent.bad_answer",
                f"'choice' must be a whole number from 0 to {len(options) - 1}",
            )
        if "action" in answer and isinstance(answer["action"], dict):
            try:
                action = Action.from_json(answer["action"])
            except LoupGarouError as exc:
                self._refuse(rid, "agent.bad_answer", exc.message)
            if decision.allows(action):
                return action
            self._refuse(
                rid, "agent.bad_answer", f"'{action.describe()}' is not one of the options"
            )
        self._refuse(rid, "agent.bad_answer", "answer with 'choice' (an index) or 'action'")

    def speak(self, view: SeatView) -> Statement | None:
        self._start(view)
        try:
            answer = self._ask({"type": "speak", "view": view.to_json()})
        except NoAnswer:
            return None
        raw = answer.get("statement")
        if raw is None:
            return None
        try:
            if not isinstance(raw, dict):
                raise TypeError
            return Statement.from_json(raw)
        except (LoupGarouError, TypeError) as exc:
            message = exc.message if isinstance(exc, LoupGarouError) else "not an object"
            self.errors.append(("agent.bad_answer", message))
            self._send(
                {
                    "type": "error",
                    "id": self.next_id,
                    "code": "agent.bad_answer",
                    "message": message,
                }
            )
            return None

    def game_over(self, view: SeatView) -> None:
        if self.proc is not None:
            self._send({"type": "end", "view": view.to_json()})
        self.close()

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

Every exchange is bounded in time: writing a message (a program that does not read its
input fills the pipe, and the write would block for ever), reading an answer, and the
program's exit (it is killed when it does not stop).  A program that does not take a
message within the time limit is stopped and its seat gets the defaults for the rest
of the game (``agent.stuck``).  A line longer than :data:`MAX_LINE` bytes is refused
unread.  Each refusal is kept in :attr:`AgentBot.errors`; the table reports which
decision it cost (see :class:`loupgarou.sim.table.TableLog`).
"""

from __future__ import annotations

import json
import math
import os
import select
import subprocess
import time
from collections.abc import Sequence
from typing import Any, Final, NoReturn

from loupgarou.core.actions import Action, Decision
from loupgarou.core.errors import LoupGarouError
from loupgarou.core.statements import Statement
from loupgarou.engine.views import SeatView

from .protocol import BotError, NoAnswer

PROTOCOL = 1

MAX_TIMEOUT: Final = 3600.0
"""The longest time limit an agent may be given, in seconds (an hour)."""

MAX_LINE: Final = 1 << 20
"""The longest answer line read from an agent, in bytes (1 MiB)."""

EXIT_GRACE: Final = 2.0
"""Seconds an agent has to exit once its input is closed, before it is killed."""


def check_timeout(seconds: float) -> float:
    """``seconds`` if it is a usable time limit (finite, above 0, at most an hour), else
    :class:`BotError` ``agent.bad_timeout``."""
    if not isinstance(seconds, int | float) or not math.isfinite(seconds):
        raise BotError(
            "agent.bad_timeout",
            f"an agent's time limit must be a number of seconds, not {seconds!r}",
        )
    if not 0 < seconds <= MAX_TIMEOUT:
        raise BotError(
            "agent.bad_timeout",
            f"an agent's time limit must be above 0 and at most {MAX_TIMEOUT:g} s, not {seconds:g}",
        )
    return float(seconds)


class AgentBot:
    """A seat played by an external program (see the module docstring)."""

    def __init__(self, command: Sequence[str], seat: int, *, timeout: float = 5.0) -> None:
        self.command = list(command)
        self.seat = seat
        self.timeout = check_timeout(timeout)
        self.proc: subprocess.Popen[bytes] | None = None
        self.buffer = b""
        self._skip = False
        """Inside a line too long to read: its bytes up to the next newline are dropped."""
        self.next_id = 0
        self.dead = False
        self.gone: tuple[str, str] | None = None
        """Why the program no longer plays (code, message), once it has exited or was stopped."""
        self.errors: list[tuple[str, str]] = []
        """Every refusal sent to the program: (code, message)."""

    # --- the process -------------------------------------------------------------------

    def _start(self, view: SeatView) -> subprocess.Popen[bytes] | None:
        if self.proc is None and self.gone is None:
            try:
                self.proc = subprocess.Popen(
                    self.command,
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    bufsize=0,
                )
            except (OSError, ValueError) as exc:
                raise BotError(
                    "agent.cannot_start", f"cannot start agent {' '.join(self.command)!r}: {exc}"
                ) from exc
            assert self.proc.stdin is not None
            os.set_blocking(self.proc.stdin.fileno(), False)
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

    def _stop(self, code: str, message: str) -> None:
        """The program no longer plays: say why, kill it if it runs."""
        if self.gone is None:
            self.gone = (code, message)
        self.dead = True
        proc = self.proc
        if proc is not None and proc.poll() is None:
            proc.kill()

    def _send(self, message: dict[str, Any]) -> None:
        """Write one line, within the time limit; a program that does not take it in time
        is stopped (``agent.stuck``), one whose input is closed has exited."""
        proc = self.proc
        if proc is None or proc.stdin is None or self.dead:
            return
        data = (json.dumps(message, ensure_ascii=False) + "\n").encode("utf-8")
        fd = proc.stdin.fileno()
        deadline = time.monotonic() + self.timeout
        done = 0
        while done < len(data):
            try:
                done += os.write(fd, data[done:])
                continue
            except BlockingIOError:
                pass
            except OSError:  # a broken pipe: the program has exited
                self._stop("agent.crashed", f"the agent of seat {self.seat + 1} has exited")
                return
            left = deadline - time.monotonic()
            if left <= 0:
                self._stop(
                    "agent.stuck",
                    f"the agent of seat {self.seat + 1} did not read its input within "
                    f"{self.timeout:g} s, so it was stopped",
                )
                return
            select.select([], [fd], [], left)

    def _readline(self, deadline: float) -> bytes | None:
        """One line from the program, or None at the deadline; marks it dead at EOF.
        A line longer than :data:`MAX_LINE` is returned cut to that length."""
        proc = self.proc
        assert proc is not None and proc.stdout is not None
        fd = proc.stdout.fileno()
        while b"\n" not in self.buffer:
            if len(self.buffer) > MAX_LINE:
                line, self.buffer = self.buffer, b""
                self._skip = True
                return line[:MAX_LINE]
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                return None
            chunk = os.read(fd, 65536)
            if not chunk:
                self._stop("agent.crashed", f"the agent of seat {self.seat + 1} has exited")
                return None
            if self._skip:  # the rest of a line too long to read
                _, nl, rest = chunk.partition(b"\n")
                if not nl:
                    continue
                self._skip = False
                chunk = rest
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line

    def _gone(self) -> NoReturn:
        code, message = self.gone or (
            "agent.crashed",
            f"the agent of seat {self.seat + 1} has exited",
        )
        raise NoAnswer(code, message)

    def _ask(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send a request and return the program's answer object for it (or raise NoAnswer)."""
        if self.dead:
            self._gone()
        self.next_id += 1
        rid = self.next_id
        self._send({**message, "id": rid, "timeout": self.timeout})
        if self.dead:
            self._gone()
        deadline = time.monotonic() + self.timeout
        while True:
            line = self._readline(deadline)
            if line is None:
                if self.dead:
                    self._gone()
                self._refuse(rid, "agent.timeout", f"no answer within {self.timeout:g} s")
            if len(line) >= MAX_LINE:
                self._refuse(
                    rid, "agent.bad_answer", f"an answer line is longer than {MAX_LINE} bytes"
                )
            try:
                answer: Any = json.loads(line.decode("utf-8"))
            except (UnicodeDecodeError, ValueError, RecursionError):
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
        """Close the program's input and wait for it to exit, at most :data:`EXIT_GRACE`
        seconds; then kill it."""
        proc = self.proc
        if proc is None:
            return
        self.proc = None
        self.dead = True
        try:
            if proc.stdin is not None:
                proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=EXIT_GRACE)
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
                "agent.illegal_choice",
                f"'choice' must be a whole number from 0 to {len(options) - 1}",
            )
        if "action" in answer and isinstance(answer["action"], dict):
            try:
                action = Action.from_json(answer["action"])
            except (LoupGarouError, TypeError, ValueError, AttributeError) as exc:
                text = exc.message if isinstance(exc, LoupGarouError) else "not an action"
                self._refuse(rid, "agent.bad_answer", text)
            if decision.allows(action):
                return action
            self._refuse(
                rid, "agent.illegal_choice", f"'{action.describe()}' is not one of the options"
            )
        self._refuse(rid, "agent.bad_answer", "answer with 'choice' (an index) or 'action'")

    def speak(self, view: SeatView) -> Statement | None:
        """The program's statement, None when it stays silent; :class:`NoAnswer` when it
        gives no usable answer (the table counts that, and the seat says nothing)."""
        self._start(view)
        answer = self._ask({"type": "speak", "view": view.to_json()})
        raw = answer.get("statement")
        if raw is None:
            return None
        try:
            if not isinstance(raw, dict):
                raise TypeError
            return Statement.from_json(raw)
        except (LoupGarouError, TypeError, ValueError, AttributeError) as exc:
            message = exc.message if isinstance(exc, LoupGarouError) else "not a statement object"
            self._refuse(self.next_id, "agent.bad_answer", message)

    def game_over(self, view: SeatView) -> None:
        if self.proc is not None:
            self._send({"type": "end", "view": view.to_json()})
        self.close()

"""A fuzzing campaign over loupgarou's inputs: prints how many inputs each target tried
and what it found.

The targets (``tests/fuzz/targets.py``): the script reader (any text), the adjudicator
(real example scripts with values replaced), record replay (real records with values
replaced), the agent protocol (any answer bytes), every command's flags, and a served
room (``tests/fuzz/rooms.py``: what its devices send, its bots' answers, its clock).  A finding is
an input that ends in anything but an error with a code: an internal error (an
exception that is not a ``LoupGarouError``, exit code 70), a hang (more than
``--hang`` seconds for one input) or memory past ``--memory`` MB (``MemoryError``); in a
room, also an input refused that changed the room, an event sent to a device its audience
leaves out, or inputs that replay to another room.

Each target runs ``--seconds`` seconds with hypothesis (random inputs, shrunk to a small
example when one fails; the campaign goes on after a finding).  With ``--atheris``
(``pip install 'loupgarou[fuzz]'``), the targets that take bytes (script text, agent
answers) also run under atheris, coverage-guided, in a child process each.

    make fuzz                                    # 60 s a target
    .venv/bin/python scripts/fuzz.py --seconds 600 --atheris
    .venv/bin/python scripts/fuzz.py --target record_document --seconds 30

Exit status 0 when nothing was found, 1 otherwise; findings are also written to
``build/fuzz/findings.txt``.
"""

from __future__ import annotations

import argparse
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from tests.fuzz import rooms  # noqa: E402
from tests.fuzz import strategies as s  # noqa: E402
from tests.fuzz import targets as t  # noqa: E402

OUT = ROOT / "build" / "fuzz"


class Hang(Exception):
    """One input ran past the time limit."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise Hang


def with_limits(work: Callable[..., Any], hang: float) -> Callable[..., Any]:
    """``work`` with a time limit per input; a MemoryError is a finding too."""

    def run(*args: Any) -> Any:
        signal.setitimer(signal.ITIMER_REAL, hang)
        try:
            return work(*args)
        except Hang as exc:
            raise t.Bug(f"hang: more than {hang:g} s on {args!r}"[:600]) from exc
        except MemoryError as exc:
            raise t.Bug(f"memory: MemoryError on {args!r}"[:600]) from exc
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)

    return run


def command_line(words: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        t.command_line(words, Path(folder))


TARGETS: dict[str, tuple[Callable[..., Any], tuple[st.SearchStrategy[Any], ...]]] = {
    "script_text": (t.script_text, (s.script_texts, st.booleans())),
    "script_document": (t.script_document, (s.examples, s.edits)),
    "record_document": (t.record_document, (s.examples, s.edits)),
    "agent_answer": (t.agent_answer, (s.agent_answers,)),
    "command_line": (command_line, (s.command_words,)),
    "room_inputs": (rooms.room_inputs, (s.room_tables, s.room_begun, s.room_moves)),
}


def run_sweep(hang: float) -> tuple[int, list[str]]:
    """Every command with each of its flags given one bad value, in turn (not random)."""
    found: list[str] = []
    lines = s.sweep()
    for words in lines:
        try:
            with tempfile.TemporaryDirectory() as folder:
                t.command_line(words, Path(folder), hang=hang)
        except t.Bug as bug:
            text = str(bug).splitlines()[0]
            found.append(text)
            print(f"  found: {text[:300]}", flush=True)
    return len(lines), found


ATHERIS = {"script_text", "agent_answer"}
"""Targets that take bytes, run under atheris too."""


SLOWEST: dict[str, tuple[float, str]] = {}
"""Per target, the slowest input seen: (seconds, the input, cut short)."""


def run_hypothesis(name: str, seconds: float, hang: float) -> tuple[int, list[str]]:
    """Run target ``name`` for ``seconds``: (inputs tried, findings)."""
    work, strategies = TARGETS[name]
    limited = with_limits(work, hang)
    tried = 0
    found: list[str] = []
    deadline = time.monotonic() + seconds

    def counted(args: tuple[Any, ...]) -> None:
        nonlocal tried
        if time.monotonic() > deadline:
            return
        tried += 1
        started = time.monotonic()
        try:
            limited(*args)
        finally:
            took = time.monotonic() - started
            if took > SLOWEST.get(name, (0.0, ""))[0]:
                SLOWEST[name] = (took, repr(args)[:160])

    while time.monotonic() < deadline:
        test = settings(
            max_examples=200,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )(given(st.tuples(*strategies))(counted))
        try:
            test()
        except t.Bug as bug:
            text = str(bug).splitlines()[0]
            if text not in found:
                found.append(text)
                print(f"  found: {text[:300]}", flush=True)
        except Exception as exc:  # a failure of hypothesis itself (flaky ...)
            text = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
            if text not in found:
                found.append(text)
                print(f"  found: {text[:300]}", flush=True)
    return tried, found


def atheris_child(name: str, seconds: float, hang: float, memory: int) -> None:
    """Run in the child process: atheris over one bytes target."""
    import atheris

    def one(data: bytes) -> None:
        if name == "script_text":
            text = data.decode("utf-8", "replace")
            t.script_text(text, as_json=text[:1] in "[{")
        else:
            t.agent_answer(data)

    OUT.mkdir(parents=True, exist_ok=True)
    atheris.Setup(
        [
            sys.argv[0],
            f"-max_total_time={int(seconds)}",
            f"-timeout={int(max(1, hang))}",
            f"-rss_limit_mb={memory}",
            "-print_final_stats=1",
            f"-artifact_prefix={OUT}/{name}-",
        ],
        one,
    )
    atheris.Fuzz()


def run_atheris(name: str, seconds: float, hang: float, memory: int) -> tuple[int, list[str]]:
    command = [
        sys.executable,
        __file__,
        "--atheris-child",
        name,
        "--seconds",
        str(seconds),
        "--hang",
        str(hang),
        "--memory",
        str(memory),
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    log = done.stdout + done.stderr
    tried = 0
    for line in log.splitlines():
        if line.startswith("stat::number_of_executed_units:"):
            tried = int(line.split(":")[-1])
    found = [
        line.strip()
        for line in log.splitlines()
        if "ERROR: libFuzzer" in line or line.startswith("=== Uncaught") or "Bug:" in line
    ]
    for text in found:
        print(f"  found: {text[:300]}", flush=True)
    return tried, found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="per target (60)")
    parser.add_argument("--hang", type=float, default=10.0, help="seconds one input may take (10)")
    parser.add_argument("--memory", type=int, default=2048, help="MB the campaign may use (2048)")
    parser.add_argument("--target", choices=sorted(TARGETS), action="append", help="only these")
    parser.add_argument("--atheris", action="store_true", help="also run atheris (bytes targets)")
    parser.add_argument(
        "--no-sweep",
        dest="sweep",
        action="store_false",
        help="skip the flag sweep (every flag of every command with each bad value)",
    )
    parser.add_argument("--atheris-child", choices=sorted(ATHERIS), help=argparse.SUPPRESS)
    args = parser.parse_args()
    limit = args.memory << 20
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    os.environ.pop("LOUPGAROU_DEBUG", None)
    if args.atheris_child:  # libFuzzer keeps SIGALRM for its own time limit (-timeout)
        atheris_child(args.atheris_child, args.seconds, args.hang, args.memory)
        return 0
    signal.signal(signal.SIGALRM, _alarm)
    names = args.target or list(TARGETS)
    if args.target:
        args.sweep = False
    report: list[str] = []
    total = 0
    findings = 0
    for name in names:
        print(f"{name}: hypothesis, {args.seconds:g} s ...", flush=True)
        started = time.monotonic()
        tried, found = run_hypothesis(name, args.seconds, args.hang)
        slowest, example = SLOWEST.get(name, (0.0, ""))
        line = (
            f"{name} (hypothesis): {tried:,} inputs in {time.monotonic() - started:.0f} s, "
            f"{len(found)} finding(s); slowest input {slowest:.2f} s: {example}"
        )
        print(line, flush=True)
        report += [line, *(f"  {f}" for f in found)]
        total += tried
        findings += len(found)
        if args.atheris and name in ATHERIS:
            try:
                import atheris  # noqa: F401
            except ImportError:
                print("  atheris is not installed: pip install 'loupgarou[fuzz]'")
                continue
            print(f"{name}: atheris, {args.seconds:g} s ...", flush=True)
            tried, found = run_atheris(name, args.seconds, args.hang, args.memory)
            line = f"{name} (atheris): {tried:,} inputs, {len(found)} finding(s)"
            print(line, flush=True)
            report += [line, *(f"  {f}" for f in found)]
            total += tried
            findings += len(found)
    if args.sweep:
        print("flag sweep: every flag of every command with each bad value ...", flush=True)
        started = time.monotonic()
        tried, found = run_sweep(args.hang)
        line = (
            f"flag sweep: {tried:,} command lines in {time.monotonic() - started:.0f} s, "
            f"{len(found)} finding(s)"
        )
        print(line, flush=True)
        report += [line, *(f"  {f}" for f in found)]
        total += tried
        findings += len(found)
    summary = f"in all: {total:,} inputs tried, {findings} finding(s)"
    print(summary)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "findings.txt").write_text("\n".join([*report, summary]) + "\n", encoding="utf-8")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())

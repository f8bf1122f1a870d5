"""Fuzz targets: each takes one input and fails (raises something other than a
:class:`LoupGarouError`) only on a bug.  A bad input must end in an error with a code,
never an internal error, a hang or unbounded memory.

Used briefly by ``tests/fuzz/test_fuzz.py`` (hypothesis, on every test run) and at length
by ``scripts/fuzz.py`` (``make fuzz``: hypothesis, and atheris when installed).

The targets:

- :func:`script_text`: any text, read as a YAML or JSON game script, then played;
- :func:`script_document`: a real example script with some of its values replaced, then
  played (the adjudicator) and rendered;
- :func:`record_document`: a real game record with some values replaced, replayed;
- :func:`agent_answer`: any bytes an external agent may write as its answer;
- :func:`command_line`: any list of words for any command, flags mixed with values;
- :func:`tests.fuzz.rooms.room_inputs` (a module of its own): a served room fed what its
  devices may send, its bots' answers and its clock's ticks.
"""

from __future__ import annotations

import builtins
import copy
import io
import json
import os
import shutil
import signal
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from functools import cache
from pathlib import Path
from typing import Any

from loupgarou.bots.agent import AgentBot
from loupgarou.bots.protocol import NoAnswer
from loupgarou.core.errors import LoupGarouError
from loupgarou.engine.record import replay, to_record
from loupgarou.scripting import parse_script, parse_text, play, read_script_file, render

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.y*ml")) + sorted((ROOT / "examples").glob("*.json"))

Path_ = tuple[Any, ...]
"""A path into a JSON document: keys and indices."""


class Bug(AssertionError):
    """A fuzz target found a bug: the input is in the message."""


# --- documents -----------------------------------------------------------------------------


@cache
def example_scripts() -> tuple[Any, ...]:
    return tuple(read_script_file(p) for p in EXAMPLES)


@cache
def example_records() -> tuple[Any, ...]:
    out = []
    for doc in example_scripts():
        played = play(parse_script(copy.deepcopy(doc)))
        out.append(json.loads(json.dumps(to_record(played.match))))
    return tuple(out)


def paths(doc: Any, here: Path_ = ()) -> Iterator[Path_]:
    """Every place in a document (the document itself first)."""
    yield here
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from paths(v, (*here, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from paths(v, (*here, i))


def replaced(doc: Any, edits: Sequence[tuple[int, Any]]) -> Any:
    """``doc`` with each edit applied: ``(n, value)`` puts ``value`` at the n-th place
    (modulo the number of places), or deletes it when ``value`` is the string ``"<del>"``."""
    out = copy.deepcopy(doc)
    for n, value in edits:
        places = list(paths(out))
        where = places[n % len(places)]
        if not where:
            out = value
            continue
        parent = out
        for key in where[:-1]:
            parent = parent[key]
        last = where[-1]
        if value == "<del>":
            del parent[last]
        else:
            parent[last] = value
    return out


# --- targets -------------------------------------------------------------------------------


def _expected(work: Any, what: str) -> Any:
    try:
        return work()
    except LoupGarouError:
        return None
    except Exception as exc:
        raise Bug(f"{what}: {type(exc).__name__}: {exc}") from exc


def script_text(text: str, as_json: bool = False) -> None:
    def work() -> None:
        script = parse_script(parse_text(text, "<fuzz>", as_json=as_json), "<fuzz>")
        render(play(script).verdict)

    _expected(work, f"script text {text[:200]!r}")


def script_document(example: int, edits: Sequence[tuple[int, Any]]) -> None:
    scripts = example_scripts()
    doc = replaced(scripts[example % len(scripts)], edits)

    def work() -> None:
        played = play(parse_script(doc, "<fuzz>"))
        render(played.verdict)
        json.dumps(played.verdict.to_json())
        json.dumps(to_record(played.match))

    _expected(work, f"script {EXAMPLES[example % len(scripts)].name} with {edits!r}"[:600])


def record_document(example: int, edits: Sequence[tuple[int, Any]]) -> None:
    records = example_records()
    doc = replaced(records[example % len(records)], edits)
    _expected(lambda: replay(doc), f"record of example {example} with {edits!r}"[:600])


class _Pipes:
    """A stand-in for an agent's process: its answer already waits on a real pipe."""

    def __init__(self, answer: bytes) -> None:
        read_end, write_end = os.pipe()
        os.write(write_end, answer[:60000])
        os.close(write_end)  # then the "program" has exited
        self.stdout = os.fdopen(read_end, "rb", buffering=0)
        self.stdin = open(os.devnull, "wb", buffering=0)  # noqa: SIM115
        self.returncode = 0

    def poll(self) -> int:
        return 0

    def kill(self) -> None:
        pass

    def wait(self, timeout: float | None = None) -> int:
        return 0


def agent_answer(answer: bytes) -> None:
    """The answer is read for the first decision of a real game; the bot must return one
    of the options or give up (NoAnswer), within its time limit."""
    from loupgarou.engine import new_match
    from loupgarou.variants.one_night import VARIANT

    deck = ["werewolf", "werewolf", "seer", "robber", "troublemaker", "villager"]
    match = new_match(VARIANT, ["Ann", "Bob", "Cid"], deck, seed=1)
    decision = match.pending()[0]
    bot = AgentBot(["unused"], decision.seat, timeout=0.2)
    pipes = _Pipes(answer)
    bot.proc = pipes  # type: ignore[assignment]
    started = time.monotonic()
    try:
        action = bot.decide(match.view(decision.seat), decision)
        if not decision.allows(action):
            raise Bug(f"agent answer {answer[:200]!r}: an illegal action was accepted")
        bot.speak(match.view(decision.seat))
    except NoAnswer:
        pass
    except LoupGarouError:
        pass
    except Bug:
        raise
    except Exception as exc:
        raise Bug(f"agent answer {answer[:200]!r}: {type(exc).__name__}: {exc}") from exc
    finally:
        pipes.stdout.close()
        pipes.stdin.close()
    if time.monotonic() - started > 5:
        raise Bug(f"agent answer {answer[:200]!r}: took {time.monotonic() - started:.1f} s")


COMMANDS: dict[str, tuple[str, ...]] = {
    "adjudicate": ("--json", "--record", "--lang", "--theme"),
    "roles": ("--family", "--json"),
    "scenarios": ("--family", "--json"),
    "rules": ("--json",),
    "themes": ("--json",),
    "tournament": ("--format", "--target", "--lives", "--json"),
    "simulate": (
        "--scenario",
        "--deck",
        "--players",
        "--bots",
        "--games",
        "--seed",
        "--workers",
        "--option",
        "--format",
        "--json",
        "--output",
        "--plot",
        "--agent-timeout",
        "--progress",
        "--no-progress",
    ),
    "play": (
        "--scenario",
        "--deck",
        "--players",
        "--seat",
        "--name",
        "--bots",
        "--seed",
        "--option",
        "--agent-timeout",
    ),
    "narrate": (
        "--family",
        "--scenario",
        "--deck",
        "--players",
        "--players-names",
        "--thief",
        "--specials",
        "--option",
        "--lang",
        "--theme",
        "--step-seconds",
        "--discussion-minutes",
        "--defence-seconds",
        "--election-minutes",
        "--edition",
        "--lone-wolf-peek",
        "--seed",
        "--dry-run",
        "--no-lone-wolf-peek",
        "--record",
        "--speak",
    ),
}
"""Every command and its flags (``tests/fuzz/test_fuzz.py`` checks the list is complete)."""

SERVERS: dict[str, tuple[str, ...]] = {
    "serve": (
        "--host",
        "--port",
        "--data",
        "--public-url",
        "--idle-hours",
        "--rooms-per-minute",
        "--no-qr",
        "--database-url",
        "--redis-url",
        "--redis-prefix",
        "--lease-seconds",
    ),
}
"""Commands that run until stopped: never fuzzed with random words (a good line would
start a server); their bad values are tried one by one in ``test_fuzz.py``."""

FAMILIES = ("one-night", "thiercelieux", "lupus", "lupus-in-tabula", "chess")
MAX_GAMES_FUZZED = 3


@contextmanager
def quiet_command(folder: Path) -> Iterator[tuple[io.StringIO, io.StringIO]]:
    """Run a command with no terminal (standard input closed), no waiting (``sleep`` does
    nothing), at most a few simulated games, one worker, in ``folder`` (which gets a copy
    of ``examples/``: the command lines name those copies, never the originals)."""
    from loupgarou.cli import simulate

    out, err = io.StringIO(), io.StringIO()
    real_run, real_sleep, real_input, real_stdin = (
        simulate.run,
        time.sleep,
        builtins.input,
        sys.stdin,
    )
    real_cwd = Path.cwd()

    def few_games(spec: Any, *, workers: int = 1, progress: Any = None) -> Any:
        from dataclasses import replace

        return real_run(replace(spec, games=min(spec.games, MAX_GAMES_FUZZED)), workers=1)

    def closed(prompt: object = "") -> str:
        raise EOFError

    simulate.run = few_games
    time.sleep = lambda seconds: None
    builtins.input = closed
    sys.stdin = io.StringIO("")
    copies = folder / "examples"
    if not copies.exists():  # the commands may write over these copies, never the originals
        shutil.copytree(ROOT / "examples", copies)
    os.chdir(folder)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            yield out, err
    finally:
        os.chdir(real_cwd)
        simulate.run = real_run
        time.sleep = real_sleep
        builtins.input = real_input
        sys.stdin = real_stdin


class Hang(Exception):
    """A command ran past its time limit."""


def command_line(words: Sequence[str], folder: Path, hang: float = 0.0) -> int:
    """Run ``loupgarou WORDS``: any exit code but 70 (an internal error) is fine; with
    ``hang`` (seconds), a command that runs longer is a finding too."""
    from loupgarou.cli.main import main

    def alarm(signum: int, frame: Any) -> None:
        raise Hang

    debug = os.environ.pop("LOUPGAROU_DEBUG", None)
    previous = signal.signal(signal.SIGALRM, alarm) if hang else None
    if hang:
        signal.setitimer(signal.ITIMER_REAL, hang)
    try:
        with quiet_command(folder) as (_, err):
            try:
                code = main(list(words))
            except SystemExit as exc:  # --help, --version
                code = int(exc.code or 0)
    except Hang as exc:
        raise Bug(
            f"loupgarou {' '.join(map(repr, words))}: still running after {hang:g} s"
        ) from exc
    finally:
        if hang:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        if debug is not None:
            os.environ["LOUPGAROU_DEBUG"] = debug
    if code == 70 or "Traceback" in err.getvalue():
        raise Bug(f"loupgarou {' '.join(map(repr, words))}: {err.getvalue().strip()[:400]}")
    return code

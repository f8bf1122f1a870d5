"""What every benchmark here shares: the floor, the timing loop, memory, intervals, profiles.

The scripts in ``bench/`` are run as ``python bench/NAME.py``, so this module is
imported by its bare name (``from measure import ...``).  It holds no benchmark of
its own and changes no global state beyond what a call says.
"""

from __future__ import annotations

import contextlib
import cProfile
import gc
import importlib.util
import os
import platform
import pstats
import random
import resource
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from loupgarou import compiled_build
from loupgarou.sim.stats import wilson

ROOT = Path(__file__).resolve().parents[1]
FLOOR = ROOT.parent / "shared" / "bench" / "floor_one_night.py"
"""The shared hand-written One Night loop, in the team's shared bench folder beside the
checkout (not part of this repository)."""

Z99 = 2.5758293035489
"""The two-sided 99 % quantile of the normal distribution."""


def _load(name: str, path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def build_name() -> str:
    """Which build of loupgarou this process runs: 'compiled' (mypyc's C extensions, see
    ``scripts/compile.py``) or 'interpreted' (the pure-Python source)."""
    return "interpreted" if compiled_build() is None else "compiled"


def describe_run() -> str:
    """The lines every benchmark prints first: the machine, its load, and the build."""
    lines = [
        f"machine: {platform.platform()}; {os.cpu_count()} CPUs; "
        f"Python {platform.python_version()} ({platform.python_implementation()})"
    ]
    with contextlib.suppress(OSError):  # not every system has a load average
        lines.append(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    compiled = compiled_build()
    if compiled is None:
        lines.append(
            "build: interpreted (pure Python; `make bench` also measures the compiled build)"
        )
    else:
        if (compiled / ".built").exists():  # scripts/compile.py's copy, on PYTHONPATH
            stale = _load("compile_script", ROOT / "scripts" / "compile.py").stale_files(compiled)
            where = f"{compiled}"
        else:  # an installed compiled wheel (`make wheel`, `make installed`)
            stale = installed_differences(compiled / "loupgarou")
            where = f"installed wheel in {compiled}"
        state = "up to date" if not stale else f"OUT OF DATE with src ({', '.join(stale[:3])})"
        lines.append(f"build: compiled with mypyc ({where}, {state})")
    return "\n".join(lines)


def installed_differences(package: Path) -> list[str]:
    """The modules whose source in an installed package differs from ``src`` (a wheel
    ships each compiled module's source beside it), or are missing on either side."""
    source = ROOT / "src" / "loupgarou"
    ours = {p.relative_to(source).as_posix() for p in source.rglob("*.py")}
    theirs = {p.relative_to(package).as_posix() for p in package.rglob("*.py")}
    differ = sorted(ours ^ theirs)
    differ += sorted(
        name
        for name in ours & theirs
        if (source / name).read_bytes() != (package / name).read_bytes()
    )
    return differ


def load_floor() -> Callable[[random.Random], str] | None:
    """The floor's ``play_py`` (one game with this generator, its winner), or None if the
    file is absent."""
    if not FLOOR.is_file():
        return None
    return cast(Callable[[random.Random], str], _load("floor_one_night", FLOOR).play_py)


def timed(play: Callable[[], str], games: int, wins: Counter[str]) -> float:
    """Play ``games`` games, count their results in ``wins``; the wall-clock seconds spent
    (after a garbage collection, so that no earlier garbage is paid for here)."""
    gc.collect()
    start = time.perf_counter()
    for _ in range(games):
        wins[play()] += 1
    return time.perf_counter() - start


def max_rss_mib() -> float:
    """This process's peak resident set size in MiB (Linux reports KiB, macOS bytes)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def interval99(k: int, n: int) -> tuple[float, float]:
    """A 99 % Wilson interval for a proportion k / n."""
    return wilson(k, n, Z99)


def print_profile(work: Callable[[], object], title: str, top: int) -> None:
    """Run ``work`` under cProfile and print the ``top`` functions by their own time."""
    profiler = cProfile.Profile()
    profiler.enable()
    work()
    profiler.disable()
    print(f"\ncProfile of {title} (top {top} by own time):")
    pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(top)

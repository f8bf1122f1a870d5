"""Build the compiled copy of loupgarou's hot modules with mypyc, in ``build/mypyc``.

The package is pure Python, and that is what an editable install, the tests and the
CLI run by default.  For speed, the modules that games, bots and simulations spend
their time in (``core``, ``engine``, ``variants``, ``bots``, ``sim``) can also be
compiled to C extensions with mypyc, the compiler that ships with mypy: it reads the
same type annotations that ``mypy --strict`` checks and keeps Python's semantics.

This script copies ``src/loupgarou`` to ``build/mypyc/loupgarou`` and compiles those
modules there, beside their source; the source tree is never touched.  The modules are
the compiled wheel's (``make wheel``, ``setup.py``): the list is in ``pyproject.toml``.  Put the
folder first on ``PYTHONPATH`` to run the compiled build (an extension module is
imported before a ``.py`` file of the same name)::

    PYTHONPATH=build/mypyc .venv/bin/loupgarou simulate ...

``make compiled`` runs this script when a source file has changed; ``make test`` runs
the whole test suite against both builds, and ``make bench`` measures both.

``--check`` only says whether the compiled copy is up to date with ``src`` (exit
status 0) or not (1), without building anything.

``--notes`` lists mypyc's notes on code it compiles less well (held back otherwise:
advice on speed, not problems).

usage: .venv/bin/python scripts/compile.py [--check] [--notes]
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import io
import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "loupgarou"
TARGET = ROOT / "build" / "mypyc"


def _setup_module() -> Any:
    """The repository's ``setup.py``, imported (it runs nothing when imported)."""
    spec = importlib.util.spec_from_file_location("loupgarou_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compiled_sources() -> list[str]:
    """The modules to compile, as paths relative to the package's parent folder: the
    compiled wheel's, listed in ``[tool.loupgarou.mypyc]`` of ``pyproject.toml``."""
    prefix = len("src/")
    return [path[prefix:] for path in _setup_module().compiled_sources(ROOT)]


def stale_files(target: Path = TARGET) -> list[str]:
    """The source files whose copy in the compiled tree is missing or different
    (and copies whose source is gone); empty when the compiled build is up to date."""
    copy = target / "loupgarou"
    if not (target / ".built").exists():
        return ["(no compiled build)"]
    ours = {p.relative_to(SOURCE).as_posix() for p in SOURCE.rglob("*.py")}
    theirs = {p.relative_to(copy).as_posix() for p in copy.rglob("*.py")}
    stale = sorted(ours ^ theirs)
    stale += sorted(
        name for name in ours & theirs if (SOURCE / name).read_bytes() != (copy / name).read_bytes()
    )
    return stale


def quietly(work: Callable[[], T], notes: bool) -> T:
    """Run mypyc's ``work`` with its notes on what it compiles less well held back (lines
    ``file:line: warning: Treating generator comprehension as list`` or ``Unsupported
    default attribute value``: advice on speed, not problems); ``notes`` prints them.
    Anything else mypyc prints (an error) is shown, and so is everything when it fails."""
    captured = io.StringIO()
    try:
        with contextlib.redirect_stdout(captured):
            result = work()
    except BaseException:
        sys.stdout.write(captured.getvalue())
        raise
    lines = [line for line in captured.getvalue().splitlines() if line.strip()]
    held = [line for line in lines if ": warning: " in line]
    for line in lines if notes else [line for line in lines if line not in held]:
        print(line)
    if held and not notes:
        print(f"mypyc: {len(held)} notes on speed held back (--notes lists them)")
    return result


def build(target: Path = TARGET, *, notes: bool = False) -> None:
    from mypyc.build import mypycify
    from setuptools import setup  # type: ignore[import-untyped]  # (its stubs disagree with mypyc's)

    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    shutil.copytree(SOURCE, target / "loupgarou", ignore=shutil.ignore_patterns("__pycache__"))
    sources = compiled_sources()
    print(f"compiling {len(sources)} modules with mypyc into {target.relative_to(ROOT)} ...")
    here = Path.cwd()
    os.chdir(target)
    try:
        setup(
            name="loupgarou-compiled",
            ext_modules=quietly(lambda: mypycify(sources, opt_level="3", multi_file=True), notes),
            script_args=["--quiet", "build_ext", "--inplace", "--parallel", str(os.cpu_count())],
        )
    finally:
        os.chdir(here)
    (target / ".built").write_text("built by scripts/compile.py\n")
    print("compiled build ready: put it first on PYTHONPATH to use it")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only report whether it is stale")
    parser.add_argument(
        "--notes", action="store_true", help="list mypyc's notes on code it compiles less well"
    )
    args = parser.parse_args()
    if args.check:
        stale = stale_files()
        if stale:
            print("the compiled build is out of date:", ", ".join(stale[:8]))
            return 1
        print("the compiled build is up to date")
        return 0
    build(notes=args.notes)
    return 0


if __name__ == "__main__":
    sys.exit(main())

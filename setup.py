"""Builds loupgarou's wheel: pure Python, or with mypyc's C extensions of the hot modules.

Everything about the package is in ``pyproject.toml``; this file only adds the compiled
modules when ``LOUPGAROU_MYPYC=1`` (as mypy and black build their compiled wheels: the
same source, compiled by mypyc through setuptools).  The modules compiled are listed in
``[tool.loupgarou.mypyc]`` of ``pyproject.toml``, with the reason for each one left out.

    LOUPGAROU_MYPYC=1 pip wheel --no-deps -w dist .    # what `make wheel` runs
    pip wheel --no-deps -w dist .                      # pure Python (`make wheel-pure`)

See ``docs/compiled-build.md``.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

from setuptools import setup  # type: ignore[import-untyped]  # (its stubs disagree with mypyc's)

ROOT = Path(__file__).resolve().parent


def compiled_sources(root: Path = ROOT) -> list[str]:
    """The modules mypyc compiles, as paths relative to ``root`` (``src/loupgarou/...``)."""
    config = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["loupgarou"]["mypyc"]
    package = root / "src" / "loupgarou"
    skip = set(config["interpreted"])
    found = []
    for name in config["packages"]:
        for path in sorted((package / name).rglob("*.py")):
            relative = path.relative_to(package).as_posix()
            if relative not in skip:
                found.append(path.relative_to(root).as_posix())
    return found


def ext_modules() -> list[object]:
    if os.environ.get("LOUPGAROU_MYPYC", "0") != "1":
        return []
    from mypyc.build import mypycify

    return list(
        mypycify(
            compiled_sources(),
            opt_level="3",
            multi_file=True,
            target_dir=str(Path("build") / "mypyc-wheel"),
        )
    )


if __name__ == "__main__":  # (setuptools runs this file as __main__; scripts/compile.py imports it)
    # Every core for the C compiler: the compiled build takes about a minute on two.
    setup(ext_modules=ext_modules(), options={"build_ext": {"parallel": os.cpu_count() or 1}})

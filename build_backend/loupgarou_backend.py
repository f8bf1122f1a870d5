"""loupgarou's build backend: setuptools' own, which asks for mypy when the wheel is compiled.

``LOUPGAROU_MYPYC=1`` builds the wheel with mypyc's C extensions of the hot modules
(``setup.py``); without it the wheel is pure Python.  Only a compiled build needs mypy
(mypyc ships with it), so it is added to the build's requirements then, and an isolated
build (``pip install`` from a source tree or an sdist, cibuildwheel) installs it itself.
This is setuptools' documented way of adding build requirements ("Dynamic build
dependencies" in its build_meta documentation).
"""

from __future__ import annotations

import os

from setuptools import build_meta as _setuptools  # type: ignore[import-untyped]
from setuptools.build_meta import *  # type: ignore[import-untyped]  # noqa: F403 - the other hooks

MYPY = "mypy>=1.10"
"""mypyc comes with mypy; the same lower bound as the development install's."""


def compiling() -> bool:
    """Whether this build compiles the hot modules (``LOUPGAROU_MYPYC=1``)."""
    return os.environ.get("LOUPGAROU_MYPYC", "0") == "1"


def get_requires_for_build_wheel(
    config_settings: dict[str, str | list[str]] | None = None,
) -> list[str]:
    extra = [MYPY] if compiling() else []
    return [*_setuptools.get_requires_for_build_wheel(config_settings), *extra]

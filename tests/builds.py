"""Which build of loupgarou the tests are running on.

``make test`` runs the whole suite twice: on the source (interpreted) and on the
compiled build (``scripts/compile.py``, mypyc), which is first on ``PYTHONPATH`` then.
A handful of tests check the *source's* structure with values a compiled class refuses
(stand-ins of the wrong type, class attributes mypyc does not keep); they carry
:data:`interpreted_only` and run once, on the source.
"""

from __future__ import annotations

import pytest

import loupgarou.engine.match
from loupgarou import compiled_build

COMPILED = compiled_build() is not None
"""True when the modules under test are mypyc's C extensions."""
WHERE = loupgarou.engine.match.__file__ or ""
"""Where the engine under test was loaded from."""

interpreted_only = pytest.mark.skipif(
    COMPILED, reason="checks the source's structure with values compiled classes refuse"
)

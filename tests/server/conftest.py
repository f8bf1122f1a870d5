from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.serving import Server


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path / "data").start()
    try:
        yield s
    finally:
        s.stop()

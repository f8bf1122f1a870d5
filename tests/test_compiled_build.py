"""``loupgarou.compiled_build()`` tells which build runs: the source, or mypyc's copy."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import loupgarou
import loupgarou.engine.match
from loupgarou import compiled_build
from loupgarou.cli.main import main


def test_the_build_in_use_is_named_by_where_the_engine_was_loaded_from() -> None:
    folder = compiled_build()
    where = loupgarou.engine.match.__file__ or ""
    if folder is None:
        assert where.endswith(".py")  # the interpreted source
    else:
        assert not where.endswith(".py")  # a C extension, in the compiled copy's tree
        assert (folder / "loupgarou" / "engine").is_dir()
        assert where.startswith(str(folder))


def test_the_build_is_the_one_the_run_expects() -> None:
    """``make unit-compiled`` runs the checkout's tests on the installed compiled wheel and
    sets ``LOUPGAROU_EXPECT_BUILD=compiled``: the package under test must then be the
    installed one, compiled, and not the checkout's source."""
    expected = os.environ.get("LOUPGAROU_EXPECT_BUILD")
    if expected is None:
        pytest.skip("no build expected (LOUPGAROU_EXPECT_BUILD is unset)")
    folder = compiled_build()
    assert ("compiled" if folder is not None else "interpreted") == expected
    source = Path(__file__).resolve().parents[1] / "src"
    assert not Path(loupgarou.__file__ or "").resolve().is_relative_to(source)


def test_the_version_says_which_build_runs(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--version"])
    said = capsys.readouterr().out
    assert said.startswith(f"loupgarou {loupgarou.__version__}: ")
    assert ("compiled with mypyc" in said) == (compiled_build() is not None)
    assert ("interpreted" in said) == (compiled_build() is None)

"""The README's examples really run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from loupgarou.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_library_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", README, re.DOTALL)
    assert blocks, "the README has a Python example"
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})
    assert "frozenset" in capsys.readouterr().out


@pytest.mark.parametrize(
    "command",
    sorted(
        command
        for command in set(re.findall(r"^\$ loupgarou (.+)$", README, re.MULTILINE))
        # interactive (tested in tests/sim) or a server that runs until stopped (tests/server)
        if not command.startswith(("play ", "serve"))
    ),
)
def test_every_console_example_runs(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    args = command.split()
    code = main(args)
    assert code == (1 if "refused-step" in command else 0), capsys.readouterr().err


def test_the_quoted_verdict_is_what_the_adjudicator_says(
    capsys: pytest.CaptureFixture[str],
) -> None:
    main(["adjudicate", str(ROOT / "examples" / "hunter-chain.yaml")])
    out = capsys.readouterr().out
    for line in (
        "Deaths: Bob (voted out); Ann (hunter: taken by Bob); Cid (hunter: taken by Ann)",
        "Winners: Ann, Bob, Dee, Eve and Fay — team village",
    ):
        assert line in out and line in README

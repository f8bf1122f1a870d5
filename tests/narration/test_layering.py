"""The layers below the CLI never reach up into it.

The narration package is data and pure functions; the table game masters
(:mod:`loupgarou.tablemaster`) sit above it and the engine, below the CLI and the server:
they do no I/O, never sleep, start no thread and read no clock (their driver does).
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import loupgarou.narration
import loupgarou.tablemaster

PACKAGE = Path(loupgarou.narration.__file__).parent
TABLEMASTER = Path(loupgarou.tablemaster.__file__).parent
IMPORT_CLI = re.compile(r"^\s*(from|import)\s+loupgarou\.cli\b", re.MULTILINE)
IMPORT_IO = re.compile(r"^\s*(from|import)\s+(time|subprocess|shutil)\b", re.MULTILINE)
ABOVE = ("loupgarou.cli", "loupgarou.server")
IO_MODULES = frozenset(
    {
        *("time", "datetime", "subprocess", "shutil", "os", "sys", "io", "pathlib", "socket"),
        *("select", "signal", "threading", "_thread", "asyncio", "concurrent", "sched"),
        *("multiprocessing", "logging", "tempfile", "urllib", "http", "builtins"),
    }
)
IO_CALLS = frozenset({"print", "input", "open", "breakpoint", "exec", "eval", "__import__"})


def test_no_narration_module_imports_the_cli() -> None:
    for module in PACKAGE.glob("*.py"):
        source = module.read_text(encoding="utf-8")
        assert not IMPORT_CLI.search(source), module.name
        assert not IMPORT_IO.search(source), module.name


def _probe(package: str) -> list[str]:
    """The modules of the CLI or the server that importing ``package`` loads."""
    probe = (
        f"import json, sys, {package}; "
        "print(json.dumps(sorted(m for m in sys.modules "
        "if m.startswith(('loupgarou.cli', 'loupgarou.server')))))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    loaded: list[str] = json.loads(result.stdout)
    return loaded


@pytest.mark.parametrize("package", ["loupgarou.narration", "loupgarou.tablemaster"])
def test_importing_the_lower_layers_loads_no_cli_or_server_module(package: str) -> None:
    assert _probe(package) == []


def test_every_narration_module_states_its_contract() -> None:
    for module in PACKAGE.glob("*.py"):
        source = module.read_text(encoding="utf-8")
        assert source.startswith('"""'), module.name


def _imports(tree: ast.Module) -> list[str]:
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names.append(node.module or "")
    return names


def test_the_table_game_masters_import_no_cli_no_server_and_no_io() -> None:
    modules = sorted(TABLEMASTER.glob("*.py"))
    assert {m.name for m in modules} >= {"base.py", "thiercelieux.py", "lupus.py", "session.py"}
    for module in modules:
        tree = ast.parse(module.read_text(encoding="utf-8"))
        docstring = ast.get_docstring(tree)
        assert docstring is not None and "Contract" in docstring, module.name
        for name in _imports(tree):
            assert not name.startswith(ABOVE), f"{module.name} imports {name}"
            assert name.split(".")[0] not in IO_MODULES, f"{module.name} imports {name}"
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            if isinstance(node.func, ast.Name):
                assert node.func.id not in IO_CALLS, f"{module.name} calls {node.func.id}"
            elif isinstance(node.func, ast.Attribute) and (
                isinstance(node.func.value, ast.Name) and node.func.value.id == "random"
            ):
                # Draws come from the seed only: random.Random(seed), never the global
                # generator nor the system's.
                call = f"random.{node.func.attr}"
                assert node.func.attr == "Random" and node.args, f"{module.name} calls {call}"

"""The rules-coverage tables in ``docs/rules-coverage/`` point at tests that exist.

Each table maps the rulings of one part of RULINGS.md (one row per ruling, its id
like ``2.4.c``: section, subsection, letter in order) to the tests that check the
situation.  This test keeps the tables honest as the code moves: every row names
at least one test, every named test is defined where the table says, and every
subsection of the family has rows.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TABLES = ROOT / "docs" / "rules-coverage"

SECTIONS = {
    "shared.md": ("0", "4"),
    "one-night.md": ("1.1", "1.2", "1.3", "1.4", "1.5"),
    "thiercelieux.md": ("2.1", "2.2", "2.3", "2.4", "2.5"),
    "lupus.md": ("3.1", "3.2", "3.3", "3.4"),
}
"""Each table and the RULINGS.md subsections it must cover."""

ROW = re.compile(r"^\|\s*(\d+(?:\.\d+)*\.[a-z]+)\s*\|(.*)\|\s*$")
REFERENCE = re.compile(r"`(tests/[\w/]+\.py)::([\w:]+)`")


def rows(table: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """The ruling rows of a table: (ruling id, [(test file, test name)])."""
    out = []
    for line in (TABLES / table).read_text(encoding="utf-8").splitlines():
        match = ROW.match(line)
        if match:
            out.append((match[1], REFERENCE.findall(match[2])))
    return out


@cache
def defined(path: str) -> frozenset[str]:
    """``name`` and ``Class::name`` for every test function and method of a file."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    names.add(f"{node.name}::{item.name}")
    return frozenset(names)


@pytest.mark.parametrize("table", sorted(SECTIONS))
def test_every_subsection_has_rows(table: str) -> None:
    ids = [ruling for ruling, _ in rows(table)]
    for section in SECTIONS[table]:
        assert any(r.startswith(section + ".") for r in ids), f"{table}: no row for §{section}"
    assert len(ids) == len(set(ids)), f"{table}: a ruling id appears twice"


@pytest.mark.parametrize("table", sorted(SECTIONS))
def test_every_row_names_tests_that_exist(table: str) -> None:
    for ruling, references in rows(table):
        assert references, f"{table} {ruling}: no test named"
        for path, name in references:
            assert (ROOT / path).is_file(), f"{table} {ruling}: no file {path}"
            assert name.startswith(("test_", "Test")), f"{table} {ruling}: {name} is not a test"
            assert name in defined(path), f"{table} {ruling}: {path} defines no {name}"

"""Every link of the README and the docs leads somewhere inside the repository: a clone
or an install has no `../shared` folder beside it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", ROOT / "bench" / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_every_relative_link_resolves_inside_the_repository() -> None:
    broken = []
    for page in PAGES:
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            path = (page.parent / target.split("#")[0]).resolve()
            if not path.exists() or ROOT not in path.parents:
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert not broken, broken


def test_no_page_points_outside_the_repository() -> None:
    outside = [
        f"{page.relative_to(ROOT)}: {m}"
        for page in PAGES
        for m in re.findall(r"`\.\./[^`]*`", page.read_text(encoding="utf-8"))
    ]
    assert not outside, outside

"""Rewrite the golden playthroughs in ``tests/golden/`` (``make golden``).

Run it after a change that is meant to alter what players see, then review
the diff of ``tests/golden/*.json`` like any other change.  The games, the
policy and the file format (the per-seat ``views`` layout, and the ``shared`` layout of
the long Lupus in Tabula games) live in :mod:`tests.golden.playthroughs`.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a plain script: make `tests` importable
    sys.path.insert(0, str(ROOT))

from tests.golden.playthroughs import write_all  # noqa: E402


def main() -> int:
    total = 0
    for path in write_all():
        size = path.stat().st_size
        total += size
        print(f"wrote {path.relative_to(ROOT)} ({size / 1024:.1f} KiB)")
    print(f"total {total / 1024:.1f} KiB (tests/golden/test_golden.py keeps it under 800 KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

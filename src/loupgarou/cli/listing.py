"""Placeholder for the 'listing' command (being written)."""

from __future__ import annotations

import argparse
from typing import Any


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser("listing", help="(not yet available)")
    p.set_defaults(func=lambda args: 1)

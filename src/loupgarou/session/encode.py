"""JSON text for the states sent to devices, built from pieces already encoded.

Contract: :func:`dumps` encodes a JSON value like ``json.dumps`` (compact separators,
ASCII only), except that a :class:`Raw` is taken as JSON text already and inserted as
it is.  The states a room sends share large parts (every event of the game, encoded once
and kept; the room's lobby, once per change): encoding them once instead of once per
device and per message is what keeps a server of many rooms fast (measured in
docs/server.md).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

_encode: Final = json.JSONEncoder(separators=(",", ":")).encode


class Raw(str):
    """JSON text, inserted as it is by :func:`dumps`."""

    __slots__ = ()


def dumps(value: Any) -> str:
    """``value`` as compact JSON, with every :class:`Raw` inserted as it is.  Only dicts
    are walked here (that is where the states hold their pieces); anything else goes to
    the C encoder whole."""
    kind = type(value)
    if kind is Raw:
        return str(value)
    if kind is dict or (kind is not list and isinstance(value, Mapping)):
        return "{" + ",".join(_encode(str(k)) + ":" + dumps(v) for k, v in value.items()) + "}"
    return _encode(value)


def raw(value: Any) -> Raw:
    """``value`` encoded once, to be inserted many times."""
    return Raw(_encode(value))

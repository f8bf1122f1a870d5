"""JSON text for the states sent to devices, built from pieces already encoded.

Contract: :func:`dumps` encodes a JSON value compactly (no spaces; UTF-8 text, so a name
such as "Élise" is sent as it is, not escaped), except that a :class:`Raw` is taken as
JSON text already and inserted as it is.  The states a room sends share large parts
(every event of the game, encoded once and kept; the room's lobby, once per change):
encoding them once instead of once per device and per message, and with orjson rather
than the standard library's encoder, is what keeps a server of many rooms fast
(measured in docs/server.md).  Sizes that must be equal on the wire are counted in UTF-8
bytes (:func:`wire_size`), not in characters.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any, Final

import orjson

# Raw (a str subclass) reaches _default instead of being encoded as a string.
_OPTIONS: Final = orjson.OPT_PASSTHROUGH_SUBCLASS


class Raw(str):
    """JSON text, inserted as it is by :func:`dumps`."""

    __slots__ = ()


def _default(value: Any) -> Any:
    if type(value) is Raw:
        return orjson.Fragment(str(value))
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, str):
        return str(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, Mapping):
        return dict(value)
    if isinstance(value, (list, tuple)):
        return list(value)
    raise TypeError(f"cannot encode {type(value).__name__} as JSON")


def dumps(value: Any) -> str:
    """``value`` as compact JSON, with every :class:`Raw` inserted as it is."""
    return orjson.dumps(value, default=_default, option=_OPTIONS).decode()


def raw(value: Any) -> Raw:
    """``value`` encoded once, to be inserted many times."""
    return Raw(dumps(value))


def wire_size(text: str) -> int:
    """How many bytes ``text`` takes in a WebSocket text frame (UTF-8)."""
    return len(text.encode())

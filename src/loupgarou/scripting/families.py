"""Which dialect speaks for which family.

Contract: :func:`dialect_for` takes a family's canonical name and returns its
dialect; a family without one gets the generic :class:`Dialect`, so a script
for it still plays (with fewer checks and plainer sentences).
"""

from __future__ import annotations

from loupgarou.scripting.dialect import Dialect
from loupgarou.scripting.lupus import LupusDialect
from loupgarou.scripting.one_night import OneNightDialect
from loupgarou.scripting.thiercelieux import ThiercelieuxDialect

DIALECTS: dict[str, Dialect] = {
    d.family: d for d in (OneNightDialect(), ThiercelieuxDialect(), LupusDialect())
}


def dialect_for(family: str) -> Dialect:
    found = DIALECTS.get(family)
    if found is not None:
        return found
    generic = Dialect()
    generic.family = family
    return generic

"""The registry of rules families, found by name or alias."""

from __future__ import annotations

from loupgarou.core.errors import SetupError
from loupgarou.core.variant import Variant
from loupgarou.variants.lupus import VARIANT as LUPUS
from loupgarou.variants.one_night import VARIANT as ONE_NIGHT
from loupgarou.variants.thiercelieux import VARIANT as THIERCELIEUX

FAMILIES: tuple[Variant, ...] = (ONE_NIGHT, THIERCELIEUX, LUPUS)


def find_family(name: str) -> Variant:
    wanted = name.strip().lower()
    for family in FAMILIES:
        if wanted == family.name or wanted in family.aliases:
            return family
    known = ", ".join(f.name for f in FAMILIES)
    raise SetupError("setup.unknown_family", f"no game family '{name}'; known: {known}")

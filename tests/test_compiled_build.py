"""``loupgarou.compiled_build()`` tells which build runs: the source, or mypyc's copy."""

from __future__ import annotations

import loupgarou.engine.match
from loupgarou import compiled_build


def test_the_build_in_use_is_named_by_where_the_engine_was_loaded_from() -> None:
    folder = compiled_build()
    where = loupgarou.engine.match.__file__ or ""
    if folder is None:
        assert where.endswith(".py")  # the interpreted source
    else:
        assert not where.endswith(".py")  # a C extension, in the compiled copy's tree
        assert (folder / "loupgarou" / "engine").is_dir()
        assert where.startswith(str(folder))

"""Writing the files a command produces (game records, reports), safely.

:func:`write_atomically` writes the whole text to a temporary file in the same folder,
then moves it over the target with :func:`os.replace`: a reader never sees half a file,
and a write that fails (a full disk, an interruption) leaves the old file as it was.  It
refuses to write over any of the command's own input files (``adjudicate X --record X``
would have replaced the script by its record).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

from loupgarou.core.errors import ScriptError


def usable_name(path: str | Path, what: str, code: str = "script.cannot_write") -> Path:
    """``path`` as a Path, or ``code`` when the name cannot name a file (a NUL character,
    which no file system takes)."""
    if "\x00" in str(path):
        raise ScriptError(code, f"{what}: the file name {str(path)!a} holds a NUL character")
    return Path(path)


def same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` name the same file (through links and ``..`` too)."""
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return a.resolve() == b.resolve()


def check_writable(path: str | Path, what: str = "the file") -> None:
    """Refuse early (``script.cannot_write``) a file whose folder does not exist, or that
    is a folder: said before the work whose result it would hold."""
    target = usable_name(path, what)
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise ScriptError(
            "script.cannot_write", f"cannot write {what} to '{target}': no folder '{folder}'"
        )
    if target.is_dir():
        raise ScriptError("script.cannot_write", f"cannot write {what} to '{target}': a folder")


def write_atomically(
    path: str | Path, text: str, *, what: str = "the file", inputs: Iterable[str | Path] = ()
) -> None:
    """Write ``text`` to ``path`` all at once, or not at all (see the module docstring).

    Errors: ``script.overwrites_input`` when ``path`` is one of ``inputs``;
    ``script.cannot_write`` when the folder or the file cannot be written."""
    target = usable_name(path, what)
    for source in inputs:
        if (
            str(source) not in ("-", "")
            and "\x00" not in str(source)
            and same_file(target, Path(source))
        ):
            raise ScriptError(
                "script.overwrites_input",
                f"{what} would overwrite the input '{source}': give another file name",
            )
    folder = target.parent if str(target.parent) else Path(".")
    if target.is_dir():
        raise ScriptError("script.cannot_write", f"cannot write {what} to '{target}': a folder")
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise ScriptError(
            "script.cannot_write", f"cannot write {what} to '{target}': {exc.strerror}"
        ) from exc
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        with contextlib.suppress(OSError):  # keep the old file's permissions when it had some
            os.chmod(temporary, os.stat(target).st_mode if target.exists() else 0o644)
        os.replace(temporary, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise ScriptError(
            "script.cannot_write", f"cannot write {what} to '{target}': {exc.strerror}"
        ) from exc
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise

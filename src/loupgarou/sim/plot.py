"""Win-rate charts (needs the optional ``plot`` extra: ``pip install 'loupgarou[plot]'``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from loupgarou.core.errors import ScriptError
from loupgarou.sim.stats import Summary

FORMATS = (".png", ".svg", ".pdf")
"""The image files ``--plot`` writes, by file name ending."""


def check_plot(path: str | Path) -> None:
    """Refuse, before any game is played, a ``--plot`` file that cannot be drawn: a name
    that is not ``.png``, ``.svg`` or ``.pdf`` (``script.bad_plot_file``), a folder that
    does not exist (``script.cannot_write``), or no matplotlib (``script.no_plotting``)."""
    p = Path(path)
    if "\x00" in str(p):
        raise ScriptError(
            "script.cannot_write", f"--plot: the file name {str(p)!a} holds a NUL character"
        )
    if p.suffix.lower() not in FORMATS:
        raise ScriptError(
            "script.bad_plot_file",
            f"--plot draws an image: give a file name ending in {', '.join(FORMATS)}, not '{p}'",
        )
    folder = p.parent if str(p.parent) else Path(".")
    if not folder.is_dir():
        raise ScriptError("script.cannot_write", f"cannot write {p}: there is no folder '{folder}'")
    _pyplot()


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise ScriptError(
            "script.no_plotting",
            "--plot needs matplotlib: pip install 'loupgarou[plot]' (or pip install matplotlib)",
        ) from exc
    return plt


def plot_summary(summary: Summary, path: str | Path) -> None:
    """Draw each team's and each starting role's win rate, with 95 % intervals, to ``path``."""
    check_plot(path)
    plt = _pyplot()
    rows = [(f"team: {t}", r) for t, r in summary.teams.items()]
    rows.append(("nobody (draw)", summary.draws))
    rows += [(f"role: {t}", r) for t, r in summary.roles.items()]
    labels = [name for name, _ in rows]
    rates = [100 * r.rate for _, r in rows]
    # error bars are lengths: never below 0 (a bound a hair past its rate)
    low = [max(0.0, 100 * (r.rate - r.interval[0])) for _, r in rows]
    high = [max(0.0, 100 * (r.interval[1] - r.rate)) for _, r in rows]
    fig, ax = plt.subplots(figsize=(8, 0.45 * len(rows) + 1.5))
    colours = [
        "#4c72b0" if n.startswith("team") else "#999999" if n.startswith("nobody") else "#dd8452"
        for n in labels
    ]
    ax.barh(range(len(rows)), rates, xerr=[low, high], color=colours, capsize=3)
    ax.set_yticks(range(len(rows)), labels)
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel("win rate (%), with 95 % intervals")
    ax.set_title(f"{summary.label}: {summary.games} games")
    fig.tight_layout()
    try:
        fig.savefig(str(path))
    except OSError as exc:
        raise ScriptError("script.cannot_write", f"cannot write {path}: {exc}") from exc
    finally:
        plt.close(fig)

"""Win-rate charts (needs the optional ``plot`` extra: ``pip install 'loupgarou[plot]'``)."""

from __future__ import annotations

from pathlib import Path

from loupgarou.core.errors import ScriptError
from loupgarou.sim.stats import Summary


def plot_summary(summary: Summary, path: str | Path) -> None:
    """Draw each team's and each starting role's win rate, with 95 % intervals, to ``path``."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise ScriptError(
            "script.no_plotting",
            "--plot needs matplotlib: pip install 'loupgarou[plot]' (or pip install matplotlib)",
        ) from exc
    rows = [(f"team: {t}", r) for t, r in summary.teams.items()]
    rows.append(("nobody (draw)", summary.draws))
    rows += [(f"role: {t}", r) for t, r in summary.roles.items()]
    labels = [name for name, _ in rows]
    rates = [100 * r.rate for _, r in rows]
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

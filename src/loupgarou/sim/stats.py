"""Statistics of many games: win rates with 95 % Wilson intervals, lengths, draws.

Everything here is a pure function of the list of :class:`GameResult` in game
order, so the same games always give the same numbers, to the last digit.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from loupgarou.core.events import JSON

Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game, reduced to what the reports need (plain values: picklable)."""

    index: int
    teams: tuple[str, ...]
    """Winning teams (empty: nobody won)."""
    winners: tuple[int, ...]
    roles: tuple[str, ...]
    """Each seat's starting role."""
    sides: tuple[str, ...]
    """Each seat's starting side."""
    kinds: tuple[str, ...]
    """Each seat's bot kind."""
    nights: int
    decisions: int
    statements: int
    timeouts: int = 0
    faults: tuple[tuple[int, str, str], ...] = ()
    """Each answer a bot could not give: (seat, decision kind or ``speak``, code)."""


WHY: dict[str, str] = {
    "agent.crashed": "crashed (the program exited)",
    "agent.stuck": "stuck (it did not read its input, so it was stopped)",
    "agent.timeout": "late (no answer within the time limit)",
    "agent.bad_answer": "unreadable answer",
    "agent.illegal_choice": "illegal choice",
}
"""Why a bot's answer was replaced by the default, in words, by code."""


@dataclass(frozen=True, slots=True)
class Fault:
    """Answers of one bot that were replaced by the default, for one decision and reason."""

    bot: str
    """The bot's kind (``agent:COMMAND``)."""
    seat: int
    decision: str
    """The decision's kind, or ``speak`` for a turn to talk."""
    code: str
    count: int

    def to_json(self) -> dict[str, JSON]:
        return {
            "bot": self.bot,
            "seat": self.seat,
            "decision": self.decision,
            "code": self.code,
            "why": WHY.get(self.code, self.code),
            "count": self.count,
        }

    def text(self) -> str:
        times = "once" if self.count == 1 else f"{self.count} times"
        return (
            f"seat {self.seat} ({self.bot}), decision '{self.decision}': "
            f"{WHY.get(self.code, self.code)}, {times}"
        )


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``k / n`` (95 % by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # At k = 0 (k = n) the bound is exactly 0 (1); rounding leaves it a hair away, as
    # 6.9e-18, which would put the interval on the wrong side of the rate.
    low = 0.0 if k <= 0 else max(0.0, min(p, centre - half))
    high = 1.0 if k >= n else min(1.0, max(p, centre + half))
    return (low, high)


@dataclass(frozen=True, slots=True)
class Rate:
    """``wins`` out of ``games``, with its 95 % interval."""

    wins: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def to_json(self) -> dict[str, JSON]:
        lo, hi = self.interval
        return {
            "wins": self.wins,
            "games": self.games,
            "rate": round(self.rate, 6),
            "ci95": [round(lo, 6), round(hi, 6)],
        }

    def text(self) -> str:
        lo, hi = self.interval
        return f"{100 * self.rate:5.1f} %  [{100 * lo:5.1f}, {100 * hi:5.1f}]"


@dataclass(frozen=True, slots=True)
class Summary:
    """The report of a simulation."""

    label: str
    games: int
    teams: dict[str, Rate]
    roles: dict[str, Rate]
    """Per starting role: seat-games with that role, and how many of them won."""
    draws: Rate
    mean_nights: float
    mean_decisions: float
    mean_statements: float
    timeouts: int
    faults: tuple[Fault, ...] = ()
    """The answers replaced by the default, grouped by bot, seat, decision and reason."""

    def to_json(self) -> dict[str, JSON]:
        return {
            "label": self.label,
            "games": self.games,
            "teams": {t: r.to_json() for t, r in self.teams.items()},
            "roles": {t: r.to_json() for t, r in self.roles.items()},
            "draws": self.draws.to_json(),
            "mean_nights": round(self.mean_nights, 6),
            "mean_decisions": round(self.mean_decisions, 6),
            "mean_statements": round(self.mean_statements, 6),
            "timeouts": self.timeouts,
            "replaced_answers": [f.to_json() for f in self.faults],
        }


def summarise(label: str, results: Sequence[GameResult], teams: Sequence[str] = ()) -> Summary:
    """Aggregate ``results`` (in game order).  ``teams`` are listed even with no win."""
    n = len(results)
    won: Counter[str] = Counter()
    for r in results:
        won.update(r.teams)
    names = list(teams) + sorted(t for t in won if t not in teams)
    faults: Counter[tuple[str, int, str, str]] = Counter()
    for r in results:
        for seat, decision, code in r.faults:
            faults[(r.kinds[seat] if seat < len(r.kinds) else "?", seat, decision, code)] += 1
    role_games: Counter[str] = Counter()
    role_wins: Counter[str] = Counter()
    for r in results:
        winners = set(r.winners)
        for seat, role in enumerate(r.roles):
            role_games[role] += 1
            if seat in winners:
                role_wins[role] += 1
    return Summary(
        label=label,
        games=n,
        teams={t: Rate(won[t], n) for t in names},
        roles={role: Rate(role_wins[role], role_games[role]) for role in sorted(role_games)},
        draws=Rate(sum(1 for r in results if not r.teams), n),
        mean_nights=sum(r.nights for r in results) / n if n else 0.0,
        mean_decisions=sum(r.decisions for r in results) / n if n else 0.0,
        mean_statements=sum(r.statements for r in results) / n if n else 0.0,
        timeouts=sum(r.timeouts for r in results),
        faults=tuple(Fault(*key, count) for key, count in sorted(faults.items())),
    )


def as_table(summary: Summary) -> str:
    lines = [f"{summary.label}: {summary.games} games"]
    lines.append("  team                 win rate  [95 % interval]")
    for team, rate in summary.teams.items():
        lines.append(f"  {team:<18} {rate.text()}")
    lines.append(f"  {'nobody (draw)':<18} {summary.draws.text()}")
    lines.append("  starting role        win rate  [95 % interval]   seat-games")
    for role, rate in summary.roles.items():
        lines.append(f"  {role:<18} {rate.text()}   {rate.games}")
    lines.append(
        f"  mean length: {summary.mean_nights:.2f} nights, {summary.mean_decisions:.1f} "
        f"decisions, {summary.mean_statements:.1f} statements"
    )
    if summary.timeouts:
        lines.append(f"  timeouts (bots that gave no usable answer): {summary.timeouts}")
    if summary.faults:
        lines.append("  answers replaced by the default:")
        lines.extend(f"    {f.text()}" for f in summary.faults)
    return "\n".join(lines)


def as_json(summary: Summary) -> str:
    return json.dumps(summary.to_json(), ensure_ascii=False, indent=2)


def as_csv(summary: Summary) -> str:
    """One row per team, per starting role, and the draws."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["label", "kind", "name", "wins", "games", "rate", "ci95_low", "ci95_high"])
    rows = [("team", t, r) for t, r in summary.teams.items()]
    rows.append(("draw", "nobody", summary.draws))
    rows += [("role", t, r) for t, r in summary.roles.items()]
    for kind, name, r in rows:
        lo, hi = r.interval
        w.writerow(
            [summary.label, kind, name, r.wins, r.games, f"{r.rate:.6f}", f"{lo:.6f}", f"{hi:.6f}"]
        )
    w.writerow(
        [
            summary.label,
            "length",
            "mean_nights",
            "",
            summary.games,
            f"{summary.mean_nights:.6f}",
            "",
            "",
        ]
    )
    w.writerow(
        [
            summary.label,
            "length",
            "mean_decisions",
            "",
            summary.games,
            f"{summary.mean_decisions:.6f}",
            "",
            "",
        ]
    )
    return out.getvalue()

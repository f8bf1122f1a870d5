"""The verdict as text for people.

Contract: :func:`render` turns a :class:`Verdict` into plain text (no colour,
no terminal codes), in this order: what was played, the game as the moderator
saw it, what each player learned, then the result or the state the game was
left in.  It shows everything the JSON form holds, except option lists longer
than :data:`MAX_OPTIONS`, which are cut with a count of the rest.
"""

from __future__ import annotations

from collections.abc import Sequence

from loupgarou.scripting.families import dialect_for
from loupgarou.scripting.verdict import Ending, Line, Standing, Verdict
from loupgarou.scripting.words import and_list, with_names

MAX_OPTIONS = 12


def _when(step: int | None) -> str:
    return "set-up" if step is None else f"step {step}"


def _lines(lines: Sequence[Line], indent: str) -> list[str]:
    return [f"{indent}{_when(li.step):<8} {li.text}" for li in lines]


def render(v: Verdict) -> str:
    """See the module docstring."""
    dialect = dialect_for(v.family)
    names = v.players
    out: list[str] = []
    title = f" — {v.title}" if v.title else ""
    out.append(f"Verdict for {v.source}{title}")
    table = f"Family: {v.family}"
    if v.scenario:
        table += f" · scenario: {v.scenario}"
    out.append(f"{table} · {len(names)} players: {', '.join(names)}")
    if v.deck:
        counts: dict[str, int] = {}
        for role in v.deck:
            counts[role] = counts.get(role, 0) + 1
        out.append(
            "Deck: "
            + ", ".join(
                dialect.role_name(role) + (f" ×{c}" if c > 1 else "") for role, c in counts.items()
            )
        )
    for w in v.warnings:
        out.append(f"Warning [{w.code}]: {w.message}")
    out.append("")
    out.append(_summary(v))
    if v.played:
        out.append("")
        out.append("Steps played")
        for p in v.played:
            note = f"  ({p.note})" if p.note else ""
            out.append(f"  {p.number:>3}. {p.text}{note}")
    if v.rejected is not None:
        r = v.rejected
        out.append("")
        out.append(f"Step {r.number} was refused: {r.text}")
        out.append(f"  [{r.code}] {with_names(r.message, names)}")
        out.append("  Nothing of this step, nor of any step after it, was applied.")
    out.append("")
    out.append("The game as the moderator saw it")
    out.extend(_lines(v.timeline, "  "))
    out.append("")
    out.append("What each player learned")
    for k in v.knowledge:
        dealt = f" — dealt the {dialect.role_name(k.dealt)}" if k.dealt else ""
        out.append(f"  {names[k.seat]}{dealt}")
        out.extend(_lines(k.learned, "    ") or ["    (nothing yet)"])
    story = dialect.story_lines(v)
    if story:
        out.append("")
        out.extend(story)
    out.append("")
    if v.ending is not None:
        out.extend(_ending(v, v.ending))
    else:
        out.extend(_standing(v, v.standing))
    return "\n".join(out) + "\n"


def _summary(v: Verdict) -> str:
    total, done = v.steps_total, len(v.played)
    if v.rejected is not None:
        return f"Stopped at step {v.rejected.number} of {total}: {done} accepted, then one refused."
    if total == 0:
        return "The script has no steps" + ("; the game is over." if v.standing.over else ".")
    if v.standing.over:
        return f"All {total} steps accepted; the game is over."
    return f"All {total} steps accepted; the game is not over yet."


def _ending(v: Verdict, e: Ending) -> list[str]:
    dialect = dialect_for(v.family)
    names = v.players
    out = ["Result"]
    if e.cards:
        out.append("  Cards at the end:")
        width = max(len(n) for n in names)
        for c in e.cards:
            shown = dialect.role_name(c.card)
            if c.effective != c.card:
                shown += f", standing for the {dialect.role_name(c.effective)}"
            out.append(f"    {names[c.seat]:<{width}}  {shown}  (team {c.team})")
        if e.centre:
            label = dialect.centre_label
            shown = ", ".join(dialect.role_name(r) for r in e.centre)
            out.append(f"    {label:<{width}}  {shown}")
    for cp in e.copies:
        where = (
            f"in front of {names[cp.holder]}"
            if cp.holder is not None
            else f"in the centre (card {cp.centre})"
        )
        out.append(
            f"  Doppelgänger: {names[cp.seat]} copied the {dialect.role_name(cp.copied)}; "
            f"that card ended {where}."
        )
    if e.deaths:
        out.append("  Deaths: " + "; ".join(dialect.death_words(d, names) for d in e.deaths))
    else:
        out.append("  Deaths: nobody died.")
    winners = and_list([names[s] for s in e.winners], "nobody")
    teams = f" — team {', '.join(e.teams)}" if e.teams else ""
    out.append(f"  Winners: {winners}{teams}")
    out.append("  Why:")
    out.extend(f"    - {with_names(r.text, names)} [{r.code}]" for r in e.reasons)
    out.extend(dialect.ending_lines(v))
    return out


def _standing(v: Verdict, s: Standing) -> list[str]:
    names = v.players
    dialect = dialect_for(v.family)
    out = ["Where the game stopped"]
    out.append(
        f"  Game over: {'yes' if s.over else 'no'}" + (f" · phase: {s.phase}" if s.phase else "")
    )
    out.extend(dialect.standing_lines(v))
    alive = [names[x] for x in s.alive]
    out.append(f"  Alive: {'everyone' if len(alive) == len(names) else and_list(alive)}")
    if s.dead:
        out.append(f"  Dead: {and_list([names[x] for x in s.dead])}")
    if s.pending:
        out.append("  Waiting for:")
        for p in s.pending:
            options = [dialect.describe_action(a, names) for a in p.options[:MAX_OPTIONS]]
            more = len(p.options) - MAX_OPTIONS
            if more > 0:
                options.append(f"... and {more} more")
            kind = "optional" if p.optional else "mandatory"
            what = dialect.decision_name(p.kind)
            what = p.kind if what == p.kind else f"{what} [{p.kind}]"
            out.append(
                f"    {names[p.seat]} — {what} ({kind}; if no answer: "
                f"{dialect.describe_action(p.default, names)})"
            )
            out.append(f"      options: {' | '.join(options)}")
    else:
        out.append("  Waiting for: nobody")
    if s.table is not None:
        cards = "; ".join(
            f"{names[i]}: {dialect.role_name(r)}" for i, r in enumerate(s.table.cards)
        )
        if s.table.centre:
            centre = ", ".join(dialect.role_name(r) for r in s.table.centre)
            cards += f"; {dialect.centre_label}: {centre}"
        out.append(f"  Cards now: {cards}")
    return out

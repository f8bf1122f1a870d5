"""The verdict as text for people.

Contract: :func:`render` turns a :class:`Verdict` into plain text (no colour,
no terminal codes), in this order: what was played, the game as the moderator
saw it, what each player learned, then the result or the state the game was
left in.  It shows everything the JSON form holds, except option lists longer
than :data:`MAX_OPTIONS`, which are cut with a count of the rest.  Its headings and
the family's story in short are in the words of the
:class:`~loupgarou.scripting.speech.Speech` it is given (English by default); render a
verdict told in the same language (``play(script, speech)``), so that its sentences
match.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from loupgarou.scripting.families import dialect_for
from loupgarou.scripting.speech import Speech, speech_for
from loupgarou.scripting.verdict import Ending, Line, Standing, Verdict
from loupgarou.scripting.words import slot, with_names

Say = Callable[..., str]

MAX_OPTIONS = 12


def _when(step: int | None, say: Say) -> str:
    return say("report.setup") if step is None else say("report.step", n=step)


def _lines(lines: Sequence[Line], indent: str, say: Say) -> list[str]:
    return [f"{indent}{_when(li.step, say):<8} {li.text}" for li in lines]


def render(v: Verdict, speech: Speech | None = None) -> str:
    """See the module docstring; the report is in ``speech``'s words (English by default:
    the verdict's own sentences are in the language it was told in)."""
    dialect = dialect_for(v.family)
    words = speech or speech_for(v.family)
    say = words.say
    role = words.role if words.roles else dialect.role_name
    names = v.players
    out: list[str] = []
    title = say("report.title_part", title=v.title) if v.title else ""
    out.append(say("report.title", source=v.source, title=title))
    family_key = f"report.family.{v.family}"
    family = say(family_key) if family_key in words.texts else v.family
    table = say("report.family", family=family)
    if v.scenario:
        table += say("report.scenario", scenario=dialect.scenario_title(v.scenario))
    out.append(table + say("report.players", count=len(names), names=", ".join(names)))
    if v.deck:
        counts: dict[str, int] = {}
        for card in v.deck:
            counts[card] = counts.get(card, 0) + 1
        out.append(
            say(
                "report.deck",
                deck=", ".join(role(r) + (f" ×{c}" if c > 1 else "") for r, c in counts.items()),
            )
        )
    for w in v.warnings:
        out.append(say("report.warning", code=w.code, message=w.message))
    out.append("")
    out.append(_summary(v, say))
    if v.played:
        out.append("")
        out.append(say("report.steps_played"))
        for p in v.played:
            note = f"  ({p.note})" if p.note else ""
            out.append(f"  {p.number:>3}. {p.text}{note}")
    if v.rejected is not None:
        r = v.rejected
        out.append("")
        out.append(say("report.refused", n=r.number, text=r.text))
        out.append(f"  [{r.code}] {with_names(r.message, names)}")
        out.append(say("report.refused_nothing"))
    out.append("")
    out.append(say("report.timeline"))
    out.extend(_lines(v.timeline, "  ", say))
    out.append("")
    out.append(say("report.learned"))
    for k in v.knowledge:
        dealt = say("report.dealt", card=role(k.dealt)) if k.dealt else ""
        out.append(f"  {names[k.seat]}{dealt}")
        out.extend(_lines(k.learned, "    ", say) or ["    " + say("report.nothing_yet")])
    story = dialect.story_lines(v, words)
    if story:
        out.append("")
        out.extend(story)
    out.append("")
    if v.ending is not None:
        out.extend(_ending(v, v.ending, words))
    else:
        out.extend(_standing(v, v.standing, words))
    return "\n".join(out) + "\n"


def _summary(v: Verdict, say: Say) -> str:
    total, done = v.steps_total, len(v.played)
    if v.rejected is not None:
        return say("report.summary_refused", n=v.rejected.number, total=total, done=done)
    if total == 0:
        return say("report.summary_empty_over" if v.standing.over else "report.summary_empty")
    if v.standing.over:
        return say("report.summary_over", total=total)
    return say("report.summary_going", total=total)


def _ending(v: Verdict, e: Ending, words: Speech) -> list[str]:
    dialect = dialect_for(v.family)
    say = words.say
    role = words.role if words.roles else dialect.role_name
    names = v.players
    out = [say("report.result")]
    if e.cards:
        out.append(say("report.cards_at_end"))
        width = max(len(n) for n in names)
        for c in e.cards:
            shown = role(c.card)
            if c.effective != c.card:
                shown += say("report.standing_for", card=role(c.effective))
            team = say("report.team", team=_team(v.family, c.team, words))
            out.append(f"    {names[c.seat]:<{width}}  {shown}  {team}")
        if e.centre:
            label = _centre(v.family, dialect.centre_label, words)
            shown = ", ".join(role(r) for r in e.centre)
            out.append(f"    {label:<{width}}  {shown}")
    for cp in e.copies:
        where = (
            say("report.in_front_of", name=names[cp.holder])
            if cp.holder is not None
            else say("report.in_centre", slot=slot(cp.centre or 0))
        )
        out.append(say("report.copied", name=names[cp.seat], card=role(cp.copied), where=where))
    if e.deaths:
        deaths = say("list.semicolon").join(dialect.death_words(d, names, words) for d in e.deaths)
        out.append(say("report.deaths", deaths=deaths))
    else:
        out.append(say("report.no_deaths"))
    winners = words.join([names[s] for s in e.winners], say("common.nobody"))
    teams = (
        say("report.teams", teams=", ".join(_team(v.family, t, words) for t in e.teams))
        if e.teams
        else ""
    )
    out.append(say("report.winners", names=winners, teams=teams))
    out.append(say("report.why"))
    out.extend(f"    - {with_names(r.text, names)} [{r.code}]" for r in e.reasons)
    out.extend(dialect.ending_lines(v, words))
    return out


def _team(family: str, team: str, words: Speech) -> str:
    """A team's name in the report: its key in English, our word in another language."""
    key = f"report.team.{family}.{team}"
    return words.say(key) if key in words.texts else team


def _standing(v: Verdict, s: Standing, words: Speech) -> list[str]:
    names = v.players
    say = words.say
    dialect = dialect_for(v.family)
    role = words.role if words.roles else dialect.role_name
    out = [say("report.stopped")]
    over = say("report.yes" if s.over else "report.no")
    phase = say("report.phase", phase=_phase(s.phase, words)) if s.phase else ""
    out.append(say("report.over", over=over, phase=phase))
    out.extend(dialect.standing_lines(v, words))
    alive = [names[x] for x in s.alive]
    everyone = len(alive) == len(names)
    shown = say("report.everyone") if everyone else words.join(alive, say("common.nobody"))
    out.append(say("report.alive", names=shown))
    if s.dead:
        out.append(say("report.dead", names=words.join([names[x] for x in s.dead])))
    if s.pending:
        out.append(say("report.waiting"))
        for p in s.pending:
            options = [dialect.describe_action(a, names, words) for a in p.options[:MAX_OPTIONS]]
            more = len(p.options) - MAX_OPTIONS
            if more > 0:
                options.append(say("report.more", count=more))
            kind = say("report.optional" if p.optional else "report.mandatory")
            what = dialect.decision_name(p.kind, words)
            what = p.kind if what == p.kind else f"{what} [{p.kind}]"
            default = dialect.describe_action(p.default, names, words)
            out.append(
                say("report.pending", name=names[p.seat], what=what, kind=kind, default=default)
            )
            out.append(say("report.options", options=" | ".join(options)))
    else:
        out.append(say("report.waiting_nobody"))
    if s.table is not None:
        cards = say("list.semicolon").join(
            say("holds", name=names[i], card=role(r)) for i, r in enumerate(s.table.cards)
        )
        if s.table.centre:
            centre = ", ".join(role(r) for r in s.table.centre)
            label = _centre(v.family, dialect.centre_label, words)
            cards += say("list.semicolon") + say("holds", name=label, card=centre)
        out.append(say("report.cards_now", cards=cards))
    return out


def _centre(family: str, label: str, words: Speech) -> str:
    """What the report calls the face-down cards (the family's label in English)."""
    key = f"report.centre.{family}"
    return words.say(key) if label and key in words.texts else label


def _phase(phase: str, words: Speech) -> str:
    key = f"report.phase.{phase}"
    return words.say(key) if key in words.texts else phase

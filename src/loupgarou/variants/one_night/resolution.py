"""The One Night day: the vote, the deaths (Hunter chains included) and who wins.

Everything here reads *effective* roles at the end of the night: the card in
front of a player, with the Doppelgänger card standing for what it copied.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final

from loupgarou.core.events import Event, public
from loupgarou.core.outcome import Outcome, Reason
from loupgarou.variants.one_night.roles import Role, Team
from loupgarou.variants.one_night.state import State


def deaths(state: State) -> list[tuple[int, str, int]]:
    """``(seat, cause, by)`` in order: the most voted (all on a tie), then Hunter shots.

    Nobody dies if nobody got more than one vote.  A dying Hunter takes the
    player they voted for; that player may be a Hunter too, and so on.
    """
    deck = state.deck
    may_shoot = _MAY_SHOOT.get(deck)
    if may_shoot is None:
        may_shoot = _MAY_SHOOT[deck] = Role.HUNTER in deck or Role.DOPPELGANGER in deck
        if len(_MAY_SHOOT) > _MAY_SHOOT_MAX:
            _MAY_SHOOT.clear()
    if not may_shoot:
        return _vote_deaths(state.votes, [])  # no card can be a Hunter
    hunters = [s for s in range(state.n) if state.effective(state.cards[s]) is Role.HUNTER]
    return _vote_deaths(state.votes, hunters)


_MAY_SHOOT: Final[dict[tuple[Role, ...], bool]] = {}
"""Per deck, whether a card can be a Hunter (two scans of the deck comparing roles cost
about 2,000 instructions a game compiled; a look-up keyed by the shared deck a sixth)."""
_MAY_SHOOT_MAX: Final = 1024


def vote_deaths(votes: Sequence[int], hunters: Collection[int]) -> list[tuple[int, str, int]]:
    """:func:`deaths` from the votes (each seat's target) and the seats whose card is
    (or stands for) a Hunter: what a table with physical cards can tell at the end."""
    return _vote_deaths(tuple(votes), list(hunters))


def _vote_deaths(votes: tuple[int, ...], hunters: list[int]) -> list[tuple[int, str, int]]:
    """:func:`vote_deaths` on typed arguments: the compiled build counts with native ints
    (on ``Sequence`` and ``Collection`` arguments, with generic calls: about 3,500
    instructions a game more)."""
    n = len(votes)
    counts = [0] * n
    top = 0
    for target in votes:
        k = counts[target] + 1
        counts[target] = k
        top = max(top, k)
    if top <= 1:
        return []
    out = [(s, "vote", -1) for s in range(n) if counts[s] == top]
    if not hunters:
        return out
    dead = {s for s, _, _ in out}
    i = 0
    while i < len(out):
        seat = out[i][0]
        if seat in hunters:
            target = votes[seat]
            if target not in dead:
                dead.add(target)
                out.append((target, "hunter", seat))
        i += 1
    return out


def team_of(role: Role) -> Team:
    if role in (Role.WEREWOLF, Role.MINION):
        return Team.WEREWOLF
    if role is Role.TANNER:
        return Team.TANNER
    return Team.VILLAGE


def decide(
    roles: Sequence[Role],
    dead: Sequence[int],
    minion_alone_dead: str = "nobody",
    tanner_and_minion: str = "tanner",
) -> Outcome:
    """Who wins, given each player's effective role and who died (and the table's
    readings of the two Minion house rules, see the options)."""
    return verdict(roles, dead, minion_alone_dead, tanner_and_minion)[0]


def verdict(
    roles: Sequence[Role],
    dead: Sequence[int],
    minion_alone_dead: str = "nobody",
    tanner_and_minion: str = "tanner",
) -> tuple[Outcome, Event]:
    """The outcome and its ``game_over`` event (both immutable, so games share them)."""
    return _verdict(
        tuple([_STANDS_FOR[r] for r in roles]),
        tuple(dead) if len(dead) < 2 else tuple(sorted(set(dead))),
        minion_alone_dead,
        tanner_and_minion,
    )


def _typed_verdict(
    roles: list[Role], dead: tuple[int, ...], minion_alone_dead: str, tanner_and_minion: str
) -> tuple[Outcome, Event]:
    """:func:`verdict` on typed arguments (native loops in the compiled build)."""
    stands_for = _STANDS_FOR
    return _verdict(
        tuple([stands_for[r] for r in roles]),
        dead if len(dead) < 2 else tuple(sorted(set(dead))),
        minion_alone_dead,
        tanner_and_minion,
    )


_STANDS_FOR: Final = {
    role: role if role in (Role.WEREWOLF, Role.MINION, Role.TANNER) else Role.VILLAGER
    for role in Role
}
"""Only these four kinds of role weigh in the verdict (every village role counts
alike), so the cache is keyed on them: a few thousand keys cover every table."""


_VERDICTS: Final[
    dict[tuple[tuple[Role, ...], tuple[int, ...], str, str], tuple[Outcome, Event]]
] = {}
_VERDICTS_MAX: Final = 8192


def _verdict(
    roles: tuple[Role, ...], dead: tuple[int, ...], minion_alone_dead: str, tanner_and_minion: str
) -> tuple[Outcome, Event]:
    """The verdict, remembered (a bounded dict: an ``lru_cache`` call cost about 3,000
    instructions a game compiled, a dict look-up a third of it)."""
    key = (roles, dead, minion_alone_dead, tanner_and_minion)
    known = _VERDICTS.get(key)
    if known is None:
        outcome = _decide(roles, dead, minion_alone_dead, tanner_and_minion)
        if len(_VERDICTS) >= _VERDICTS_MAX:
            _VERDICTS.clear()
        known = _VERDICTS[key] = (outcome, public("game_over", **outcome.to_json()))
    return known


def _decide(
    roles: Sequence[Role],
    dead: Sequence[int],
    minion_alone_dead: str = "nobody",
    tanner_and_minion: str = "tanner",
) -> Outcome:
    n = len(roles)
    dead_set = set(dead)
    wolves = [s for s in range(n) if roles[s] is Role.WEREWOLF]
    minions = [s for s in range(n) if roles[s] is Role.MINION]
    tanners = [s for s in range(n) if roles[s] is Role.TANNER]
    village = [s for s in range(n) if team_of(roles[s]) is Team.VILLAGE]
    dead_tanners = [t for t in tanners if t in dead_set]
    winners: set[int] = set()
    teams: set[str] = set()
    reasons: list[Reason] = []
    if wolves:
        dead_wolves = [w for w in wolves if w in dead_set]
        if dead_wolves:
            winners.update(village)
            teams.add("village")
            reasons.append(
                Reason("village.werewolf_died", f"a Werewolf died (seat {_seats(dead_wolves)})")
            )
        elif not dead_tanners:
            winners.update(wolves + minions)
            teams.add("werewolf")
            reasons.append(Reason("werewolf.none_died", "no Werewolf and no Tanner died"))
        else:
            reasons.append(
                Reason("werewolf.tanner_died", "no Werewolf died, but a Tanner's death beats them")
            )
    elif not dead_set:
        winners.update(village)
        teams.add("village")
        reasons.append(
            Reason("village.no_werewolf_no_death", "no player was a Werewolf and nobody died")
        )
    elif minion_alone_dead != "nobody" and len(dead_set) == 1 and dead_set <= set(minions):
        (m,) = dead_set
        if minion_alone_dead == "minion":
            winners.update(minions)
            teams.add("werewolf")
            reasons.append(
                Reason(
                    "minion.alone_dead",
                    f"no player was a Werewolf and only the Minion (seat {m}) died: as the "
                    "table plays it, no Werewolf died, so the Minion wins",
                )
            )
        else:
            winners.update(village)
            teams.add("village")
            reasons.append(
                Reason(
                    "village.minion_died",
                    f"no player was a Werewolf and only the Minion (seat {m}) died: as the "
                    "table plays it, the village killed the only player on the Werewolves' side",
                )
            )
    else:
        reasons.append(
            Reason("village.no_werewolf_death", "no player was a Werewolf, yet someone died")
        )
        tanner_beats_minion = bool(dead_tanners) and tanner_and_minion == "tanner"
        for m in minions:
            others_dead = any(d != m for d in dead_set)
            if m not in dead_set and others_dead and not tanner_beats_minion:
                winners.add(m)
                teams.add("werewolf")
                reasons.append(
                    Reason(
                        "minion.survived",
                        f"no Werewolf among the players: the Minion (seat {m}) lived "
                        "while someone else died",
                    )
                )
        if minions and not teams:
            reasons.append(Reason("minion.lost", "the Minion did not meet the no-Werewolf goal"))
    for t in dead_tanners:
        winners.add(t)
        teams.add("tanner")
        reasons.append(
            Reason("tanner.died", f"the Tanner (seat {t}) died, which was the Tanner's only goal")
        )
    if not winners:
        reasons.append(Reason("nobody", "nobody wins"))
    return Outcome(frozenset(winners), frozenset(teams), tuple(reasons))


def _seats(seats: Sequence[int]) -> str:
    return ", ".join(str(s) for s in seats)


_DEATHS: Final[dict[tuple[int, str, int], Event]] = {}
"""``death`` events, shared by every table (immutable; a few hundred at most)."""


def _death(seat: int, cause: str, by: int) -> Event:
    key = (seat, cause, by)
    event = _DEATHS.get(key)
    if event is None:
        if cause == "vote":
            event = public("death", seat=seat, cause=cause)
        else:
            event = public("death", seat=seat, cause=cause, by=by)
        if len(_DEATHS) >= _VERDICTS_MAX:
            _DEATHS.clear()
        _DEATHS[key] = event
    return event


def finish(state: State) -> tuple[list[Event], tuple[int, ...], Outcome]:
    """The events of the end of the game: votes, deaths, the reveal, the verdict."""
    events: list[Event] = [public("votes_revealed", votes=list(state.votes))]
    died = deaths(state)
    for seat, cause, by in died:
        events.append(_death(seat, cause, by))
    dead = tuple(s for s, _, _ in died)
    n, deck, cards, copies = state.n, state.deck, state.cards, state.copies
    shown = [deck[c] for c in cards]  # the printed cards, seats then centre
    roles = shown[:n]
    dopp = []
    if Role.DOPPELGANGER in deck:
        for s in range(n):
            if deck[state.dealt[s]] is Role.DOPPELGANGER:
                dopp.append({"seat": s, "copied": copies[state.dealt[s]] or Role.DOPPELGANGER})
        roles = [state.effective(cards[s]) for s in range(n)]
    events.append(
        public(
            "cards_revealed",
            players=shown[:n],
            centre=shown[n:],
            effective=roles,
            doppelganger=dopp,
        )
    )
    options = state.options
    outcome, over = _typed_verdict(
        roles, dead, options.minion_alone_dead, options.tanner_and_minion
    )
    events.append(over)
    return events, dead, outcome

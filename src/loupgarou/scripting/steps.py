"""Reading the ``steps`` of a script.

Contract: :func:`read_step` turns one written step into a :class:`Step`
(moves for the engine, already resolved to seat numbers and canonical role
names), or raises :class:`ScriptError` naming the step's number.  It checks
the *form* of a step (one thing per step, known fields, known verb, existing
seats); whether the step is legal is for the engine to say when it is played.
"""

from __future__ import annotations

from loupgarou.core.actions import Action
from loupgarou.core.events import JSON
from loupgarou.core.statements import Claim, Sighting, Statement
from loupgarou.scripting.model import RESULT_KINDS, Move, Step
from loupgarou.scripting.reader import Reader, fail, listing, mapping, plain, text, unknown

STEP_KINDS = ("do", "vote", "votes", "timeout", "say", "claim", "pack", "elected", "lynched")
STEP_FIELDS = {
    "action": {"seat", "do", "players", "centre", "note"},
    "vote": {"seat", "vote", "note"},
    "votes": {"votes", "note"},
    "timeout": {"seat", "timeout", "note"},
    "say": {"seat", "say", "claim", "note"},
    "pack": {"pack", "note"},
    "elected": {"elected", "note"},
    "lynched": {"lynched", "note"},
}
NOBODY = frozenset({"nobody", "none", "no_victim"})
"""The words (or null) a ``pack`` or ``lynched`` step uses for no victim, nobody lynched."""


def read_claim(value: JSON, reader: Reader, where: str) -> Claim:
    raw = mapping(value, f"{where}: 'claim'")
    unknown(list(raw), ("role", "did", "saw"), f"{where}: 'claim'")
    role = None if raw.get("role") is None else reader.claimed_role(raw["role"], f"{where}: claim")
    did = None
    if raw.get("did") is not None:
        d = mapping(raw["did"], f"{where}: 'claim.did'")
        unknown(list(d), ("do", "players", "centre"), f"{where}: 'claim.did'")
        did = reader.action(d, f"{where}: claim.did")
    saw: list[Sighting] = []
    for i, s in enumerate(listing(raw.get("saw", []), f"{where}: 'claim.saw'")):
        here = f"{where}: claim.saw[{i}]"
        item = mapping(s, here)
        unknown(list(item), ("role", "seat", "centre"), here)
        if ("seat" in item) == ("centre" in item):
            fail("script.bad_claim", f"{here}: give either 'seat' or 'centre' for what was seen")
        seen_role = reader.claimed_role(item.get("role"), here)
        if "seat" in item:
            saw.append(Sighting(seen_role, seat=reader.seat(item["seat"], here)))
        else:
            saw.append(Sighting(seen_role, centre=reader.centre(item["centre"], here)[0]))
    if role is None and did is None and not saw:
        fail("script.bad_claim", f"{where}: a claim needs a 'role', 'did' or 'saw'")
    return Claim(role, did, tuple(saw))


def read_step(number: int, value: JSON, reader: Reader) -> Step:
    where = f"step {number}"
    step = mapping(value, where)
    kinds = [k for k in STEP_KINDS if k in step]
    if not kinds:
        fail(
            "script.bad_step",
            f"{where} says nothing to do: give one of 'do', 'vote', 'votes', 'timeout', 'say' or 'claim'",
        )
    kind = {"do": "action", "claim": "say"}.get(kinds[0], kinds[0])
    if len(kinds) > 1 and set(kinds) != {"say", "claim"}:
        fail("script.bad_step", f"{where} mixes '{kinds[0]}' and '{kinds[1]}': one thing per step")
    allowed = STEP_FIELDS[kind]
    if kind == "action":  # a family without face-down cards (no slot field) takes no 'centre'
        slot = reader.dialect.slot_field
        allowed = allowed | {slot} if slot else allowed - {"centre"}
    unknown([str(k) for k in step], sorted(allowed), where)
    note = step.get("note", "")
    if not isinstance(note, str):
        fail("script.bad_field", f"{where}: 'note' must be text")
    if kind == "votes":
        votes = mapping(step["votes"], f"{where}: 'votes'")
        if not votes:
            fail("script.bad_step", f"{where}: 'votes' lists no vote")
        moves: list[Move] = []
        for voter, target in votes.items():
            seat = reader.seat(voter, where)
            if any(m.seat == seat for m in moves):
                fail("script.bad_step", f"{where}: {reader.players[seat]} votes twice")
            moves.append(Move("action", seat, Action("vote", (reader.seat(target, where),))))
        return Step(number, kind, tuple(moves), plain(step), note)
    if kind in RESULT_KINDS:
        return Step(number, kind, (_result(kind, step[kind], reader, where),), plain(step), note)
    if "seat" not in step:
        fail("script.missing_field", f"{where} needs a 'seat' (who acts)")
    seat = reader.seat(step["seat"], where)
    if kind == "action":
        move = Move("action", seat, reader.action(step, where))
    elif kind == "vote":
        move = Move("action", seat, Action("vote", (reader.seat(step["vote"], where),)))
    elif kind == "timeout":
        if step["timeout"] is not True:
            fail("script.bad_step", f"{where}: write 'timeout: true' (the seat did not answer)")
        move = Move("timeout", seat)
    else:
        said = "" if step.get("say") is None else text(step["say"], f"{where}: 'say'")
        claim = None if step.get("claim") is None else read_claim(step["claim"], reader, where)
        if not said and claim is None:
            fail("script.bad_step", f"{where}: 'say' needs some text or a 'claim'")
        move = Move("statement", seat, statement=Statement(said, claim))
    return Step(number, kind, (move,), plain(step), note)


def _result(kind: str, value: JSON, reader: Reader, where: str) -> Move:
    """A result the narrator states: the pack's victim, the elected Captain, the lynched."""
    if reader.dialect.family != "thiercelieux":
        fail("script.bad_step", f"{where}: '{kind}' is a Thiercelieux step")
    players = {p.casefold() for p in reader.players}
    nobody = value is None or (
        isinstance(value, str) and value.casefold() in NOBODY and value.casefold() not in players
    )
    if nobody:
        if kind == "elected":
            fail("script.bad_step", f"{where}: 'elected' names the new Captain")
        action = Action("no_victim" if kind == "pack" else "no_lynch")
    else:
        action = Action("vote", (reader.seat(value, where),))
    return Move("action", -1, action, given_as=kind)

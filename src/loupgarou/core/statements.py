"""Public statements made during the day.

A :class:`Statement` is free text and/or a structured :class:`Claim` about
one's role and night.  Statements are events seen by everyone; they never
change how the game resolves (anyone may lie).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from loupgarou.core.actions import Action, action_json
from loupgarou.core.errors import ScriptError
from loupgarou.core.events import JSON, Event, public_data


@dataclass(frozen=True, slots=True)
class Sighting:
    """ "I saw role R at seat S" (``seat``) or "at centre slot C" (``centre``)."""

    role: str
    seat: int | None = None
    centre: int | None = None

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {"role": self.role}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.centre is not None:
            out["centre"] = self.centre
        return out


@dataclass(frozen=True, slots=True)
class Claim:
    """A structured claim: "I was dealt ``role``, I did ``did``, I saw ``saw``"."""

    role: str | None = None
    did: Action | None = None
    saw: tuple[Sighting, ...] = ()

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {}
        if self.role is not None:
            out["role"] = self.role
        if self.did is not None:
            out["did"] = action_json(self.did)
        if self.saw:
            out["saw"] = [s.to_json() for s in self.saw]
        return out


@dataclass(frozen=True, slots=True)
class Statement:
    """What a seat says aloud: ``text``, a ``claim``, or both."""

    text: str = ""
    claim: Claim | None = None

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {}
        if self.text:
            out["text"] = self.text
        if self.claim is not None:
            out["claim"] = self.claim.to_json()
        return out

    @staticmethod
    def from_json(obj: Mapping[str, JSON]) -> Statement:
        try:
            text = str(obj.get("text", ""))
            raw = obj.get("claim")
            claim = None
            if raw is not None:
                did = raw.get("did")
                claim = Claim(
                    role=None if raw.get("role") is None else str(raw["role"]),
                    did=None if did is None else Action.from_json(did),
                    saw=tuple(
                        Sighting(
                            str(s["role"]),
                            None if s.get("seat") is None else int(s["seat"]),
                            None if s.get("centre") is None else int(s["centre"]),
                        )
                        for s in raw.get("saw", ())
                    ),
                )
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            raise ScriptError(
                "script.bad_statement",
                f"a statement is {{'text': ..., 'claim': {{'role', 'did', 'saw'}}}}, got {obj!r}",
            ) from exc
        if not text and claim is None:
            raise ScriptError("script.bad_statement", "a statement needs a text or a claim")
        return Statement(text, claim)


def said(seat: int, statement: Statement) -> Event:
    """The public ``statement`` event of ``seat`` saying ``statement`` (every family's):
    its data is ``seat``, then the statement's JSON."""
    data: dict[str, JSON] = {"seat": seat}
    data.update(statement.to_json())
    return public_data("statement", data)

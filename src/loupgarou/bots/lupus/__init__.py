"""Lupus in Tabula bots: the sensible player, and the family's registration.

Contract: a :class:`SensibleLupus` sits in one seat and plays from that seat's
view alone (its events and the public fields, read incrementally by a
:class:`~.reader.Reader`); it returns one of the decision's options, draws
every random choice from its own injected generator, and talks through
structured claims (:mod:`.talk`).  Its beliefs (:mod:`.beliefs`) give every
player a chance of being a Werewolf: what the seat knows for sure (its card,
the pack, the other Freemason, the Seer's looks, the Medium's answers, the
Mythomaniac's find; and for everybody: the dead of a night were not
Werewolves), then the table's claims weighed by the claimant's credibility
(a lie against a known fact, two claimants of one role, a claimant killed in
the night), the pairs of Freemasons, and the ballots, calibrated so that they
add up to the Werewolves still unaccounted for.

- The **Seer** points at the most suspected player she has not seen, and
  claims with everything she saw when it pays: she found a living Werewolf,
  somebody else claims to be the Seer, she is a suspect, she spoke before (she
  keeps the table up to date) or few players are left.  A Mythomaniac who
  became the Seer does the same as "the Mythomaniac".
- The **Medium** shares his answers on the same terms, and whenever the
  lynched player had claimed something or been named in a claim (it checks a
  claimed Seer).
- The **Bodyguard** protects the credible claimed Seer, else a claimed Medium
  or Freemason, else the player the table trusts most (the pack's likely
  victim), never a player he believes to be a Werewolf.
- The **Owl** picks the most suspected player when someone stands out (with
  the Deadly Owl, only when fairly sure); else it stays silent.
- The **Freemasons** name each other when a suspect or when someone else
  claims to be one; the pair is then trusted.
- The **Mythomaniac** copies the credible claimed Seer, else the player he
  trusts most (a Werewolf is least likely there).
- The **Werewolves** hunt the claimed Seer first (one whose sightings the pack
  knows to be true; a claimant who lies is most likely the Possessed and is
  spared), then a claimed Medium, then a claimed Freemason, Bodyguard or Owl,
  then the player the table trusts most; they follow a packmate's ballot; after
  a night their victim survived (a Bodyguard) they usually pick someone else;
  they never attack the Werehamster once their victim survived a night with
  no Bodyguard to save him, and push him at the votes instead.  By day they
  all name the same human in stage 1 (the one the table suspects most) and in
  stage 2 vote for the human suspect (the claimed Seer first).  One of them
  may pose as the Seer: to answer a Seer's claim (naming the Seer a
  Werewolf), to defend himself as a suspect, or now and then unprompted.
- The **Possessed** does not know the pack: he votes for the credible Seer or
  the player he trusts most, and poses as the Seer, naming the real one or a
  trusted player a Werewolf.
- The **Werehamster** plays like a cautious villager and blends in.
- Everyone else (and every Ghost, in stage 1) votes for the most suspected
  player, following the ballots already cast when it cannot tell; suspects
  who are humans say what they are in their defence.

Talk moments at the table: when the day begins (stage 1, every living player)
and when the suspects are named (their defence).
"""

from __future__ import annotations

from loupgarou.variants.lupus.roles import HUMANS, WEREHAMSTER, WEREWOLVES, parse_role, side

from ..random_bot import RandomBot
from ..registry import FamilyBots, register
from .bot import SensibleLupus


def side_of(role: str) -> str:
    """The side a starting card plays for."""
    parsed = parse_role(role)
    return HUMANS if parsed is None else side(parsed)


register(
    FamilyBots(
        "lupus",
        {"random": RandomBot, "sensible": SensibleLupus},
        side_of,
        (HUMANS, WEREWOLVES, WEREHAMSTER),
        frozenset({"day_begins", "suspects"}),
    )
)

__all__ = ["SensibleLupus", "side_of"]

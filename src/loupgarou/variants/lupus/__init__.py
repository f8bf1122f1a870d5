"""Lupus in Tabula (dV Giochi): 8 to 24 players, two voting stages, Ghosts, special characters.

The family is pure: :data:`VARIANT` implements the core ``Variant`` protocol;
:func:`default_deck` gives the suggested deck for a table size and
:func:`call_list` the public night calls for a deck.  RULINGS §3 is the
specification; the modules state their contracts:
:mod:`~.setup` (deck checks, error and warning codes), :mod:`~.night` (the calls,
dawn), :mod:`~.day` (stage 1, defence, stage 2), :mod:`~.resolution` (winning),
:mod:`~.flow` (the step runner), :mod:`~.variant` (options, public view, speech).

Rules decisions where §3 is silent (each covered by a test in ``tests/lupus``):

- An empty deck means the default deck.  A deck holds at most one of each
  special character and of the Seer; the Freemasons are exactly a pair; at least
  one Werewolf, fewer Werewolves than humans.  An unusual Werewolf count and a
  deck without a Seer are warnings.
- Night order: Freemasons (night 1), Seer, Medium and Bodyguard (from night 2),
  Werewolves, Owl, Mythomaniac (night 2).  Every call waits for its holder even
  when dead (a Ghost holder may only pass), so the pace of the night tells nothing.
- The Seer, the Bodyguard and the Owl may decline (their timeout); the Seer,
  Bodyguard, Owl and Mythomaniac target another living player.  The Bodyguard
  may protect the same player on consecutive nights.
- The pack: each living Werewolf votes at once, the votes shown to the pack;
  plurality; a tie is a ``tiebreak`` draw among the tied.  A Werewolf's timeout
  follows the pack's current lead.
- Deaths happen at dawn, together: the Werewolves' victim (unless protected or
  the Werehamster), a Werehamster a Seer pointed at (the Bodyguard does not stop
  that), the Deadly Owl's pick (the Bodyguard does not stop it either).  Causes
  are for the moderator only.  With several deaths the Welcome card goes to one
  of them drawn at random (``welcome_card``).
- The Deadly Owl: with more than 20 players by default (option ``deadly_owl``);
  a pick who survives (a Werewolf or the Werehamster) still becomes a suspect.
  The Owl's pick is announced publicly at the suspects step when alive; a pick
  who died in the night names no one.
- The Mythomaniac changes at the end of night 2 (effective role; the card stays),
  and the change counts at the dawn check.  Turned Werewolf, he is woken with the
  pack from night 3; turned Seer, he looks from night 3.  One who never chose
  (dead before night 2) plays for the humans.
- Stage 1 ranks every living player (ties in the clockwise order from the day's
  start); the discussion happens during stage 1 (living players speak); during
  the defence only suspects who have not rested speak; stage 2 is silent.
- Winning is checked at dawn (after every night effect and the Welcome card: the
  night's victim takes it even when that dawn ends the game) and after the lynch,
  the only moments the numbers change.
"""

from loupgarou.variants.lupus.night import call_list
from loupgarou.variants.lupus.roles import Role, parse_role
from loupgarou.variants.lupus.setup import default_deck
from loupgarou.variants.lupus.variant import OPTIONS, VARIANT

__all__ = ["OPTIONS", "VARIANT", "Role", "call_list", "default_deck", "parse_role"]

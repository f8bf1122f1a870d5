"""Les Loups-Garous de Thiercelieux (RULINGS.md §2): a pure rules family.

Roles: Werewolf, Villager, Seer, Witch, Hunter, Cupid (and the Lovers), Thief,
Little Girl; the Captain is a title (option ``captain``).  Card ids are indices
in the deck; positions ``0..n-1`` are the seats, ``n`` and ``n+1`` the Thief's
set-aside cards.

The night, in order (the public calls depend on the deck only):
  night 1 only: Thief, Cupid, Lovers; every night: Seer, Werewolves (each living
  Werewolf wakes or stays asleep; the awake pack votes, and the Little Girl
  decides whether to spy at the same time), Witch; then dawn.

Chains.  Every resolution (dawn, a lynch, a Hunter's shot, starvation) runs:
  1. the deaths (dawn: all the night's dead together, no cause given), each card
     revealed with ``reveal_on_death``, in seat order;
  2. grief, at once: a dead Lover's partner dies too (then revealed);
  3. the Hunter's shot, if he died in it devoured or lynched (any cause with
     ``hunter_on_any_death``); the shot's own deaths run 1-3 again, any further
     Hunter queuing behind those already waiting;
  4. the win check, once every death of the resolution is applied (so a Hunter's
     shot counts: a devoured Hunter may still kill the last Werewolf);
  5. if the game goes on and the Captain is dead, the dead Captain names a living
     successor (last, so the successor is never someone the chain kills).
  Starvation is the exception: the village wins at once, after grief, with no shot.

Winning (:func:`~.resolution.verdict`, in this order): nobody alive -> nobody;
the opposite-camp Lovers are the last two alive -> the Lovers; no Werewolf
alive -> the village; at most one non-Werewolf alive (or, with
``wolves_win_at_parity``, no fewer Werewolves than others) -> the Werewolves.
Lovers of the same camp play for it; Lovers of opposite camps form their own
team.  Winners include the team's dead.

Decisions and their timeout defaults: Thief ``take``/``pass`` (pass, or the first
card when both are Werewolves); Cupid ``pair`` (mandatory: the two living players
clockwise after Cupid); Seer ``look``/``pass`` (pass); Werewolves ``wake``/``sleep``
(wake), then ``vote``/``no_victim`` (no victim); Little Girl ``spy``/``pass`` (pass);
Witch ``heal``/``poison``/``pass``, asked again after a potion while the other is
usable (pass); Hunter ``shoot``/``pass`` (pass); dying Captain ``name`` (the next
living player clockwise); day votes ``vote`` (the next eligible player clockwise);
the Captain's pick on a tie ``vote`` (the first tied player clockwise).

Random draws (chance requests, by label): ``deal`` (a permutation: position p gets
card value[p]); ``tiebreak`` (choice index into the tied, in seat order, the
Werewolves' "no victim" last) for the pack's vote, a second election tie and, with
``lynch_second_tie`` ``random``, a second lynch tie; ``little_girl_caught``
(bernoulli, p = ``little_girl_catch_chance``); ``captain_draw`` (choice index into
the living, in seat order) with ``captain_mode`` ``random``.

Where RULINGS.md §2 is silent, this family decides:
  - Set-up: 3 to 62 players (what the engine serves; outside 8 to 18 a warning); at
    most one Seer, Witch, Hunter, Cupid, Thief and Little Girl; with a Thief, "outnumbered" assumes no Werewolf card set aside.
  - The deck's composition is public (the calls reveal its roles anyway).
  - A Thief who keeps his card is a villager without power.
  - The Seer may decline.  A Werewolf may not vote for himself (the pack may still
    choose one of its own); "no victim" is a ballot like the others, and each ballot
    is shown to the awake pack as it is cast.  A sleeping Werewolf learns nothing.
  - The Little Girl has no call of her own.  Caught, she becomes the night's victim
    in place of the designated one (even with no victim chosen): the Witch is shown
    her and may heal her.  The pack learns whom it caught.
  - The Witch is shown the victim every night, potions left or not; she answers one
    potion at a time and is asked again while the other potion is still usable.
  - Grief deaths are announced as such (the Lovers become known); dawn's own deaths
    carry no cause.  A Hunter's shot is public.
  - Causes of death: ``devoured``, ``caught`` (the Little Girl), ``poisoned``,
    ``grief``, ``shot``, ``lynched``, ``starved``.  ``hunter_on_any_death`` lets the
    Hunter shoot whatever the cause; a Hunter grieving a starved Werewolf does not
    shoot, since starvation ends the game at once.
  - Election: one may vote for oneself.  Lynch: the Captain's pick on a tie may be
    any of the tied, himself included; ``tiebreak_only`` counts the Captain's ballot
    once and uses it only through the tie rule.
  - Lovers of opposite camps count by their cards in the others' conditions (the
    Werewolf Lover is a living Werewolf, the other a living non-Werewolf) but win
    only together.
  - At the end of the game every card, the set-aside pile and the Lovers are shown.

See each module for its contract: :mod:`.state`, :mod:`.roles`, :mod:`.setup`,
:mod:`.night`, :mod:`.day`, :mod:`.resolution`, :mod:`.agenda`, :mod:`.variant`.
"""

from loupgarou.variants.thiercelieux.setup import suggested_deck
from loupgarou.variants.thiercelieux.variant import VARIANT

__all__ = ["VARIANT", "suggested_deck"]

"""loupgarou: a game master for the Werewolf family of hidden-role games.

The package is layered; each layer imports only the ones below it::

    core  <-  variants  <-  engine  <-  narration / bots / sim  <-  cli

``core`` holds the family-independent vocabulary (seats, actions, events with
their audience, decisions, chance, outcomes, errors).  ``variants`` holds one
pure rules module per family.  ``engine`` drives a game: it asks the rules what
is pending, draws chance from an injected source, validates and applies
decisions, and keeps the event log that is the game's record.
"""

__version__ = "0.1.0"

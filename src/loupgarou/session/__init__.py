"""Sessions: a room's game, paced for a table of devices, as pure state machines.

This layer sits above the engine, the bots and the narration, and below the server:
it holds the *table logic* of a served game (the night shown call by call to every
seat alike, the day's clocks, bots in empty seats, the lobby and its rules), and no
I/O, clock or hidden randomness.  Every input carries its time; the server stores the
inputs and replays them to rebuild a room after a crash.

- :mod:`~loupgarou.session.settings`: a room's settings, checked by the engine;
- :mod:`~loupgarou.session.phones`: a game whose cards are on the players' phones;
- :mod:`~loupgarou.session.lobby`: a room's seats, names, host, spectators and
  settings, the lobby's operations, and why a game cannot start yet;
- :mod:`~loupgarou.session.room`: a room (its lobby, its games, rematches) as a fold of
  its log of inputs, and what each device is sent.
"""

"""The solver's walks count their work: past their budget they stop, and now and then they
let the other threads of the process run.

Each walk (:class:`.fast._Walk`, :class:`.solver._Run`, :class:`.doppel.Walk`) counts units
of work as it goes (a deal, a choice ...) and compares the count with :attr:`Meter.limit`,
one comparison on its hottest paths.  The limit is the nearer of two points:

- the **budget**: past it, :meth:`Meter.spent` says so and the walk raises its own
  exception (its caller then samples, or asks a wider question);
- the next **pause**: every ``pause`` units the walk calls
  :func:`.turn.let_others_run`, where a thread waiting for the interpreter lock gets it.

Why the pause.  CPython hands the interpreter lock from a busy thread to a waiting one in
its bytecode loop, every few milliseconds.  Code compiled by mypyc does not run that
loop, so a compiled walk held the lock until it returned: a bot thinking in the server's
thread (:mod:`loupgarou.server.hub`) held every room's event loop for as long as its
question took (measured, compiled, *Revenants* at ten players: the loop went 275 ms
without a turn during one call; a silent table's question takes seconds).  With a pause
about every millisecond of work, the loop gets its turn as soon as it asks for it
(:mod:`.turn` says how), and when no thread waits a pause costs one call.

The pause changes nothing a walk computes: the budget is checked exactly where it was.
"""

from __future__ import annotations

from .turn import let_others_run


class Meter:
    """A walk's count of its work (:attr:`work`), its budget and its next pause."""

    def __init__(self, budget: int, pause: int) -> None:
        self.work = 0
        """Units of work done so far."""
        self.budget = budget
        """Past this many units, :meth:`spent` is true (raising it later is allowed)."""
        self.pause = pause
        """Units between two pauses (about a millisecond of this walk's work, compiled)."""
        self.limit = min(budget, pause)
        """The count at which the walk calls :meth:`spent`: the budget or the next pause."""

    def spent(self) -> bool:
        """Called once :attr:`work` has passed :attr:`limit`: whether it has passed the
        budget; if not, let the other threads run a moment and set the next limit."""
        if self.work > self.budget:
            return True
        let_others_run()
        self.limit = min(self.budget, self.work + self.pause)
        return False


__all__ = ["Meter"]

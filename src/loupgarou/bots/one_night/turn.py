"""A call that runs CPython's bytecode loop, for compiled code to make now and then.

This module stays interpreted (``[tool.loupgarou.mypyc] interpreted`` in pyproject.toml):
its whole point is to be bytecode.  CPython hands the interpreter lock from a busy
thread to one that has waited for it (``sys.getswitchinterval()``, 5 ms) in its bytecode
loop, which checks for such a request as a function starts.  Code compiled by mypyc does
not run that loop, so a compiled computation keeps the lock until it returns.  Calling
:func:`let_others_run` runs the loop for one instruction: a thread that has asked for the
lock gets it there; when none has, the call costs what a call costs.

Releasing the lock and taking it back at once (``os.sched_yield()``, ``time.sleep(0)``)
is no substitute: the waiting thread wakes, finds the lock taken again and starts its
wait over, so a computation that does that more often than every 5 ms starves it
(measured: the loop went 435 ms without a turn, against 11 ms with this call).
"""

from __future__ import annotations


def let_others_run() -> None:
    """Give a thread that waits for the interpreter lock its turn, if one does."""


__all__ = ["let_others_run"]

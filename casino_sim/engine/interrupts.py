"""Stopping signals raised where a run can stop cleanly, never inside a library's locks.

A Python signal handler runs between any two bytecodes of the main thread. One that raises
(SIGTERM's :class:`~casino_sim.engine.runner.Terminated`, Ctrl-C's KeyboardInterrupt) while
``concurrent.futures.wait`` is taking the futures' locks one by one leaves some of them held;
the pool's manager thread then waits on them for ever, and so does the pool's shutdown: the
process never exits. Inside :func:`signals_deferred` such a signal is held and raised when the
block ends: the process pool waits in short blocks of it.

>>> with contextlib.suppress(KeyboardInterrupt):
...     with signals_deferred():
...         raise_or_defer(KeyboardInterrupt())
...         print("the block runs to its end")
the block runs to its end
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from typing import Any

__all__ = ["raise_or_defer", "signals_deferred"]

#: The stopping exceptions held by the innermost deferring block (None: none is open).
_held: list[BaseException] | None = None


def raise_or_defer(error: BaseException) -> None:
    """Raise ``error`` (a signal handler's), or hold it until the open deferring block ends."""
    if _held is None:
        raise error
    _held.append(error)


def _interrupt(signum: int, frame: Any) -> None:
    raise_or_defer(KeyboardInterrupt())


@contextlib.contextmanager
def signals_deferred() -> Iterator[None]:
    """Inside, a stopping signal's exception (handlers calling :func:`raise_or_defer`, and
    Ctrl-C while it has Python's default handler) is raised when the block ends; it wins over
    an exception the block raised. Outside the main thread: no effect (no handler runs there)."""
    global _held
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    outer, _held = _held, []
    held = _held
    default_int = signal.getsignal(signal.SIGINT) is signal.default_int_handler
    if default_int:
        signal.signal(signal.SIGINT, _interrupt)
    try:
        yield
    except BaseException:
        if not held:
            raise
    finally:
        _held = outer
        if default_int:
            signal.signal(signal.SIGINT, signal.default_int_handler)
    if held:
        raise held[0]

"""Ctrl-C on the command line: one line, exit 130, nothing left running.

The terminal sends SIGINT to the whole process group: the command line's own process and
any worker it forked (``children.worker_pool``). The main process raises
``KeyboardInterrupt`` once and says ``interrupted`` once; a forked worker leaves at once
and silently. ``watching_for_ctrl_c`` installs this for one run and puts back what was
there before.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["INTERRUPTED", "Interrupts", "stop_children", "watching_for_ctrl_c"]

INTERRUPTED = 130  # the shell's code for a run ended by Ctrl-C


class Interrupts:
    """The SIGINT handler of one run, and what it has seen."""

    # A KeyboardInterrupt raised where Python only reports exceptions (a callback at fork,
    # a finaliser) is swallowed: it is delivered again (deliver_again), and should the run
    # still go on, after this long it ends anyway.
    GRACE_SECONDS = 3.0

    def __init__(self) -> None:
        self.main_pid = os.getpid()
        self.seen = False
        self.handled = False

    def __call__(self, signum, frame) -> None:
        if os.getpid() != self.main_pid:
            os._exit(INTERRUPTED)
        if not self.seen:
            import threading

            self.seen = True
            watchdog = threading.Timer(self.GRACE_SECONDS, self._end_anyway)
            watchdog.daemon = True
            watchdog.start()
        raise KeyboardInterrupt

    def deliver_again(self) -> None:
        """Raise the swallowed Ctrl-C once more in the main thread, once what swallowed it
        has returned (from a thread of its own: raised here, it would be swallowed again)."""
        import _thread
        import threading

        def again() -> None:
            if not self.handled:  # never into the code that called main() after it returned
                _thread.interrupt_main(signal.SIGINT)

        timer = threading.Timer(0.01, again)
        timer.daemon = True
        timer.start()

    def end(self) -> int:
        """The run is over: a second Ctrl-C changes nothing, no worker outlives it, one line."""
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        self.handled = True
        stop_children()
        print("interrupted", file=sys.stderr, flush=True)
        return INTERRUPTED

    def _end_anyway(self) -> None:
        if self.handled:
            return
        stop_children()
        try:
            sys.stderr.write("interrupted\n")
            sys.stderr.flush()
        finally:
            os._exit(INTERRUPTED)


def stop_children() -> None:
    """No worker outlives an interrupted run (nor is waited for)."""
    import multiprocessing

    for child in multiprocessing.active_children():
        child.kill()


@contextmanager
def watching_for_ctrl_c() -> Iterator[Interrupts]:
    """The run's SIGINT handler, and an unraisable hook that keeps a swallowed Ctrl-C quiet
    and delivers it again; both put back on the way out."""
    interrupts = Interrupts()
    previous = signal.signal(signal.SIGINT, interrupts)
    report_unraisable = sys.unraisablehook

    def quiet_when_interrupted(unraisable) -> None:
        # The Ctrl-C that a fork callback or a finaliser swallowed (logging's lock release
        # after a pool worker forks, say) is never printed as a traceback. It is delivered
        # again, so the run stops now rather than when the watchdog ends it.
        try:
            if not issubclass(unraisable.exc_type, KeyboardInterrupt):
                report_unraisable(unraisable)
            elif os.getpid() == interrupts.main_pid:
                interrupts.deliver_again()
        except KeyboardInterrupt:  # a second Ctrl-C, arriving in here
            interrupts.deliver_again()

    sys.unraisablehook = quiet_when_interrupted
    try:
        yield interrupts
    finally:
        sys.unraisablehook = report_unraisable
        if signal.getsignal(signal.SIGINT) is interrupts:
            signal.signal(signal.SIGINT, previous)

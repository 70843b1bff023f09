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
    """No child outlives an interrupted run, nor is waited for, nor left for init to reap.

    Every child of this process is killed and reaped: the pool's workers that
    multiprocessing knows, and one forked just as the Ctrl-C arrived. That one missed the
    Ctrl-C sent to the group (it did not exist yet), and the ``KeyboardInterrupt`` raised
    in this process the moment its fork returned came before multiprocessing recorded it:
    left alive, it waited for work for ever, holding the terminal's output open.
    """
    children = _living_children()
    for pid in children:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    for pid in children:
        _reap(pid)


def _living_children() -> set[int]:
    """This process's children: multiprocessing's, and the kernel's list of them (in /proc,
    where there is one), which holds a child from the moment it is forked."""
    import multiprocessing

    found = {child.pid for child in multiprocessing.active_children()}
    me = os.getpid()
    try:
        entries = [entry for entry in os.listdir("/proc") if entry.isdigit()]
    except OSError:
        return found
    for entry in entries:
        try:
            with open(f"/proc/{entry}/stat", "rb") as stat:
                # "pid (command) state ppid ...": the command may hold spaces and brackets.
                parent = stat.read().rsplit(b")", 1)[1].split()[1]
        except (OSError, ValueError):
            continue
        if int(parent) == me:  # a zombie among them too: it is reaped, not left to init
            found.add(int(entry))
    return found


def _reap(pid: int, seconds: float = 1.0) -> None:
    """Wait for a killed child (at most ``seconds``), so that no zombie of it remains."""
    import time

    deadline = time.monotonic() + seconds
    while True:
        try:
            done, _ = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:  # reaped already (by multiprocessing), or not ours
            return
        if done or time.monotonic() > deadline:
            return
        time.sleep(0.005)


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
        # again, so the run stops now rather than when the watchdog ends it. What it left
        # half done says nothing either: cut short in logging's lock taking before a fork,
        # it leaves the release after the fork a lock never taken ("cannot release
        # un-acquired lock"), which once printed a traceback over `interrupted`.
        try:
            if issubclass(unraisable.exc_type, KeyboardInterrupt):
                if os.getpid() == interrupts.main_pid:
                    interrupts.deliver_again()
            elif not interrupts.seen:
                report_unraisable(unraisable)
        except KeyboardInterrupt:  # a second Ctrl-C, arriving in here
            interrupts.deliver_again()

    sys.unraisablehook = quiet_when_interrupted
    try:
        yield interrupts
    finally:
        sys.unraisablehook = report_unraisable
        if signal.getsignal(signal.SIGINT) is interrupts:
            signal.signal(signal.SIGINT, previous)

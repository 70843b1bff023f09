"""Child processes that end with the run that started them.

The gate and ``rebaseline`` run pytest as a child. Started in a session of its own, the
child (and any xdist workers it starts) never sees the terminal's Ctrl-C: the command line
alone handles it, says ``interrupted`` once, and ends the child's whole process group, so no
worker is left behind and no child prints a traceback of its own.

The normaliser and the verdicts fork a pool of workers (``worker_pool``). Those do see the
Ctrl-C, and leave at once; the pool is then killed, never waited for.
"""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager

__all__ = ["run_child", "worker_pool"]


@contextmanager
def worker_pool(workers: int, context) -> Iterator[ProcessPoolExecutor]:
    """A process pool that is waited for only when the work ended well.

    On any interruption its workers are killed and the pool is left without waiting: a
    worker killed half-way through sending a result leaves the pool's reader thread
    blocked on the rest of the message, and ``shutdown(wait=True)`` would wait for that
    thread for ever (Ctrl-C once hung the command line that way).
    """
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)
    try:
        yield pool
    except BaseException:
        # The executor's own map of its workers (there is no public one); not every child
        # of this process, which multiprocessing.active_children() would kill too.
        processes = list((getattr(pool, "_processes", None) or {}).values())
        for process in processes:
            process.kill()
        for process in processes:  # reaped: no zombie outlives the run either
            process.join(timeout=1.0)
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


def run_child(
    command: Sequence[str], *, capture: bool = False, **kwargs
) -> subprocess.CompletedProcess:
    """``subprocess.run`` in a session of its own; on any interruption, the child's process
    group is killed before the interruption goes on."""
    pipe = subprocess.PIPE if capture else None
    process = subprocess.Popen(
        list(command),
        stdout=pipe,
        stderr=pipe,
        text=True if capture else None,
        start_new_session=True,
        **kwargs,
    )
    try:
        out, err = process.communicate()
    except BaseException:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait()
        raise
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)

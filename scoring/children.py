"""Child processes that end with the run that started them.

The gate and ``rebaseline`` run pytest as a child. Started in a session of its own, the
child (and any xdist workers it starts) never sees the terminal's Ctrl-C: the command line
alone handles it, says ``interrupted`` once, and ends the child's whole process group, so no
worker is left behind and no child prints a traceback of its own.
"""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Sequence

__all__ = ["run_child"]


def run_child(command: Sequence[str], *, capture: bool = False,
              **kwargs) -> subprocess.CompletedProcess:
    """``subprocess.run`` in a session of its own; on any interruption, the child's process
    group is killed before the interruption goes on."""
    pipe = subprocess.PIPE if capture else None
    process = subprocess.Popen(list(command), stdout=pipe, stderr=pipe,
                               text=True if capture else None, start_new_session=True, **kwargs)
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

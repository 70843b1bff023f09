"""Files the project writes get the permissions ``open()`` would give them.

Every file is written through a temporary file and a rename, so a stopped run
never leaves half a file; ``tempfile`` makes those 0600, which would make
plots, references, cards and WAVs unreadable to the user's group.
"""

from __future__ import annotations

import os

__all__ = ["open_mode"]


def open_mode() -> int:
    """The mode ``open()`` gives a new file under the current umask."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask

"""Files the project writes get the permissions ``open()`` would give them.

Every file is written through a temporary file and a rename, so a stopped run
never leaves half a file; ``tempfile`` makes those 0600, which would make
plots, references, cards and WAVs unreadable to the user's group.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

__all__ = ["open_mode", "write_text_atomically"]


def open_mode() -> int:
    """The mode ``open()`` gives a new file under the current umask."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def write_text_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with UTF-8 ``text`` through a temporary file and a rename; keep its mode."""
    path = Path(path)
    mode = path.stat().st_mode & 0o777 if path.exists() else None
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(text.encode("utf-8"))
        os.chmod(temporary, open_mode() if mode is None else mode)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise

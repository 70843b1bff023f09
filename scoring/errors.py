"""The one error type the CLI turns into a one-line message and exit code 2."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["ScoringError", "example_ids", "plural"]


class ScoringError(Exception):
    """Bad input or configuration, said in one line a user can act on.

    ``where`` is a file name, optionally with ``:line``; the message says
    what is wrong there and, where it helps, what to do about it.
    """

    def __init__(self, where: object, message: str) -> None:
        self.where = str(where)
        self.message = message
        super().__init__(f"{self.where}: {message}")


def plural(count: int, word: str, many: str | None = None) -> str:
    """'1 recording', '2 recordings' (``many`` where adding an s is wrong)."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def example_ids(ids: Sequence[str], limit: int = 3) -> str:
    """A few ids for a message: "'a', 'b', 'c', ..."."""
    shown = ", ".join(repr(i) for i in ids[:limit])
    return shown + (", ..." if len(ids) > limit else "")

"""The one error type the CLI turns into a one-line message and exit code 2."""

from __future__ import annotations

__all__ = ["ScoringError"]


class ScoringError(Exception):
    """Bad input or configuration, said in one line a user can act on.

    ``where`` is a file name, optionally with ``:line``; the message says
    what is wrong there and, where it helps, what to do about it.
    """

    def __init__(self, where: object, message: str) -> None:
        self.where = str(where)
        self.message = message
        super().__init__(f"{self.where}: {message}")

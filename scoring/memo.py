"""Per-process memos: what one process would otherwise compute again and again.

One command may compute a card several times (``publish`` for its regions and
its checks, ``impact`` before and after), and a test process computes the demo
card dozens of times. Each memo here keeps a pure result by what determines it,
for the life of the process, and starts over when it holds ``kept`` entries.

A process forked after filling them (mutmut forks one per mutant) must forget
them: ``forget_all``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

__all__ = ["Memo", "forget_all"]

T = TypeVar("T")
_MEMOS: list[Memo] = []


class Memo:
    """A bounded ``{key: value}`` of one pure computation."""

    def __init__(self, kept: int) -> None:
        self.kept = kept
        self.entries: dict = {}
        _MEMOS.append(self)

    def get(self, key: Hashable, compute: Callable[[], T]) -> T:
        """The value kept for ``key``, else ``compute()``, kept."""
        value = self.entries.get(key)
        if value is None:
            value = compute()
            if len(self.entries) >= self.kept:
                self.entries.clear()
            self.entries[key] = value
        return value

    def __contains__(self, key: Hashable) -> bool:
        return key in self.entries


def forget_all() -> None:
    """Empty every memo of this process."""
    for memo in _MEMOS:
        memo.entries.clear()

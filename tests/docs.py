"""What the README and docs/ print, as the tests read it: sections, fenced blocks, commands.

A test that runs a page's commands reads them from the page with these, so that what a
user copies is what the suite ran.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "PAGES",
    "REPO_ROOT",
    "Block",
    "bash_block",
    "blocks",
    "command_lines",
    "scoring_argv",
    "section",
]

REPO_ROOT = Path(__file__).resolve().parents[1]
# Every page a user reads for instructions.
PAGES = (REPO_ROOT / "README.md", *sorted((REPO_ROOT / "docs").glob("*.md")))
# An HTML comment just before a block: why no test runs its commands.
NOT_RUN = re.compile(r"<!-- not run by the suite: (.+?) -->\s*\Z", re.S)
_FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.M | re.S)
_HEADING = re.compile(r"^(#{1,6}) (.+)$", re.M)


@dataclass(frozen=True)
class Block:
    page: Path
    heading: str  # the nearest heading above it ("" before the first)
    language: str
    text: str
    not_run: str | None  # why no test runs it, as the page says, or None

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(REPO_ROOT)}: {self.heading}"


def section(page: Path, heading: str) -> str:
    """The text under ``heading`` (its line as written, without the #s), up to the next
    heading of the same or a higher level."""
    text = page.read_text(encoding="utf-8")
    for match in _HEADING.finditer(text):
        if match.group(2).strip() == heading:
            level = len(match.group(1))
            rest = text[match.end() :]
            end = next(
                (
                    m.start()
                    for m in _HEADING.finditer(rest)
                    if len(m.group(1)) <= level and not _in_a_fence(rest, m.start())
                ),
                len(rest),
            )
            return rest[:end]
    raise LookupError(f"{page.name} has no heading {heading!r}")


def _in_a_fence(text: str, offset: int) -> bool:
    return text[:offset].count("\n```") % 2 == 1


def blocks(page: Path, language: str | None = None) -> list[Block]:
    """The page's fenced blocks (of ``language``), each with its heading and why it is not
    run, where the page says so."""
    text = page.read_text(encoding="utf-8")
    found = []
    for match in _FENCE.finditer(text):
        if language is not None and match.group(1) != language:
            continue
        headings = [
            m.group(2).strip()
            for m in _HEADING.finditer(text[: match.start()])
            if not _in_a_fence(text, m.start())
        ]
        why = NOT_RUN.search(text[: match.start()])
        found.append(
            Block(
                page,
                headings[-1] if headings else "",
                match.group(1),
                match.group(2),
                why.group(1) if why else None,
            )
        )
    return found


def bash_block(page: Path, heading: str) -> str:
    """The first ```bash block under ``heading``."""
    under = section(page, heading)
    match = re.search(r"^```bash\n(.*?)^```$", under, re.M | re.S)
    if match is None:
        raise LookupError(f"{page.name}: no bash block under {heading!r}")
    return match.group(1)


def _without_comment(line: str) -> str:
    """The line up to a `#` that starts a shell comment (after a blank, outside quotes)."""
    quote = None
    for index, char in enumerate(line):
        if quote:
            quote = None if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and (index == 0 or line[index - 1].isspace()):
            return line[:index]
    return line


def command_lines(block: str) -> list[str]:
    """Each command of a bash block, as typed: comments and blank lines left out."""
    return [command for line in block.splitlines() if (command := _without_comment(line).strip())]


def scoring_argv(command: str) -> list[str] | None:
    """The arguments after `python -m scoring` in ``command``, or None for another command."""
    words = shlex.split(command)
    return words[3:] if words[:3] == ["python", "-m", "scoring"] else None

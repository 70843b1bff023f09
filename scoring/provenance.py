"""A sacrebleu-style signature that travels with every number we print.

It names what made the number: the normaliser version, the PyThaiNLP whose
newmm dictionary decides the number rule, the bootstrap settings and this
package's version.
"""

from __future__ import annotations

import functools
import hashlib
import inspect
import re
import tomllib
from importlib import metadata
from pathlib import Path

from . import normalizer, numbers
from .bootstrap import DEFAULT_LEVEL, DEFAULT_RESAMPLES, DEFAULT_SEED
from .errors import ScoringError
from .normalizer import NORMALIZER_VERSION

__all__ = [
    "PINNED_PYTHAINLP",
    "RULES_PINS_FILE",
    "pinned_rules_digests",
    "rules_source_digest",
    "write_rules_pin",
    "package_version",
    "pythainlp_version",
    "signature",
    "unpinned_pythainlp_message",
]

PINNED_PYTHAINLP = "5.3.5"


# Read once per process: each card's signature names both, and reading a distribution's
# metadata parses its METADATA file.
@functools.cache
def _installed(distribution: str) -> str:
    return metadata.version(distribution)


def package_version() -> str:
    try:
        return _installed("thai-asr-card-scoring")
    except metadata.PackageNotFoundError:  # run from a source tree
        return "0+unknown"


def pythainlp_version() -> str:
    return _installed("pythainlp")


def signature(
    *,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int | None = DEFAULT_SEED,
    level: float = DEFAULT_LEVEL,
) -> str:
    """``key:value|...`` naming every setting that can move a number."""
    fields = {
        "metric": "cer",
        "nrm": f"th-{NORMALIZER_VERSION}",
        "pythainlp": pythainlp_version(),
        "resamples": resamples,
        "seed": "none" if seed is None else seed,
        "level": level,
        "version": package_version(),
    }
    return "|".join(f"{key}:{value}" for key, value in fields.items())


def unpinned_pythainlp_message(installed: str | None = None) -> str | None:
    """What to tell the user when PyThaiNLP is not the pinned release, else None."""
    installed = installed or pythainlp_version()
    if installed == PINNED_PYTHAINLP:
        return None
    return (
        f"PyThaiNLP {installed} is installed but the card pins {PINNED_PYTHAINLP}: "
        "its newmm dictionary decides the number rule, so figures may differ "
        f"(pip install pythainlp=={PINNED_PYTHAINLP})"
    )


# NORMALIZER_VERSION -> sha256 of the rules' source. Data, not test code:
# `python -m scoring rebaseline` adds the pin of a new version, and a test
# fails when the rules' source no longer matches the pin of the current one.
RULES_PINS_FILE = Path(__file__).with_name("normalizer_pins.toml")
_PINS_HEADER = (
    "# NORMALIZER_VERSION = sha256 of the rules' source (scoring/normalizer.py without its\n"
    "# version line, then scoring/numbers.py). Written by `python -m scoring rebaseline`;\n"
    "# a rule edited without a version bump no longer matches its version's pin.\n"
)


def rules_source_digest(
    normalizer_source: str | None = None, numbers_source: str | None = None
) -> str:
    """A digest of every line that decides what the rules do (the version line left out)."""
    source = inspect.getsource(normalizer) if normalizer_source is None else normalizer_source
    source = re.sub(r"^NORMALIZER_VERSION = .*$", "", source, flags=re.M)
    rest = inspect.getsource(numbers) if numbers_source is None else numbers_source
    return hashlib.sha256((source + rest).encode()).hexdigest()


def pinned_rules_digests(path: Path | None = None) -> dict[str, str]:
    """``{version: digest}`` as pinned (default: RULES_PINS_FILE); a missing file pins nothing."""
    path = RULES_PINS_FILE if path is None else path
    try:
        pins = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except tomllib.TOMLDecodeError as error:
        raise ScoringError(path, f"is not valid TOML ({error})") from None
    if not all(isinstance(v, str) for v in pins.values()):
        raise ScoringError(path, 'every pin must be a version = "digest" string')
    return pins


def write_rules_pin(
    version: str, digest: str, path: Path | None = None, *, replace: bool = False
) -> bool:
    """Pin ``digest`` for ``version``; False when it was pinned already.

    A different digest already pinned for ``version`` is refused, unless ``replace``
    (the caller knows that pin was never committed: the version is not spent).
    """
    path = RULES_PINS_FILE if path is None else path
    pins = pinned_rules_digests(path)
    if pins.get(version) == digest:
        return False
    if version in pins and not replace:
        raise ScoringError(path, f"NORMALIZER_VERSION {version!r} is pinned to other rules")
    pins[version] = digest
    lines = [f'"{key}" = "{value}"\n' for key, value in pins.items()]
    from .files import write_text_atomically

    write_text_atomically(path, _PINS_HEADER + "".join(lines))
    return True

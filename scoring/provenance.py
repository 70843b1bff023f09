"""A sacrebleu-style signature that travels with every number we print.

It names what made the number: the normaliser version, the PyThaiNLP whose
newmm dictionary decides the number rule, the bootstrap settings and this
package's version.
"""

from __future__ import annotations

from importlib import metadata

from .bootstrap import DEFAULT_LEVEL, DEFAULT_RESAMPLES, DEFAULT_SEED
from .normalizer import NORMALIZER_VERSION

__all__ = [
    "PINNED_PYTHAINLP",
    "package_version",
    "pythainlp_version",
    "signature",
    "unpinned_pythainlp_message",
]

PINNED_PYTHAINLP = "5.3.5"


def package_version() -> str:
    try:
        return metadata.version("thai-asr-card-scoring")
    except metadata.PackageNotFoundError:  # run from a source tree
        return "0+unknown"


def pythainlp_version() -> str:
    return metadata.version("pythainlp")


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


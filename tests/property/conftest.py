"""The property tests' Hypothesis settings (here, not in the root conftest: the golden
suite's many subprocess runs need not import Hypothesis, half a second each)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# The gate's profile is derandomised: the same examples on every run and
# machine, so a verdict never depends on the draw (and no example database is
# read or written). HYPOTHESIS_PROFILE=thorough explores: random draws, many
# more examples; a failure it finds becomes an @example or a unit test.
settings.register_profile(
    "default",
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough",
    max_examples=2000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

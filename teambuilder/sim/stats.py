"""Confidence intervals for win rates: the Wilson score interval.

Wilson rather than the normal ("Wald") interval because sims often have few games or
lopsided results: Wilson stays inside [0, 1], is never zero-width at 0 or n wins, and keeps
close to its nominal coverage for small n (Brown, Cai and DasGupta 2001).
"""

from __future__ import annotations

import math
from statistics import NormalDist

CONFIDENCE = 0.95
# The two-sided normal quantile: 1.959963984540054 for 95%.
Z_95 = NormalDist().inv_cdf(1 - (1 - CONFIDENCE) / 2)


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for ``successes`` out of ``trials``; (0, 1) for no trials."""
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    # At the ends the exact bound is 0 (no successes) or 1 (all); skip the rounding noise.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high

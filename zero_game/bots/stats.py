"""Interval maths for duplicate tournaments: Wilson intervals on clustered results, paired differences.

A duplicate tournament replays each *deal set* once per seat rotation, so the matches of one deal set
share their cards and are not independent; the deal set is the independent unit. A level's win share
is a proportion of matches, but its variance must come from the spread between deal sets. We take the
cluster-robust variance over deal sets, turn it into an *effective sample size* (the number of
independent matches that would give the same variance: Kish's design effect), and put a Wilson
interval on the share with that many trials (the Korn–Graubard approach for clustered proportions,
with Wilson in place of Clopper–Pearson). The interval therefore never leaves [0, 1], and the
duplicate design's pairing counts for exactly what it is worth. The effective size is kept between
the number of deal sets (every seating of a deal gave the same result) and the number of matches.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``successes`` may be fractional, as shared wins are).

    >>> lo, hi = wilson(8, 10)
    >>> round(lo, 4), round(hi, 4)
    (0.4902, 0.9433)
    >>> wilson(0, 10)[0], wilson(10, 10)[1]
    (0.0, 1.0)
    """
    if trials <= 0:
        return (math.nan, math.nan)
    p = min(max(successes / trials, 0.0), 1.0)
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    lo = 0.0 if p == 0 else max(0.0, centre - half)
    hi = 1.0 if p == 1 else min(1.0, centre + half)
    return (lo, hi)


def clustered_share(credits: Sequence[float], counts: Sequence[float]) -> tuple[float, float, float, float]:
    """A share over clusters: (share, Wilson low, Wilson high, effective sample size).

    ``credits[k]`` is the win credit a level earned in deal set ``k`` (summed over its matches and
    seats), ``counts[k]`` the seat-matches it played there, so the share is sum(credits)/sum(counts).
    """
    clusters = len(credits)
    total = float(sum(counts))
    if clusters == 0 or total <= 0:
        return (math.nan, math.nan, math.nan, 0.0)
    share = sum(credits) / total
    if clusters == 1:
        lo, hi = wilson(share * counts[0], counts[0]) if counts[0] else (math.nan, math.nan)
        return (share, lo, hi, float(counts[0]))
    # Cluster-robust (ratio-estimator) variance of the share.
    mean_count = total / clusters
    spread = sum((c - share * n) ** 2 for c, n in zip(credits, counts, strict=True)) / (clusters - 1)
    variance = spread / (clusters * mean_count * mean_count)
    binomial = share * (1 - share)
    effective = total if variance <= 0 or binomial <= 0 else binomial / variance
    effective = min(max(effective, float(clusters)), total)
    lo, hi = wilson(share * effective, effective)
    return (share, lo, hi, effective)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean of independent values with its 95% normal interval: (mean, low, high).

    Used for mean round scores and their paired differences per deal set (means of many rounds, so
    the normal approximation is sound there, unlike for a share near 0 or 1).
    """
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = sum(values) / n
    if n == 1:
        return (mean, math.nan, math.nan)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = z * sd / math.sqrt(n)
    return (mean, mean - half, mean + half)


__all__ = ["Z95", "clustered_share", "mean_interval", "wilson"]

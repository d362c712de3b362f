"""Binomial confidence intervals for both games' tournaments (standard library only)."""

from __future__ import annotations

import math
from collections.abc import Callable

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


def _binomial_cdf(k: int, n: int, p: float) -> float:
    """P(X <= k) for X ~ Binomial(n, p)."""
    if p <= 0:
        return 1.0
    if p >= 1:
        return 1.0 if k >= n else 0.0
    log_p, log_q = math.log(p), math.log1p(-p)
    total = 0.0
    for i in range(k + 1):
        log_term = math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) + i * log_p + (n - i) * log_q
        total += math.exp(log_term)
    return min(total, 1.0)


def _solve(f: Callable[[float], float], target: float, *, increasing: bool) -> float:
    """The p in [0, 1] where the monotone function ``f`` crosses ``target`` (bisection)."""
    lo, hi = 0.0, 1.0
    for _ in range(60):
        mid = (lo + hi) / 2
        if (f(mid) < target) == increasing:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def clopper_pearson(successes: int, trials: int, alpha: float = 0.05) -> tuple[float, float]:
    """The exact (Clopper–Pearson) interval of a binomial proportion.

    >>> [round(x, 3) for x in clopper_pearson(8, 10)]
    [0.444, 0.975]
    >>> [round(x, 4) for x in clopper_pearson(0, 10)]
    [0.0, 0.3085]
    """
    if trials <= 0:
        return (math.nan, math.nan)
    k, n = successes, trials
    lower = 0.0 if k == 0 else _solve(lambda p: 1 - _binomial_cdf(k - 1, n, p), alpha / 2, increasing=True)
    upper = 1.0 if k == n else _solve(lambda p: _binomial_cdf(k, n, p), alpha / 2, increasing=False)
    return (lower, upper)

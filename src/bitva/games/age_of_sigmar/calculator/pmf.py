"""Probability mass functions as numpy arrays, index = value (CALC-7).

The same code runs on float64 arrays (fast) and on object arrays of :class:`fractions.Fraction`
(exact, used by tests): every helper takes ``exact`` and never mixes the two.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

Pmf = npt.NDArray[Any]


def number(numerator: int, denominator: int = 1, *, exact: bool) -> Any:
    """``numerator / denominator`` as a Fraction or a float."""
    if exact:
        return Fraction(numerator, denominator)
    return numerator / denominator


def array(values: Sequence[Any], *, exact: bool) -> Pmf:
    if exact:
        return np.array([Fraction(v) for v in values], dtype=object)
    return np.array([float(v) for v in values], dtype=np.float64)


def zeros(length: int, *, exact: bool) -> Pmf:
    if exact:
        return np.array([Fraction(0)] * length, dtype=object)
    return np.zeros(length, dtype=np.float64)


def delta(value: int, *, exact: bool) -> Pmf:
    """The certain value ``value``."""
    out = zeros(value + 1, exact=exact)
    out[value] = number(1, exact=exact)
    return out


def convolve(a: Pmf, b: Pmf) -> Pmf:
    """The distribution of the sum of two independent values."""
    return np.convolve(a, b)


def add_scaled(acc: Pmf, pmf: Pmf, weight: Any) -> Pmf:
    """``acc + weight * pmf``, padding the shorter one with zeros."""
    if len(pmf) > len(acc):
        acc = np.concatenate([acc, zeros(len(pmf) - len(acc), exact=acc.dtype == object)])
    acc[: len(pmf)] += pmf * weight
    return acc


def power_series(coefficients: Pmf, base: Pmf) -> Pmf:
    """``sum_n coefficients[n] * base^(*n)`` by Horner's scheme: the law of a sum of a random
    number N of independent copies of ``base`` (CALC-6, CALC-7)."""
    exact = coefficients.dtype == object
    result = trim(coefficients[-1:].copy())
    for coefficient in coefficients[-2::-1]:
        result = convolve(result, base)
        result[0] += coefficient
    if not len(result):
        return delta(0, exact=exact)
    return result


def power(base: Pmf, n: int) -> Pmf:
    """``base^(*n)``, the sum of ``n`` independent copies."""
    result = delta(0, exact=base.dtype == object)
    square = base
    while n:
        if n & 1:
            result = convolve(result, square)
        n >>= 1
        if n:
            square = convolve(square, square)
    return result


def thin(pmf: Pmf, keep: Any) -> Pmf:
    """Each unit survives independently with chance ``keep`` (a ward, CALC-4):
    ``D'(j) = sum_k D(k) C(k, j) keep^j (1 - keep)^(k - j)``."""
    exact = pmf.dtype == object
    one = number(1, exact=exact)
    return power_series(pmf, array([one - keep, keep], exact=exact))


def trim(pmf: Pmf) -> Pmf:
    """Drop trailing exact zeros (keeps at least one entry)."""
    nonzero = np.flatnonzero(pmf != 0)
    end = int(nonzero[-1]) + 1 if len(nonzero) else 1
    return pmf[:end]


def mean(pmf: Pmf) -> Any:
    values = np.arange(len(pmf))
    if pmf.dtype == object:
        return sum((int(v) * p for v, p in zip(values, pmf, strict=True)), Fraction(0))
    return float(np.dot(values, pmf))


def variance(pmf: Pmf) -> Any:
    values = np.arange(len(pmf))
    mu = mean(pmf)
    if pmf.dtype == object:
        second = sum((int(v) ** 2 * p for v, p in zip(values, pmf, strict=True)), Fraction(0))
        return second - mu * mu
    return max(0.0, float(np.dot(values.astype(np.float64) ** 2, pmf)) - mu * mu)


def tail(pmf: Pmf) -> Pmf:
    """``P(X >= x)`` for every x."""
    return np.cumsum(pmf[::-1])[::-1]


def percentile(pmf: Pmf, p: float) -> int:
    """The least x with ``P(X <= x) >= p`` (CALC-11); floats get a 1e-12 allowance."""
    cdf = np.cumsum(pmf)
    slack = 0 if pmf.dtype == object else 1e-12
    for x, c in enumerate(cdf):
        if c >= Fraction(p).limit_denominator(10**6) - slack:
            return x
    return len(pmf) - 1


def to_floats(pmf: Pmf) -> list[float]:
    return [float(p) for p in pmf]

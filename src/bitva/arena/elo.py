"""Elo ratings from game results: the maximum-likelihood Bradley-Terry model on the Elo scale,
with bootstrap confidence intervals.

P(a beats b) = 1 / (1 + 10 ** ((elo_b - elo_a) / 400)); a draw counts as half a win for each.
Every pairing that played also gets one virtual draw, a weak prior that keeps the estimate finite
when one agent won every game (without it the maximum-likelihood gap is infinite). Ratings are
centred on 1500. The interval of each rating is the 2.5th to 97.5th percentile over bootstrap
resamples (games resampled with replacement within each pairing, seeded, so reproducible),
widened where needed to the Fisher-information interval (a clean sweep has no bootstrap spread).

>>> ratings = fit_elo(["a", "b"], [("a", "b", 1.0)] * 3 + [("a", "b", 0.0)])
>>> round(ratings["a"] - ratings["b"])
147
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from statistics import NormalDist

import numpy as np

Result = tuple[str, str, float]  # (agent, opponent, agent's score: 1, 0.5 or 0)

BASE = 1500.0
PRIOR_DRAWS = 1.0


def _pairings(
    agents: Sequence[str], results: Sequence[Result]
) -> list[tuple[int, int, np.ndarray]]:
    """(i, j, scores of i against j) for every pair of agents that played."""
    index = {name: i for i, name in enumerate(agents)}
    scores: dict[tuple[int, int], list[float]] = defaultdict(list)
    for a, b, score in results:
        i, j = index[a], index[b]
        if i <= j:
            scores[(i, j)].append(score)
        else:
            scores[(j, i)].append(1.0 - score)
    return [(i, j, np.array(values)) for (i, j), values in sorted(scores.items())]


def _matrices(
    n: int, pairings: Sequence[tuple[int, int, float, int]]
) -> tuple[np.ndarray, np.ndarray]:
    """Win and game matrices from (i, j, i's total score, games), with the prior draw."""
    wins = np.zeros((n, n))
    games = np.zeros((n, n))
    for i, j, total, count in pairings:
        wins[i, j] += total + PRIOR_DRAWS / 2
        wins[j, i] += count - total + PRIOR_DRAWS / 2
        games[i, j] += count + PRIOR_DRAWS
        games[j, i] += count + PRIOR_DRAWS
    return wins, games


def _fit(wins: np.ndarray, games: np.ndarray) -> np.ndarray:
    """Newton's method on the (concave) Bradley-Terry log-likelihood; Elo out. The ratings are
    defined up to a constant, so each step solves with the pseudo-inverse of the Hessian."""
    n = wins.shape[0]
    total = wins.sum(axis=1)
    active = games.sum(axis=1) > 0
    theta = np.zeros(n)
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(theta[None, :] - theta[:, None]))  # p[i, j] = P(i beats j)
        gradient = total - (games * p).sum(axis=1)
        weights = games * p * p.T
        hessian = weights - np.diag(weights.sum(axis=1))
        step = np.linalg.pinv(hessian) @ gradient
        theta = theta - step
        if np.max(np.abs(step), initial=0.0) < 1e-10:
            break
    elo = theta * 400.0 / np.log(10.0)
    if active.any():
        elo[active] += BASE - elo[active].mean()
    elo[~active] = np.nan
    result: np.ndarray = elo
    return result


def _fisher_errors(wins: np.ndarray, games: np.ndarray, elo: np.ndarray) -> np.ndarray:
    """Standard errors (Elo) of the ratings from the Fisher information at the maximum, with the
    ratings centred (the pseudo-inverse of the information matrix)."""
    theta = np.nan_to_num(elo - BASE) * np.log(10.0) / 400.0
    p = 1.0 / (1.0 + np.exp(theta[None, :] - theta[:, None]))
    weights = games * p * p.T
    information = np.diag(weights.sum(axis=1)) - weights
    variance = np.clip(np.diag(np.linalg.pinv(information)), 0.0, None)
    errors: np.ndarray = np.sqrt(variance) * 400.0 / np.log(10.0)
    return errors


def fit_elo(agents: Sequence[str], results: Sequence[Result]) -> dict[str, float]:
    """The Elo rating of every agent (NaN for an agent without games)."""
    pairings = [(i, j, float(v.sum()), len(v)) for i, j, v in _pairings(agents, results)]
    elo = _fit(*_matrices(len(agents), pairings))
    return {name: float(elo[i]) for i, name in enumerate(agents)}


def elo_intervals(
    agents: Sequence[str],
    results: Sequence[Result],
    resamples: int = 1000,
    seed: int = 0,
    level: float = 0.95,
) -> dict[str, tuple[float, float]]:
    """A `level` interval for every agent's rating: the bootstrap percentile interval, widened
    where needed to the Fisher-information (Wald) interval. The bootstrap alone collapses to a
    point when every pairing is a clean sweep (each resample is the same), the Wald interval
    does not."""
    groups = _pairings(agents, results)
    wins, games = _matrices(len(agents), [(i, j, float(v.sum()), len(v)) for i, j, v in groups])
    elo = _fit(wins, games)
    z = NormalDist().inv_cdf(1.0 - (1.0 - level) / 2)
    wald = z * _fisher_errors(wins, games, elo)
    rng = np.random.default_rng(seed)
    samples = np.empty((resamples, len(agents)))
    for r in range(resamples):
        drawn = [
            (i, j, float(v[rng.integers(0, len(v), size=len(v))].sum()), len(v))
            for i, j, v in groups
        ]
        samples[r] = _fit(*_matrices(len(agents), drawn))
    tail = (1.0 - level) / 2 * 100
    out: dict[str, tuple[float, float]] = {}
    for i, name in enumerate(agents):
        column = samples[:, i]
        if np.isnan(column).all():
            out[name] = (float("nan"), float("nan"))
        else:
            low, high = np.nanpercentile(column, [tail, 100 - tail])
            out[name] = (float(min(low, elo[i] - wald[i])), float(max(high, elo[i] + wald[i])))
    return out

"""Cubic fits and curve similarity (``docs/metrics.md`` §5 steps 9d-9f, 9h).

Point sets are concatenated group by group (``starts`` gives each group's slice, points
in scan order inside a group). All groups are fitted at once: the least squares runs
in centred, scaled coordinates (u = (x - c) / s in [-1, 1], v = y - mean y) by a
vectorised modified Gram-Schmidt QR of [1, u, u^2, u^3] with one reorthogonalisation,
whose per-group inner products are segment sums (``np.add.reduceat``); the
coefficients are then expanded back to raw 1-based coordinates.

Groups with fewer than 4 points (underdetermined: the tie-break makes every x distinct)
get the minimum-norm solution *in raw coordinates*, as the spec says. Centring would
change which solution has the minimum norm, and raw Vandermonde rows up to x^3 ~ 4e10
are too badly scaled for floating point, so these few small groups are solved exactly
in integer arithmetic: p = A^T (A A^T)^-1 y.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np

from vesselview.engine.kernels_cache import kernel
from vesselview.engine.kernels_choice import use_compiled

#: Step 9e: the offset added to an x value already seen in the same point set.
TIE_STEP = 0.01
#: Step 9h: a fit is "zero" (a line y = const) when its non-constant coefficients in
#: centred, scaled coordinates are below this fraction of the y extent (at least 1 pixel).
ZERO_FIT_TOLERANCE = 1e-9
_DEGREE = 3


def break_ties(x: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """Step 9e: within each group, in order, add 0.01 to a value already seen, repeatedly.

    Compiled, or without compiling while the kernels compile
    (`vesselview.engine.kernels_choice`); the same values either way.

    Parameters
    ----------
    x : ndarray of float64, shape (N,)
    starts : ndarray of int64, shape (G + 1,)
        Group g is ``x[starts[g]:starts[g + 1]]``.

    Returns
    -------
    ndarray of float64, shape (N,)
    """
    x, starts = np.array(x, np.float64), np.array(starts, np.int64)  # the compiled variant
    if use_compiled(x.size):
        return _break_ties(x, starts)
    return _break_ties_with_sets(x, starts)


def _break_ties_with_sets(x: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """`_break_ties` without compiling: the values accepted so far kept in a set.

    "Equal to some accepted value" is set membership, whatever order the kernel's
    repeated search visits them in.
    """
    out = x.tolist()
    bounds = starts.tolist()
    for start, stop in itertools.pairwise(bounds):
        accepted: set[float] = set()
        for k in range(start, stop):
            value = out[k]
            while value in accepted:
                value += TIE_STEP
            accepted.add(value)
            out[k] = value
    return np.array(out, np.float64)


@kernel()
def _break_ties(x: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """`break_ties` compiled: the reference code's repeated floating-point addition, and
    its exact comparison against the values accepted so far as membership in a hash set
    (one look-up per step, where a scan of the group made a segment quadratic in its
    length; equal floats hash alike, and every value here is finite).
    """
    out = x.copy()
    accepted = {0.0}  # typed by its first element, emptied per group
    for g in range(starts.shape[0] - 1):
        accepted.clear()
        for k in range(starts[g], starts[g + 1]):
            value = out[k]
            while value in accepted:
                value += TIE_STEP
            accepted.add(value)
            out[k] = value
    return out


def _group_sum(values: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """Sum of ``values`` over each non-empty group."""
    return np.add.reduceat(values, starts[:-1], axis=0)


def _mgs_solve(u: np.ndarray, v: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """Least-squares cubic coefficients (q0..q3) per group of >= 4 distinct u."""
    n_groups = starts.size - 1
    sizes = np.diff(starts)
    # One contiguous row per basis vector; per-group values spread by np.repeat (no
    # gather through a group index).
    # Products, not numpy's float power: two IEEE multiplications round the same on every
    # machine, where np.power's SIMD and libm paths may round apart by an ulp (and take a
    # slow path for negative bases, about 20x the fast one).
    squares = u * u
    basis = np.stack([np.ones_like(u), u, squares, squares * u])
    triangle = np.zeros((n_groups, _DEGREE + 1, _DEGREE + 1))
    projected = np.zeros((n_groups, _DEGREE + 1))
    residual = v.copy()
    for j in range(_DEGREE + 1):
        for _ in range(2):  # Gram-Schmidt twice is enough
            for i in range(j):
                proj = _group_sum(basis[i] * basis[j], starts)
                triangle[:, i, j] += proj
                basis[j] -= np.repeat(proj, sizes) * basis[i]
        norm = np.sqrt(_group_sum(basis[j] ** 2, starts))
        triangle[:, j, j] = norm
        basis[j] /= np.repeat(norm, sizes)
        projected[:, j] = _group_sum(basis[j] * residual, starts)
        residual -= np.repeat(projected[:, j], sizes) * basis[j]
    return np.linalg.solve(triangle, projected[:, :, None])[:, :, 0]


def _raw_min_norm(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Exact minimum-norm [p1, p2, p3] of a cubic through 1..3 points with distinct x.

    ``p = A^T (A A^T)^-1 y`` with rows ``[x^3, x^2, x, 1]``, in integers: every float is
    an integer over a power of two, so with ``x = X / D`` and ``y = Y / E`` (common
    denominators) the rows ``R = D^3 A`` are integers, and with ``G = R R^T``,
    ``p_c = D^3 sum_i R_ic (adj(G) Y)_i / (det(G) E)``. The one division is correctly
    rounded (Python's integer true division), so each coefficient is the exact value
    rounded once, as `fractions.Fraction` arithmetic gives it, without its gcd after
    every operation (hand-written: numpy has no exact rationals).
    """
    xs, denominator_x = _common_denominator(x)
    ys, denominator_y = _common_denominator(y)
    rows = [[value ** 3, value ** 2 * denominator_x, value * denominator_x ** 2,
             denominator_x ** 3] for value in xs]
    gram = [[sum(a * b for a, b in zip(one, other, strict=True)) for other in rows]
            for one in rows]
    adjugate, determinant = _adjugate(gram)
    weights = [sum(a * b for a, b in zip(line, ys, strict=True)) for line in adjugate]
    scale = determinant * denominator_y
    return np.array([denominator_x ** 3 * sum(row[c] * w for row, w in zip(rows, weights,
                                                                          strict=True)) / scale
                     for c in range(_DEGREE)])


def _common_denominator(values: np.ndarray) -> tuple[list[int], int]:
    """Integers ``n_i`` and one power of two ``d`` with ``values[i] == n_i / d`` exactly."""
    ratios = [float(value).as_integer_ratio() for value in values]
    denominator = max(den for _, den in ratios)
    return [num * (denominator // den) for num, den in ratios], denominator


def _adjugate(matrix: list[list[int]]) -> tuple[list[list[int]], int]:
    """Adjugate and determinant of a 1x1, 2x2 or 3x3 integer matrix (exact)."""
    n = len(matrix)
    if n == 1:
        return [[1]], matrix[0][0]
    if n == 2:
        (a, b), (c, d) = matrix
        return [[d, -b], [-c, a]], a * d - b * c
    (a, b, c), (d, e, f), (g, h, i) = matrix
    adjugate = [[e * i - f * h, c * h - b * i, b * f - c * e],
                [f * g - d * i, a * i - c * g, c * d - a * f],
                [d * h - e * g, b * g - a * h, a * e - b * d]]
    return adjugate, a * adjugate[0][0] + b * adjugate[1][0] + c * adjugate[2][0]


def _solve_selected(u: np.ndarray, v: np.ndarray, sizes: np.ndarray, select: np.ndarray,
                    solver: Callable[[np.ndarray, np.ndarray, np.ndarray], np.ndarray]
                    ) -> np.ndarray:
    """Run ``solver`` on the groups flagged in ``select``; returns their (q0..q3) rows."""
    members = np.repeat(select, sizes)
    sub_starts = np.zeros(np.count_nonzero(select) + 1, np.int64)
    np.cumsum(sizes[select], out=sub_starts[1:])
    return solver(u[members], v[members], sub_starts)


def fit_cubics(x: np.ndarray, y: np.ndarray, starts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Step 9f: least-squares ``y = p1 x^3 + p2 x^2 + p3 x + p4`` for every group.

    Parameters
    ----------
    x : ndarray of float64, shape (N,)
        Independent variable (1-based, tie-broken: distinct within a group).
    y : ndarray of float64, shape (N,)
        Dependent variable (1-based pixel coordinates).
    starts : ndarray of int64, shape (G + 1,)
        Group g is ``x[starts[g]:starts[g + 1]]``; every group must be non-empty.

    Returns
    -------
    coefficients : ndarray of float64, shape (G, 3)
        ``F = [p1, p2, p3]`` in raw coordinates.
    zero : ndarray of bool, shape (G,)
        Whether F is the zero vector (the points lie on a line y = const), judged in
        centred, scaled coordinates against `ZERO_FIT_TOLERANCE`. Never true for an
        underdetermined group: its minimum-norm F is not zero.
    """
    sizes = np.diff(starts)
    first = starts[:-1]
    low, high = np.minimum.reduceat(x, first), np.maximum.reduceat(x, first)
    centre = (low + high) / 2
    scale = np.where(high > low, (high - low) / 2, 1.0)
    u = (x - np.repeat(centre, sizes)) / np.repeat(scale, sizes)
    v = y - np.repeat(np.add.reduceat(y, first) / sizes, sizes)
    local = np.zeros((sizes.size, _DEGREE + 1))
    small = sizes <= _DEGREE
    if np.any(~small):
        local[~small] = _solve_selected(u, v, sizes, ~small, _mgs_solve)
    extent = np.maximum(np.maximum.reduceat(np.abs(v), first), 1.0)
    zero = (np.linalg.norm(local[:, 1:], axis=1) < ZERO_FIT_TOLERANCE * extent) & ~small
    coefficients = _expand(local, centre, scale)
    for g in np.flatnonzero(small):  # rare: segments clipped by the FOV to 1-3 pixels
        coefficients[g] = _raw_min_norm(x[starts[g]:starts[g + 1]], y[starts[g]:starts[g + 1]])
    return coefficients, zero


def _expand(local: np.ndarray, centre: np.ndarray, scale: np.ndarray) -> np.ndarray:
    """Raw [p1, p2, p3] of ``sum_m q_m ((x - c) / s)^m``: with a = 1/s, b = -c/s."""
    a = 1.0 / scale
    b = -centre / scale
    q1, q2, q3 = local[:, 1], local[:, 2], local[:, 3]
    p1 = q3 * a ** 3
    p2 = q2 * a ** 2 + 3 * q3 * a ** 2 * b
    p3 = q1 * a + 2 * q2 * a * b + 3 * q3 * a * b ** 2
    return np.column_stack((p1, p2, p3))


def curve_similarity(f_ref: np.ndarray, f_cand: np.ndarray, zero_ref: np.ndarray,
                     zero_cand: np.ndarray) -> np.ndarray:
    """Step 9h: ``cs = |F_G . F_S| / (|F_G| |F_S|)`` clipped to [0, 1], per row.

    Both fits zero (two straight runs along the same axis) gives 1; exactly one zero
    gives 0 (the reference code divides round-off by round-off there).

    Parameters
    ----------
    f_ref, f_cand : ndarray of float64, shape (G, 3)
    zero_ref, zero_cand : ndarray of bool, shape (G,)

    Returns
    -------
    ndarray of float64, shape (G,)
    """
    both = zero_ref & zero_cand
    either = zero_ref | zero_cand
    norms = np.linalg.norm(f_ref, axis=1) * np.linalg.norm(f_cand, axis=1)
    dot = np.abs(np.einsum("ij,ij->i", f_ref, f_cand))
    with np.errstate(divide="ignore", invalid="ignore"):
        cosine = np.clip(dot / norms, 0.0, 1.0)
    return np.where(both, 1.0, np.where(either, 0.0, cosine))

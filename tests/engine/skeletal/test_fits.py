"""Tie-break, batched cubic fits and curve similarity (steps 9e, 9f, 9h)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.skeletal import oracle
from vesselview.engine.skeletal.fits import TIE_STEP, break_ties, curve_similarity, fit_cubics


def _starts(*sizes: int) -> np.ndarray:
    return np.concatenate(([0], np.cumsum(sizes))).astype(np.int64)


def _tie_broken(col: int, steps: int) -> float:
    """``col`` after ``steps`` tie-break additions (repeated, as step 9e adds them)."""
    value = float(col)
    for _ in range(steps):
        value += TIE_STEP
    return value


def test_ties_get_repeated_hundredths_in_order_within_each_group():
    x = np.array([10.0, 10, 10, 11, 10, 3, 3])
    out = break_ties(x, _starts(5, 2))
    # Repeated floating-point additions, as the reference code does them.
    expected = [10.0, 10 + 0.01, 10 + 0.01 + 0.01, 11.0, 10 + 0.01 + 0.01 + 0.01, 3.0, 3 + 0.01]
    assert out.tolist() == expected
    assert x.tolist() == [10.0, 10, 10, 11, 10, 3, 3]  # input untouched


def test_exact_cubics_are_recovered_in_every_group():
    x1 = np.arange(1.0, 7.0)
    x2 = np.arange(3000.0, 3011.0)
    y1 = x1 ** 3 - 2 * x1 ** 2 + 3 * x1 + 4
    y2 = 2e-6 * (x2 - 3000.0) ** 3 + 7.0
    coefficients, zero = fit_cubics(np.concatenate((x1, x2)), np.concatenate((y1, y2)),
                                    _starts(6, 11))
    np.testing.assert_allclose(coefficients[0], [1, -2, 3], rtol=1e-10)
    # Expanded: 2e-6 x^3 - 0.018 x^2 + 54 x + ...: a raw Vandermonde solve loses this.
    np.testing.assert_allclose(coefficients[1], [2e-6, -0.018, 54.0], rtol=1e-8)
    assert not zero.any()


def test_least_squares_matches_numpy_on_noisy_points():
    rng = np.random.default_rng(3)
    x = np.sort(rng.choice(np.arange(1, 60), 20, replace=False)).astype(float)
    y = np.round(0.01 * (x - 30) ** 2 + rng.normal(0, 1, x.size))
    coefficients, _ = fit_cubics(x, y, _starts(20))
    np.testing.assert_allclose(coefficients[0], np.polyfit(x, y, 3)[:3], rtol=1e-7)


def test_points_on_a_horizontal_line_give_exactly_zero():
    x = np.array([4.0, 5, 6, 7, 8])
    coefficients, zero = fit_cubics(x, np.full(5, 12.0), _starts(5))
    assert zero[0] and not coefficients.any()


def test_underdetermined_fits_are_minimum_norm_in_raw_coordinates():
    # Spec step 9f: minimum norm of the raw system A p = y, A rows [x^3, x^2, x, 1].
    # One point (x=2, y=3): A = [8, 4, 2, 1], A A^T = 85, p = A^T * 3/85 -> F = [24, 12, 6]/85.
    # Two points (1, 1), (2, 3): A A^T = [[4, 15], [15, 85]] (det 115), w = (A A^T)^-1 [1, 3]
    # = [(85 - 45), (-15 + 12)] / 115 = [40, -3] / 115; F = A^T w (first three entries)
    # = [40 - 24, 40 - 12, 40 - 6] / 115 = [16, 28, 34] / 115.
    x = np.array([2.0, 1.0, 2.0])
    y = np.array([3.0, 1.0, 3.0])
    coefficients, zero = fit_cubics(x, y, _starts(1, 2))
    assert zero.tolist() == [False, False]
    np.testing.assert_allclose(coefficients[0], np.array([24, 12, 6]) / 85, rtol=1e-15)
    np.testing.assert_allclose(coefficients[1], np.array([16, 28, 34]) / 115, rtol=1e-15)


def test_underdetermined_fit_is_exact_at_fundus_scale():
    # Three points near x = 3000 (x^3 ~ 2.7e10, hopeless for a float pseudo-inverse):
    # equal to the oracle's exact rational minimum-norm solution.
    x = [2999.0, 3000.01, 3001.0]
    y = [10.0, 12.0, 11.0]
    coefficients, zero = fit_cubics(np.array(x), np.array(y), _starts(3))
    exact, exact_zero = oracle.cubic(x, y)
    np.testing.assert_allclose(coefficients[0], [float(c) for c in exact], rtol=1e-12)
    assert zero[0] == exact_zero


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 10000), st.integers(0, 3)), min_size=1, max_size=3,
                unique_by=lambda point: point),
       st.lists(st.integers(1, 20000), min_size=3, max_size=3))
def test_underdetermined_fit_is_the_exact_value_rounded_once(points, halves):
    # x as the tie-break makes it (whole pixels plus repeated hundredths: not dyadic),
    # y in halves: every coefficient is the oracle's exact rational, correctly rounded.
    x = [_tie_broken(col, step) for col, step in points]
    y = [value / 2 for value in halves[:len(x)]]
    coefficients, zero = fit_cubics(np.array(x), np.array(y), _starts(len(x)))
    exact, _ = oracle.cubic(x, y)
    assert coefficients[0].tolist() == [float(c) for c in exact]
    assert not zero[0]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(4, 30), min_size=1, max_size=6), st.integers(0, 2**32 - 1))
def test_batched_fit_equals_fitting_each_group_alone(sizes, seed):
    rng = np.random.default_rng(seed)
    xs = [np.sort(rng.choice(np.arange(1, 400), n, replace=False)).astype(float) for n in sizes]
    ys = [rng.integers(1, 400, n).astype(float) for n in sizes]
    together, _ = fit_cubics(np.concatenate(xs), np.concatenate(ys), _starts(*sizes))
    for g, (x, y) in enumerate(zip(xs, ys, strict=True)):
        alone, _ = fit_cubics(x, y, _starts(x.size))
        np.testing.assert_allclose(together[g], alone[0], rtol=1e-9, atol=1e-15)


@pytest.mark.parametrize(("f_ref", "f_cand", "zero_ref", "zero_cand", "expected"), [
    ([1.0, 2.0, 3.0], [2.0, 4.0, 6.0], False, False, 1.0),
    ([1.0, 2.0, 3.0], [-1.0, -2.0, -3.0], False, False, 1.0),  # |dot|
    ([1.0, 0.0, 0.0], [0.0, 0.0, 5.0], False, False, 0.0),
    ([0.0, 1.0, 1.0], [0.0, 0.0, 1.0], False, False, 1 / np.sqrt(2)),
    ([0.0, 0.0, 0.0], [0.0, 0.0, 0.0], True, True, 1.0),       # two straight runs
    ([0.0, 0.0, 0.0], [0.0, 0.0, 1.0], True, False, 0.0),      # exactly one straight
    ([0.0, 0.0, 1.0], [1e-20, 0.0, 0.0], False, True, 0.0),
])
def test_curve_similarity(f_ref, f_cand, zero_ref, zero_cand, expected):
    cs = curve_similarity(np.array([f_ref]), np.array([f_cand]), np.array([zero_ref]),
                          np.array([zero_cand]))
    assert cs[0] == pytest.approx(expected, rel=1e-15)

"""Tie-break, batched cubic fits and curve similarity (steps 9e, 9f, 9h)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vesselview.engine.skeletal.fits import break_ties, curve_similarity, fit_cubics


def _starts(*sizes: int) -> np.ndarray:
    return np.concatenate(([0], np.cumsum(sizes))).astype(np.int64)


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


def test_underdetermined_fits_are_minimum_norm_in_centred_coordinates():
    # One point: u = 0, v = 0 -> q = 0, F = 0.
    # Two points (1, 1), (3, 5): u = -1, 1; v = -2, 2 -> min-norm q = [0, 1, 0, 1],
    # v = u + u^3 with u = x - 2 -> y = x^3 - 6x^2 + 13x - 7.
    x = np.array([9.0, 1.0, 3.0])
    y = np.array([4.0, 1.0, 5.0])
    coefficients, zero = fit_cubics(x, y, _starts(1, 2))
    assert zero.tolist() == [True, False]
    np.testing.assert_allclose(coefficients[1], [1, -6, 13], rtol=1e-12)
    assert not coefficients[0].any()


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(4, 30), min_size=1, max_size=6), st.integers(0, 2**32 - 1))
def test_batched_fit_equals_fitting_each_group_alone(sizes, seed):
    rng = np.random.default_rng(seed)
    xs = [np.sort(rng.choice(np.arange(1, 400), n, replace=False)).astype(float) for n in sizes]
    ys = [rng.integers(1, 400, n).astype(float) for n in sizes]
    together, _ = fit_cubics(np.concatenate(xs), np.concatenate(ys), _starts(*sizes))
    for g, (x, y) in enumerate(zip(xs, ys)):
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

"""Rank agreement (``metrics.md`` section 8): the papers' tables, hand-worked Paglieroni
measures, scipy on random data, and every undefined / error case."""

from __future__ import annotations

import csv
import io
import math

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from scipy import stats

from vesselview.engine.params import Params
from vesselview.errors import InputError
from vesselview.io.tables import write_table
from vesselview.research import ranking as ranking_module
from vesselview.research.inconsistency import mean_inconsistency, standard_inconsistency
from vesselview.research.ranking import (
    AGREEMENT_STATISTICS,
    oriented,
    rank_agreement,
    rank_candidates,
)

# Tolerance-F1 paper (seed 000), Table 1: shift, noise, gap, expansion, angle.
TABLE_1 = {
    "f1_t": [1, .983, .852, .879, .931], "se": [.569, 1, .741, 1, .845],
    "acc": [.805, .992, .941, .938, .930], "fom": [.957, .976, .741, .978, .950],
    "fpr": [.126, .010, 0, .081, .045], "mse": [.431, .867, 0, .216, .776],
    "hausdorff": [1, 6, 3, 1, 4], "delta_p": [.810, .948, .773, .433, 1.127],
}
TABLE_1_CORR = {"f1_t": 0.84, "se": -0.25, "acc": -0.12, "fom": 0.12, "fpr": -0.36,
                "mse": -0.36, "hausdorff": 0.0, "delta_p": -0.12}

# CAL paper (seed 001), Table III: mean human score and two QEFs over 14 segmentations.
HUMAN = [.709, .461, .903, .449, .105, .869, .605, .651, .486, .604, .130, .358, .575, .556]
TABLE_III = {
    "cal": [.849, .681, 1.0, .631, .393, .881, .716, .775, .654, .771, .340, .635, .715, .733],
    "se": [.918, .918, .919, .813, .242, .778, .685, .716, .663, .715, .291, .666, .765, .729],
}


def test_kendall_tau_b_reproduces_the_tolerance_f1_paper_table_1() -> None:
    agreement = rank_agreement(TABLE_1, [1, 2, 3, 3, 3])
    for metric, corr in TABLE_1_CORR.items():
        assert round(agreement[metric].kendall_tau_b, 2) == corr, metric


@pytest.mark.parametrize(("f1", "tau"), [
    # Table 4, t = 5: Perez (.829) below Jiang (.849), one discordant pair of 15.
    ([.937, .920, .910, .869, .829, .849], 13 / 15),
    # t = 8: Jiang (.876) above Niemeijer (.874) and Perez (.845), two discordant pairs.
    ([.942, .924, .917, .874, .845, .876], 11 / 15),
])
def test_kendall_tau_b_reproduces_the_tolerance_f1_paper_table_4(f1, tau) -> None:
    assert rank_agreement({"f1_t": f1}, [1, 2, 3, 4, 5, 6])["f1_t"].kendall_tau_b == \
        pytest.approx(tau)


def test_standard_inconsistency_and_correlation_reproduce_the_cal_paper_table_iv() -> None:
    agreement = rank_agreement(TABLE_III, HUMAN, expected_kind="score")
    # Table IV: Delta_R2 = 0.857 for CAL (12/14) and 2.571 for Se (36/14); rho .977, .799
    assert agreement["cal"].standard_inconsistency == pytest.approx(12 / 14)
    assert agreement["se"].standard_inconsistency == pytest.approx(36 / 14)
    assert agreement["cal"].pearson == pytest.approx(0.977, abs=0.002)
    assert agreement["se"].pearson == pytest.approx(0.799, abs=0.002)


def test_paglieroni_measures_on_a_hand_worked_example() -> None:
    x = [0.9, 0.5, 0.7, 0.1]
    y = [0.8, 0.6, 0.4, 0.0]
    # ranks x = 4 2 3 1, y = 4 3 2 1: |0 1 1 0| / 4
    assert standard_inconsistency(x, y) == pytest.approx(0.5)
    # onto [0, 3]: x -> 3 1.5 2.25 0, y -> 3 2.25 1.5 0: |0 .75 .75 0| / 4
    assert mean_inconsistency(x, y) == pytest.approx(0.375)


def test_paglieroni_measures_with_ties_and_a_reversal() -> None:
    # ranks 1.5 1.5 3 against 1 2 3
    assert standard_inconsistency([1, 1, 2], [1, 2, 3]) == pytest.approx(1 / 3)
    # reversed order: |1-4| + |2-3| + |3-2| + |4-1| = 8, on ranks and on the rescaled scores
    assert standard_inconsistency([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(2.0)
    assert mean_inconsistency([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(2.0)


def test_mean_inconsistency_is_undefined_for_constant_or_infinite_scores() -> None:
    assert math.isnan(mean_inconsistency([1, 1, 1], [1, 2, 3]))
    assert math.isnan(mean_inconsistency([1, 2, math.inf], [1, 2, 3]))


finite = st.floats(-1e3, 1e3, allow_nan=False)


@given(st.lists(st.tuples(finite, finite), min_size=3, max_size=12))
def test_statistics_equal_scipy_on_random_data(pairs) -> None:
    x, y = np.array(pairs).T
    assume(np.ptp(x) > 1e-6 and np.ptp(y) > 1e-6)
    row = rank_agreement({"dice": x}, y, expected_kind="score")["dice"]
    assert row.n == len(x)
    assert row.kendall_tau_b == pytest.approx(stats.kendalltau(x, y).statistic, nan_ok=True)
    assert row.spearman == pytest.approx(stats.spearmanr(x, y).statistic, nan_ok=True)
    assert row.pearson == pytest.approx(stats.pearsonr(x, y).statistic, nan_ok=True)


@given(st.lists(finite, min_size=3, max_size=12), st.permutations(range(12)))
def test_dissimilarities_are_negated_and_ranks_reversed(values, order) -> None:
    x = np.array(values)
    ranks = np.array([r + 1 for r in order if r < len(x)], dtype=float)
    assume(np.ptp(x) > 1e-6)
    row = rank_agreement({"hausdorff": x}, ranks)["hausdorff"]
    # a smaller distance is better, a smaller rank is better: same direction
    assert row.kendall_tau_b == pytest.approx(stats.kendalltau(x, ranks).statistic)
    assert row.spearman == pytest.approx(stats.spearmanr(x, ranks).statistic)


@given(st.lists(st.integers(-1000, 1000), min_size=2, max_size=10), st.floats(0.01, 100),
       st.floats(-50, 50))
def test_inconsistency_is_zero_for_an_increasing_affine_map_and_bounded(values, a, b) -> None:
    x = np.array(values, dtype=float)  # integers: a * x + b keeps distinct values distinct
    assume(np.ptp(x) > 0)
    assert mean_inconsistency(a * x + b, x) == pytest.approx(0.0, abs=1e-9)
    assert standard_inconsistency(a * x + b, x) == pytest.approx(0.0)
    n = len(x)
    for measure in (mean_inconsistency, standard_inconsistency):
        assert 0.0 <= measure(-x, x) <= n - 1


def test_undefined_values_leave_out_their_candidate() -> None:
    x = [0.9, math.nan, 0.5, 0.7, 0.1]
    y = [1, 2, math.nan, 3, 4]
    row = rank_agreement({"dice": x}, y)["dice"]
    assert row.n == 3  # candidates 0, 3, 4
    assert row.kendall_tau_b == pytest.approx(1.0)
    assert row.standard_inconsistency == 0.0


def test_an_infinite_distance_is_the_worst_rank_but_has_no_value_statistics() -> None:
    row = rank_agreement({"hausdorff": [1.0, 2.0, math.inf]}, [1, 2, 3])["hausdorff"]
    assert row.kendall_tau_b == pytest.approx(1.0)
    assert row.spearman == pytest.approx(1.0)
    assert row.standard_inconsistency == 0.0
    assert math.isnan(row.pearson) and math.isnan(row.mean_inconsistency)


def test_constant_scores_have_no_correlation() -> None:
    row = rank_agreement({"acc": [0.9, 0.9, 0.9]}, [1, 2, 3])["acc"]
    assert all(math.isnan(getattr(row, s)) for s in
               ("kendall_tau_b", "spearman", "pearson", "mean_inconsistency"))
    # ranks 2 2 2 against 3 2 1 (best first, as scores): |1| + 0 + |1|
    assert row.standard_inconsistency == pytest.approx(2 / 3)


@pytest.mark.parametrize("values", [[0.5], [0.5, math.nan]])
def test_fewer_than_two_candidates_is_undefined(values) -> None:
    row = rank_agreement({"dice": values}, [1] * len(values))["dice"]
    assert row.n == 1
    assert all(math.isnan(getattr(row, s)) for s in AGREEMENT_STATISTICS)


def test_agreement_errors() -> None:
    with pytest.raises(InputError, match="3 values for 2 candidates"):
        rank_agreement({"dice": [1, 2, 3]}, [1, 2])
    with pytest.raises(InputError, match="finite"):
        rank_agreement({"dice": [1, 2]}, [1, math.inf])
    with pytest.raises(InputError, match="expected_kind"):
        rank_agreement({"dice": [1, 2]}, [1, 2], expected_kind="order")  # type: ignore[arg-type]
    with pytest.raises(KeyError):
        rank_agreement({"dice": [1, 2]}, [1, 2])["mcc"]


def test_oriented_negates_only_dissimilarities() -> None:
    assert oriented("mse", [1.0, 2.0]).tolist() == [-1.0, -2.0]
    assert oriented("dice", [1.0, 2.0]).tolist() == [1.0, 2.0]


def test_a_metric_without_direction_has_no_better_value(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ranking_module, "UNORDERED", frozenset({"dice"}))
    assert np.isnan(oriented("dice", [1.0, 2.0])).all()


def test_rank_candidates_best_first_with_ties_and_undefined() -> None:
    ranking = rank_candidates({"dice": [0.9, 0.7, 0.9, math.nan],
                               "hausdorff": [3.0, 1.0, math.inf, 2.0]}, ["a", "b", "c", "d"])
    assert ranking.candidates == ("a", "b", "c", "d")
    np.testing.assert_array_equal(ranking.ranks[:, 0], [1, 3, 1, np.nan])
    np.testing.assert_array_equal(ranking.ranks[:, 1], [3, 1, 4, 2])
    assert ranking.to_rows()[2] == {"candidate": "c", "dice": 0.9, "dice_rank": 1.0,
                                    "hausdorff": math.inf, "hausdorff_rank": 4.0}


def test_rank_candidates_errors() -> None:
    with pytest.raises(InputError, match="repeat"):
        rank_candidates({"dice": [1, 2]}, ["a", "a"])
    with pytest.raises(InputError, match="1 values for 2 candidates"):
        rank_candidates({"dice": [1]}, ["a", "b"])
    with pytest.raises(InputError, match=r"human baselines \['h'\] are not among"):
        rank_candidates({"dice": [1, 2]}, ["a", "b"], baselines=["h"])


@given(st.lists(st.sampled_from([0.1, 0.5, 0.9, math.nan, math.inf]), min_size=2,
                max_size=6), st.integers(0, 5))
def test_a_human_baseline_takes_no_rank_from_the_others(values, index) -> None:
    names = [f"c{i}" for i in range(len(values))]
    baseline = names[index % len(names)]
    ranking = rank_candidates({"hausdorff": values}, names, baselines=[baseline])
    others = [i for i, name in enumerate(names) if name != baseline]
    alone = rank_candidates({"hausdorff": [values[i] for i in others]},
                            [names[i] for i in others])
    np.testing.assert_array_equal(ranking.ranks[others], alone.ranks)
    assert math.isnan(ranking.ranks[names.index(baseline), 0])
    assert ranking.baselines == (baseline,)


def read_csv(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_ranking_csv_cells_and_provenance() -> None:
    ranking = rank_candidates({"hausdorff": [1.0, math.inf, math.nan]}, ["a", "b", "c"])
    stream = io.StringIO()
    write_table(ranking.to_rows(), stream, params=Params(t=3))
    rows = read_csv(stream.getvalue())
    assert [r["hausdorff"] for r in rows] == ["1.0", "inf", ""]
    assert [r["hausdorff_rank"] for r in rows] == ["1.0", "2.0", ""]
    assert rows[0]["t"] == "3" and rows[0]["distance_fov"] == "false"
    assert rows[0]["vesselview_version"]


def test_agreement_csv_has_one_row_per_metric() -> None:
    stream = io.StringIO()
    write_table(rank_agreement(TABLE_1, [1, 2, 3, 3, 3]).to_rows(), stream)
    rows = read_csv(stream.getvalue())
    assert [r["metric"] for r in rows] == list(TABLE_1)
    assert list(rows[0]) == ["metric", "n", *AGREEMENT_STATISTICS, "vesselview_version"]
    assert float(rows[0]["kendall_tau_b"]) == pytest.approx(0.837, abs=1e-3)


def test_write_table_rejects_empty_or_ragged_rows() -> None:
    with pytest.raises(ValueError, match="at least one row"):
        write_table([], io.StringIO())
    with pytest.raises(ValueError, match="differ"):
        write_table([{"a": 1}, {"b": 2}], io.StringIO())

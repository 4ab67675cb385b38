"""The metric-behaviour table: hand-made cases with tau-b worked out by hand, the
ready-made synthetic sets, and every error."""

from __future__ import annotations

import math

import numpy as np
import pytest

from vesselview.engine.case import Case
from vesselview.engine.keys import METRIC_KEYS
from vesselview.engine.params import Params
from vesselview.errors import ParamsError
from vesselview.research.behaviour import (
    equal_change_behaviour,
    metric_behaviour,
    severity_behaviour,
)
from vesselview.research.ranking import AGREEMENT_STATISTICS
from vesselview.synth import EXPECTED_RANKING

SMALL = (146, 141)


def shifted(columns: int) -> Case:
    """20 x 20: a vertical reference line and the same line ``columns`` to the right."""
    reference = np.zeros((20, 20), bool)
    reference[4:16, 6] = True
    return Case(reference=reference, candidate=np.roll(reference, columns, axis=1),
                fov=np.ones((20, 20), bool))


HAND = {"same": shifted(0), "one": shifted(1), "three": shifted(3)}


def test_rankings_and_tau_of_hand_made_cases() -> None:
    behaviour = metric_behaviour(HAND, {"same": 1, "one": 2, "three": 3},
                                 metrics=["dice", "hausdorff"])
    ranking = behaviour.ranking
    np.testing.assert_array_equal(ranking.scores, [[1, 0], [0, 1], [0, 3]])
    np.testing.assert_array_equal(ranking.ranks, [[1, 1], [2, 2], [2, 3]])
    # Hausdorff 0 < 1 < 3 follows the expected order exactly
    assert behaviour.agreement["hausdorff"].kendall_tau_b == pytest.approx(1.0)
    # Dice 1 0 0: two concordant pairs, one tied in Dice only: 2 / sqrt((3 - 1) * 3)
    assert behaviour.agreement["dice"].kendall_tau_b == pytest.approx(2 / math.sqrt(6))
    assert behaviour.params == Params()


def test_rows_follow_the_papers_tables() -> None:
    behaviour = metric_behaviour(HAND, {"same": 1, "one": 2, "three": 2}, metrics=["hausdorff"])
    rows = behaviour.to_rows()
    assert [r["case"] for r in rows] == ["same", "one", "three", *AGREEMENT_STATISTICS]
    assert rows[2] == {"case": "three", "expected_rank": 2.0, "hausdorff": 3.0}
    assert rows[3]["hausdorff"] == pytest.approx(behaviour.agreement["hausdorff"].kendall_tau_b)
    assert math.isnan(rows[3]["expected_rank"])


def test_progress_reports_each_case() -> None:
    seen = []
    metric_behaviour(HAND, {"same": 1, "one": 2, "three": 3}, metrics=["dice"],
                     progress=lambda fraction, name: seen.append((round(fraction, 3), name)))
    assert seen == [(0.333, "same"), (0.667, "one"), (1.0, "three")]


@pytest.mark.parametrize(("cases", "ranks", "metrics", "message"), [
    ({"same": shifted(0)}, {"same": 1}, None, "two or more cases"),
    (HAND, {"same": 1, "one": 2}, None, "missing: three"),
    (HAND, {"same": 1, "one": 2, "three": 3}, ["dise"], "unknown metric dise"),
])
def test_behaviour_errors(cases, ranks, metrics, message) -> None:
    with pytest.raises(ParamsError, match=message):
        metric_behaviour(cases, ranks, metrics=metrics)


def test_equal_change_set_against_the_expected_ranking() -> None:
    behaviour = equal_change_behaviour(100, SMALL, seed=0)
    names = [name for tier in EXPECTED_RANKING for name in tier]
    assert behaviour.ranking.candidates == tuple(names)
    assert behaviour.expected.tolist() == [1, 2, 3, 3, 3, 3]
    assert behaviour.ranking.metrics == METRIC_KEYS
    assert [row.metric for row in behaviour.agreement.rows] == list(METRIC_KEYS)
    taus = [row.kendall_tau_b for row in behaviour.agreement.rows]
    assert all(math.isnan(tau) or -1 <= tau <= 1 for tau in taus)


def test_increasing_gaps_lower_f1_t_as_expected() -> None:
    behaviour = severity_behaviour("gap", [20, 0, 10], SMALL, metrics=["f1_t", "acc"])
    assert behaviour.ranking.candidates == ("gap 20", "gap 0", "gap 10")
    assert behaviour.expected.tolist() == [3, 1, 2]
    assert behaviour.agreement["f1_t"].kendall_tau_b == pytest.approx(1.0)


def test_severities_must_be_distinct_and_in_range() -> None:
    with pytest.raises(ParamsError, match="distinct"):
        severity_behaviour("gap", [5, 5], SMALL)
    with pytest.raises(ParamsError, match="severity"):
        severity_behaviour("gap", [0, 500], SMALL)

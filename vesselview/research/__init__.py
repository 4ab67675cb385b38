"""Research tools on top of the engine: sweeps, curves, ranking, metric behaviour.

Qt-free and file-free (readers and writers live in `vesselview.io`). The one documented
place to import them from:

>>> from vesselview.research import sweep, rank_agreement, f1_t_curve  # doctest: +SKIP

- `sweep`: a metric against one parameter, one cached `Evaluator` per case.
- `roc_curve`, `pr_curve`, `f1_t_curve`, `operating_points`: curves of a probability map.
- `rank_candidates`, `rank_agreement`: rankings by every metric and their agreement with an
  expected order or human scores (Kendall tau-b, Spearman, Pearson, Paglieroni's ΔR1/ΔR2).
- `equal_change_behaviour`, `severity_behaviour`, `metric_behaviour`: how metrics rank
  deformations of equal pixel change (the teaching table).
"""

from vesselview.research.behaviour import (
    Behaviour,
    equal_change_behaviour,
    metric_behaviour,
    severity_behaviour,
)
from vesselview.research.curves import (
    Curve,
    F1Curve,
    OperatingPoints,
    f1_t_curve,
    operating_points,
    pr_curve,
    roc_curve,
)
from vesselview.research.ranking import (
    AGREEMENT_STATISTICS,
    RankAgreement,
    Ranking,
    mean_inconsistency,
    rank_agreement,
    rank_candidates,
    standard_inconsistency,
)
from vesselview.research.sweep import Sweep, sweep

__all__ = [
    "AGREEMENT_STATISTICS",
    "Behaviour",
    "Curve",
    "F1Curve",
    "OperatingPoints",
    "RankAgreement",
    "Ranking",
    "Sweep",
    "equal_change_behaviour",
    "f1_t_curve",
    "mean_inconsistency",
    "metric_behaviour",
    "operating_points",
    "pr_curve",
    "rank_agreement",
    "rank_candidates",
    "roc_curve",
    "severity_behaviour",
    "standard_inconsistency",
    "sweep",
]

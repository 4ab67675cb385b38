"""Research tools on top of the engine: sweeps, curves, ranking, metric behaviour.

Qt-free and file-free (readers and writers live in `vesselview.io`). The one documented
place to import them from:

>>> from vesselview.research import sweep, rank_agreement, f1_t_curve  # doctest: +SKIP

- `sweep`: a metric against one parameter, one cached `Evaluator` per case.
- `roc_curve`, `pr_curve`, `f1_t_curve`, `operating_points`: curves of a probability map.
- `rank_candidates`, `rank_agreement`: rankings by every metric and their agreement with an
  expected order or human scores (Kendall tau-b, Spearman, Pearson, Paglieroni's ΔR1/ΔR2).
- `MethodScores`, `compare_methods`, `method_orders`: method comparison over cases (mean,
  sd, median, bootstrap CI, paired Wilcoxon tests with Holm's p, orders across metrics).
- `GraderScore`, `mean_scores`, `inter_grader`, `metric_agreement`, `calibrate`: agreement of
  the metrics with graders' scores and of the graders with each other.
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
from vesselview.research.grading_agreement import (
    Calibration,
    GraderScore,
    InterGrader,
    calibrate,
    icc_2_1,
    inter_grader,
    kendall_w,
    mean_scores,
    metric_agreement,
    weighted_kappa,
)
from vesselview.research.inconsistency import mean_inconsistency, standard_inconsistency
from vesselview.research.method_orders import MethodOrders, method_orders
from vesselview.research.ranking import (
    AGREEMENT_STATISTICS,
    RankAgreement,
    Ranking,
    rank_agreement,
    rank_candidates,
)
from vesselview.research.statistics import (
    Comparison,
    MethodScores,
    PairedComparison,
    compare_methods,
    holm,
    method_label,
)
from vesselview.research.summaries import Summary, summarise_values
from vesselview.research.sweep import Sweep, sweep

__all__ = [
    "AGREEMENT_STATISTICS",
    "Behaviour",
    "Calibration",
    "Comparison",
    "Curve",
    "F1Curve",
    "GraderScore",
    "InterGrader",
    "MethodOrders",
    "MethodScores",
    "OperatingPoints",
    "PairedComparison",
    "RankAgreement",
    "Ranking",
    "Summary",
    "Sweep",
    "calibrate",
    "compare_methods",
    "equal_change_behaviour",
    "f1_t_curve",
    "holm",
    "icc_2_1",
    "inter_grader",
    "kendall_w",
    "mean_inconsistency",
    "mean_scores",
    "method_label",
    "method_orders",
    "metric_agreement",
    "metric_behaviour",
    "operating_points",
    "pr_curve",
    "rank_agreement",
    "rank_candidates",
    "roc_curve",
    "severity_behaviour",
    "standard_inconsistency",
    "summarise_values",
    "sweep",
    "weighted_kappa",
]

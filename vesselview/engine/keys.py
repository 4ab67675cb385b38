"""Metric keys and their families (``metrics.md`` section 7), in output order."""

from __future__ import annotations

METRIC_FAMILIES: dict[str, tuple[str, ...]] = {
    "pixel": ("se", "sp", "acc", "fpr", "precision", "dice", "jaccard", "kappa", "mcc",
              "gmean", "tversky", "rve", "perr"),
    "distance": ("mse", "hausdorff", "hd95", "fom", "delta_p", "asd", "rmsd", "msd",
                 "n_asd", "n_rmsd", "n_msd", "j_g", "d_g"),
    "tolerance": ("f1_t", "f1_t_precision", "f1_t_recall"),
    "cal": ("cal", "cal_c", "cal_a", "cal_l"),
    "skeletal": ("ss", "ss_cs", "ss_ts", "rse", "rsp", "racc", "ss_confidence", "rnc"),
    "topology": ("cldice", "betti0_error", "betti1_error"),
}

METRIC_KEYS: tuple[str, ...] = tuple(k for keys in METRIC_FAMILIES.values() for k in keys)

#: Metrics where smaller is better (negated before ranking, ``metrics.md`` section 8).
DISSIMILARITIES: frozenset[str] = frozenset(
    {"fpr", "rve", "perr", "mse", "hausdorff", "hd95", "delta_p", "asd", "rmsd", "msd",
     "rnc", "betti0_error", "betti1_error"}
)

#: Metrics whose values are counts (shown without decimals).
COUNTS: frozenset[str] = frozenset({"betti0_error", "betti1_error"})

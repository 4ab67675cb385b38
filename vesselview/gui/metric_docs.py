"""Display names, one-line definitions and sources of every metric (tooltips).

Definitions follow ``metrics.md`` (the section is named in each source line);
G = reference, S = candidate, F = field of view.
"""

from __future__ import annotations

import dataclasses

from vesselview.engine.keys import DISSIMILARITIES

TOLERANCE_PAPER = ("the paper proposing a modified F1 for retinal vessel segmentation "
                   "evaluation (tolerant of small localisation errors)")
CAL_PAPER = ("M. E. Gegúndez-Arias, A. Aquino, J. M. Bravo, D. Marín, \"A Function for Quality "
             "Evaluation of Retinal Vessel Segmentations\", IEEE Trans. Med. Imaging "
             "31(2):231-239, 2012, doi:10.1109/TMI.2011.2167982")
SS_PAPER = ("Z. Yan, X. Yang, K.-T. Cheng, \"A Skeletal Similarity Metric for Quality Evaluation "
            "of Retinal Vessel Segmentation\", IEEE Trans. Med. Imaging 37(4):1045-1057, 2018, "
            "doi:10.1109/TMI.2017.2778748")
#: What the tolerant overlaps become at the default contour tolerance g = 0.
_G_ZERO_NOTE = ("; with g = 0 (the default) it equals {plain}: set g under Parameters, "
                "Advanced")

FAMILY_TITLES: dict[str, str] = {
    "pixel": "Pixel agreement",
    "distance": "Distances",
    "tolerance": "Tolerance F1",
    "cal": "CAL (connectivity, area, length)",
    "skeletal": "Skeletal similarity",
    "topology": "Topology",
}


@dataclasses.dataclass(frozen=True)
class MetricDoc:
    """What a metric is called, how it is defined, where it comes from, and its unit.

    ``unit`` is appended to displayed values ("px", "px²", "%"; "" for none).
    """

    label: str
    definition: str
    source: str
    unit: str = ""


def metric_tooltip(key: str) -> str:
    """Rich-text tooltip of metric ``key``: definition, direction, source."""
    doc = METRIC_DOCS[key]
    direction = "smaller is better" if key in DISSIMILARITIES else "larger is better"
    unit = f"; in {doc.unit}" if doc.unit else ""
    return (f"<b>{doc.label}</b><br>{doc.definition}<br><i>{direction}{unit}</i>"
            f"<br>Source: {doc.source}")


def with_unit(key: str, text: str) -> str:
    """Display text ``text`` of a defined, finite value of metric ``key`` with its unit."""
    unit = METRIC_DOCS[key].unit
    if not unit:
        return text
    return f"{text}{unit}" if unit == "%" else f"{text} {unit}"


def _pixel(label: str, definition: str, unit: str = "") -> MetricDoc:
    return MetricDoc(label, definition + " (inside F)", "classic confusion metric, metrics.md §1",
                     unit)


def _distance(label: str, definition: str, source: str, unit: str = "") -> MetricDoc:
    return MetricDoc(label, definition, f"{source}; metrics.md §2", unit)


_CONTOUR = "contour distances of the CAL paper (" + CAL_PAPER + ")"

METRIC_DOCS: dict[str, MetricDoc] = {
    "se": _pixel("Sensitivity (Se)", "TP / (TP + FN): share of reference vessel found"),
    "sp": _pixel("Specificity (Sp)", "TN / (TN + FP): share of background kept clear"),
    "acc": _pixel("Accuracy", "(TP + TN) / #F"),
    "fpr": _pixel("False positive rate", "FP / (FP + TN)"),
    "precision": _pixel("Precision (PPV)", "TP / (TP + FP): share of candidate that is vessel"),
    "dice": _pixel("Dice (F1)", "2TP / (2TP + FP + FN)"),
    "jaccard": _pixel("Jaccard (IoU)", "TP / (TP + FP + FN)"),
    "kappa": _pixel("Cohen's kappa", "(p_o − p_e) / (1 − p_e): agreement beyond chance"),
    "mcc": _pixel("Matthews correlation", "(TP·TN − FP·FN) / √((TP+FP)(TP+FN)(TN+FP)(TN+FN))"),
    "gmean": _pixel("G-mean", "√(Se · Sp)"),
    "tversky": _pixel("Tversky index", "TP / (TP + a·FP + b·FN), a, b = Tversky α, β"),
    "rve": _pixel("Relative vessel-area error", "|#S − #G| / #G · 100", "%"),
    "perr": _pixel("p(error)", "Bayesian error probability, equals 1 − Acc"),
    "mse": _distance("Mean squared distance", "mean over S of d(x, G)²", TOLERANCE_PAPER,
                     "px²"),
    "hausdorff": _distance("Hausdorff distance", "largest distance from S to G or G to S",
                           TOLERANCE_PAPER, "px"),
    "hd95": _distance("Hausdorff 95 %", "95th percentile of the pooled S→G and G→S distances",
                      "robust Hausdorff variant", "px"),
    "fom": _distance("Pratt's figure of merit", "Σ over S of 1 / (1 + k·d(x, G)²) / max(#G, #S)",
                     TOLERANCE_PAPER),
    "delta_p": _distance("Baddeley Δp", "p-mean of |min(d(x,G), c) − min(d(x,S), c)| over pixels",
                         TOLERANCE_PAPER, "px"),
    "asd": _distance("Average symmetric contour distance", "mean contour-to-contour distance "
                     "minus tolerance g", _CONTOUR, "px"),
    "rmsd": _distance("RMS symmetric contour distance", "root mean square of the same",
                      _CONTOUR, "px"),
    "msd": _distance("Maximum symmetric contour distance", "largest of the same", _CONTOUR,
                     "px"),
    "n_asd": _distance("N(ASD)", "1 / (1 + ASD)", _CONTOUR),
    "n_rmsd": _distance("N(RMSD)", "1 / (1 + RMSD)", _CONTOUR),
    "n_msd": _distance("N(MSD)", "1 / (1 + MSD)", _CONTOUR),
    "j_g": _distance("Tolerant Jaccard J_g", "overlap where each mask may miss the other by a "
                     "disc of radius g" + _G_ZERO_NOTE.format(plain="Jaccard"), _CONTOUR),
    "d_g": _distance("Tolerant Dice D_g", "2·J_g / (1 + J_g)" + _G_ZERO_NOTE.format(plain="Dice"),
                     _CONTOUR),
    "f1_t": MetricDoc("Tolerance F1", "harmonic mean of the tolerant precision and recall: "
                      "pixels within chessboard distance t of the other mask count as matched",
                      f"{TOLERANCE_PAPER}; metrics.md §3"),
    "f1_t_precision": MetricDoc("Tolerant precision", "min(#S within t of G, #G within t of S)"
                                " / #S", f"{TOLERANCE_PAPER}; metrics.md §3"),
    "f1_t_recall": MetricDoc("Tolerant recall", "min(#S within t of G, #G within t of S) / #G",
                             f"{TOLERANCE_PAPER}; metrics.md §3"),
    "cal": MetricDoc("CAL", "C · A · L", f"{CAL_PAPER}; metrics.md §4"),
    "cal_c": MetricDoc("Connectivity C", "1 − min(1, |components(G) − components(S)| / #G)",
                       f"{CAL_PAPER}; metrics.md §4"),
    "cal_a": MetricDoc("Area A", "overlap of the masks, each dilated by a disc of radius α",
                       f"{CAL_PAPER}; metrics.md §4"),
    "cal_l": MetricDoc("Length L", "overlap of the skeletons with the other mask dilated by a "
                       "disc of radius β", f"{CAL_PAPER}; metrics.md §4"),
    "ss": MetricDoc("Skeletal similarity SS", "length-weighted mean segment score "
                    "(1 − α)·curve + α·thickness similarity within each segment's search range",
                    f"{SS_PAPER}; skeletal-similarity.md"),
    "ss_cs": MetricDoc("Curve similarity", "length-weighted mean of the valid segments' cs",
                       f"{SS_PAPER}; skeletal-similarity.md step 10"),
    "ss_ts": MetricDoc("Thickness similarity", "length-weighted mean of the valid segments' ts",
                       f"{SS_PAPER}; skeletal-similarity.md step 10"),
    "rse": MetricDoc("Revised sensitivity rSe", "equals SS",
                     f"{SS_PAPER}; skeletal-similarity.md step 11"),
    "rsp": MetricDoc("Revised specificity rSp", "TN / (TN + FP) outside the search ranges",
                     f"{SS_PAPER}; skeletal-similarity.md step 11"),
    "racc": MetricDoc("Revised accuracy rAcc", "(TP + TN) / #F with TP = SS·#P",
                      f"{SS_PAPER}; skeletal-similarity.md step 11"),
    "ss_confidence": MetricDoc("SS confidence", "share of the reference skeleton that lies in "
                               "scored segments", f"{SS_PAPER}; skeletal-similarity.md step 8"),
    "rnc": MetricDoc("R_nc (unmatched skeleton)", "candidate skeleton outside every search "
                     "range / reference skeleton length",
                     f"{SS_PAPER}; skeletal-similarity.md step 12"),
    "cldice": MetricDoc("clDice", "harmonic mean of skeleton-in-mask precision and sensitivity",
                        "topology extra, metrics.md §6"),
    "betti0_error": MetricDoc("Betti-0 error", "|components(S) − components(G)|",
                              "topology extra, metrics.md §6"),
    "betti1_error": MetricDoc("Betti-1 error", "|holes(S) − holes(G)|",
                              "topology extra, metrics.md §6"),
}

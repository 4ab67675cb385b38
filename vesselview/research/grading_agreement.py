"""Agreement of the metrics with clinicians' grades, and of the graders with each other.

A *subject* is one segmentation, a (case id, method) pair; each grader scores some
subjects (higher = better). Case ids are compared by the case id rule
(`vesselview.engine.case_ids`: ``1`` and ``01`` are one case), so a subject keeps the id
as first written and matches any spelling of it. Conventions (``docs/metrics.md``,
"Agreement with graders"):

* **Metrics against graders.** A subject's human score is the mean over the graders
  who scored it. Over all subjects that have a human score, each metric's values are
  compared with it by `vesselview.research.rank_agreement` (``expected_kind="score"``):
  Kendall's tau-b, Spearman, Pearson, Paglieroni's Delta_R1 and Delta_R2; ``n`` is
  the number of subjects where the metric and the score are both defined.
* **Graders with each other** use the subjects every grader scored: quadratic-weighted
  Cohen's kappa (exactly two graders), ICC(2,1) (Shrout & Fleiss, Psychol. Bull. 86,
  1979: two-way random effects, absolute agreement, single rater) and Kendall's W with
  the tie correction (Kendall & Babington Smith, 1939), for two graders or more.
* **Sweeps.** Given the metrics' values under each value of one parameter, the
  agreement per value, and per metric whose tau-b varies the value with the largest
  tau-b (the first such value on ties): the tolerance calibrated to the graders, as
  in Table 4 of the tolerance-F1 paper.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence

import numpy as np
import scipy  # scipy.stats: loaded at first use
from numpy.typing import ArrayLike

from vesselview.engine.case_ids import id_key
from vesselview.research.ranking import RankAgreement, rank_agreement

Subject = tuple[str, str]  # (case id, method)
SubjectScores = Mapping[Subject, Mapping[str, float]]  # subject -> metric -> value


@dataclasses.dataclass(frozen=True)
class GraderScore:
    """One grader's score of one subject (a row of the grading export)."""

    id: str
    method: str
    grader: str
    score: float
    notes: str = ""


@dataclasses.dataclass(frozen=True)
class InterGrader:
    """Agreement between graders on the subjects all of them scored (``nan`` = undefined).

    Attributes
    ----------
    graders : tuple of str
    n : int
        Subjects scored by every grader.
    weighted_kappa : float
        Quadratic-weighted Cohen's kappa; two graders only.
    icc_2_1, kendall_w : float
        Two graders or more, at least two subjects.
    """

    graders: tuple[str, ...]
    n: int
    weighted_kappa: float
    icc_2_1: float
    kendall_w: float


@dataclasses.dataclass(frozen=True)
class Calibration:
    """The parameter value whose metric values agree best with the graders."""

    metric: str
    value: object
    kendall_tau_b: float


def subject_key(subject: Subject) -> Subject:
    """The form under which subjects are compared: the case id by `id_key`.

    Examples
    --------
    >>> subject_key(("001", "unet")) == subject_key(("1", "unet"))
    True
    """
    return id_key(subject[0]), subject[1]


def by_subject(grades: Iterable[GraderScore]) -> dict[Subject, list[GraderScore]]:
    """The grades of each subject, subjects in first-seen order and named as first seen
    (``1`` and ``01`` are one subject, `subject_key`)."""
    named: dict[Subject, Subject] = {}
    groups: dict[Subject, list[GraderScore]] = defaultdict(list)
    for grade in grades:
        subject = named.setdefault(subject_key((grade.id, grade.method)), (grade.id, grade.method))
        groups[subject].append(grade)
    return dict(groups)


def mean_scores(grades: Iterable[GraderScore]) -> dict[Subject, float]:
    """Mean score of each subject over its graders, subjects in first-seen order."""
    return {subject: float(np.mean([grade.score for grade in group]))
            for subject, group in by_subject(grades).items()}


def grader_table(grades: Iterable[GraderScore]) -> tuple[tuple[str, ...], np.ndarray]:
    """Scores of the subjects every grader scored.

    Returns
    -------
    graders : tuple of str
        In first-seen order.
    table : ndarray of float64, shape (n_subjects, n_graders)
    """
    scores = [{grade.grader: grade.score for grade in group}
              for group in by_subject(grades).values()]
    graders = tuple(dict.fromkeys(g for row in scores for g in row))
    rows = [[row[g] for g in graders] for row in scores if len(row) == len(graders)]
    return graders, np.array(rows, dtype=np.float64).reshape(len(rows), len(graders))


def inter_grader(grades: Iterable[GraderScore]) -> InterGrader:
    """`InterGrader` agreement of ``grades``."""
    graders, table = grader_table(grades)
    two = len(graders) == 2
    kappa = weighted_kappa(table[:, 0], table[:, 1]) if two else float("nan")
    return InterGrader(graders, table.shape[0], kappa, icc_2_1(table), kendall_w(table))


def weighted_kappa(a: ArrayLike, b: ArrayLike) -> float:
    """Cohen's kappa of two graders with quadratic weights on the score values.

    kappa = 1 - sum_s (a_s - b_s)^2 / ((1/N) sum_s sum_t (a_s - b_t)^2): observed
    against chance-expected squared disagreement, the chance pairs being every grade
    of one grader against every grade of the other. On equally spaced categories this
    is Cohen's (1968) weighted kappa with weights (i - j)^2 / (k - 1)^2 (the
    normalisation cancels). Hand-written: scikit-learn is not a dependency.

    Parameters
    ----------
    a, b : array_like of float, shape (N,)
        The two graders' scores of the same N subjects.

    Returns
    -------
    float
        1 = perfect agreement, 0 = chance; ``nan`` for no subject or no chance
        disagreement (both graders give one and the same score throughout).
    """
    x, y = np.asarray(a, np.float64), np.asarray(b, np.float64)
    if x.size == 0:
        return float("nan")
    expected = np.mean((x[:, None] - y[None, :]) ** 2)
    if expected == 0:
        return float("nan")
    return float(1 - np.mean((x - y) ** 2) / expected)


def icc_2_1(table: ArrayLike) -> float:
    """ICC(2,1): two-way random effects, absolute agreement, single rater.

    (MSR - MSE) / (MSR + (k - 1) MSE + k (MSC - MSE) / n), with the mean squares of
    subjects (rows, MSR), graders (columns, MSC) and residual (MSE) of the two-way
    ANOVA without replication (Shrout & Fleiss 1979, Table 1).

    Parameters
    ----------
    table : array_like of float, shape (n_subjects, n_graders)

    Returns
    -------
    float
        ``nan`` for fewer than 2 subjects or graders, or a zero denominator.
    """
    y = np.asarray(table, np.float64)
    n, k = y.shape
    if n < 2 or k < 2:
        return float("nan")
    grand = y.mean()
    rows, columns = y.mean(axis=1), y.mean(axis=0)
    msr = k * np.sum((rows - grand) ** 2) / (n - 1)
    msc = n * np.sum((columns - grand) ** 2) / (k - 1)
    residual = y - rows[:, None] - columns[None, :] + grand
    mse = np.sum(residual ** 2) / ((n - 1) * (k - 1))
    denominator = msr + (k - 1) * mse + k * (msc - mse) / n
    return float((msr - mse) / denominator) if denominator > 0 else float("nan")


def kendall_w(table: ArrayLike) -> float:
    """Kendall's coefficient of concordance W of the graders, tie-corrected.

    W = 12 S / (m^2 (n^3 - n) - m sum T), with each grader's scores ranked over the n
    subjects (ties share their average rank), S the sum of squared deviations of the
    subjects' rank sums from their mean, and T = sum (t^3 - t) over a grader's ties.

    Parameters
    ----------
    table : array_like of float, shape (n_subjects, m_graders)

    Returns
    -------
    float
        In [0, 1]; ``nan`` for fewer than 2 subjects or graders, or when every grader
        gives every subject the same score.
    """
    y = np.asarray(table, np.float64)
    n, m = y.shape
    if n < 2 or m < 2:
        return float("nan")
    ranks = scipy.stats.rankdata(y, axis=0)
    sums = ranks.sum(axis=1)
    s = np.sum((sums - sums.mean()) ** 2)
    ties = sum(float(np.sum(counts ** 3 - counts))
               for counts in (np.unique(column, return_counts=True)[1] for column in y.T))
    denominator = m ** 2 * (n ** 3 - n) - m * ties
    return float(12 * s / denominator) if denominator > 0 else float("nan")


def metric_agreement(values: SubjectScores, human: Mapping[Subject, float],
                     metrics: Sequence[str]) -> RankAgreement:
    """Agreement of each metric with the mean human score over the graded subjects.

    Parameters
    ----------
    values : mapping
        Subject -> metric -> value; a subject without values counts as undefined.
        Matched to ``human`` by `subject_key`.
    human : mapping
        Subject -> mean human score (`mean_scores`).
    metrics : sequence of str
    """
    subjects = list(human)
    keyed = {subject_key(subject): row for subject, row in values.items()}
    table = {metric: [keyed.get(subject_key(s), {}).get(metric, np.nan) for s in subjects]
             for metric in metrics}
    return rank_agreement(table, [human[s] for s in subjects], expected_kind="score")


def calibrate(per_value: Sequence[tuple[object, RankAgreement]]) -> list[Calibration]:
    """Per metric, the swept value with the largest Kendall tau-b (smallest on ties).

    Parameters
    ----------
    per_value : sequence of (value, RankAgreement)
        In sweep order, every `RankAgreement` over the same metrics.

    Returns
    -------
    list of Calibration
        In metric order, one per metric whose tau-b is defined and varies over the
        values (a metric the parameter does not change has nothing to calibrate).
    """
    if not per_value:
        return []
    calibrations = []
    for row in per_value[0][1].rows:
        taus = np.array([agreement[row.metric].kendall_tau_b for _, agreement in per_value])
        if np.isnan(taus).all() or np.nanmax(taus) == np.nanmin(taus):
            continue
        best = int(np.nanargmax(taus))
        calibrations.append(Calibration(row.metric, per_value[best][0], float(taus[best])))
    return calibrations

"""The case browser's table: metric values per case and method, and its row orders (no Qt).

`MetricTable` holds, for one dataset and one parameter set, the computed metric values
of each (case, method) and orders the cases: by id, by one method's metric, or by the
paired difference of two methods; "worst first" follows the metric's direction in
`vesselview.engine.families.METRICS`. Cases without a value sort last in every order.
`checked_metrics` and `saved_metrics` say which metrics are its columns;
`failures_notice` sums up the cells that could not be evaluated, `flagged_notice` the
empty or nearly empty candidates (marked `FLAG_MARK` in their cells).
"""

from __future__ import annotations

import dataclasses
import math
import os
from collections.abc import Mapping, Sequence

import numpy as np

from vesselview.app.files import SettingsStore
from vesselview.app.observer_band import ObserverBand
from vesselview.engine.families import METRICS
from vesselview.errors import ParamsError
from vesselview.io.candidate_flags import (
    EMPTY,
    NEARLY_EMPTY,
    NEARLY_EMPTY_FRACTION,
    flagged_summary,
)
from vesselview.io.csv_cells import FormulaSafeWriter
from vesselview.io.output_file import atomic_output
from vesselview.research.statistics import method_label
from vesselview.research.sweep import checked_metrics as known_metrics

#: The browser's default columns: overlap, tolerance, CAL, skeletal similarity, the
#: contour distances papers report and thin-vessel sensitivity.
DEFAULT_METRICS = ("dice", "f1_t", "cal", "ss", "hd95_contour", "nsd", "se_thin")
#: Where the chosen columns are kept between runs (the inspector's settings store).
METRICS_SETTING = "dataset/metrics"


@dataclasses.dataclass(frozen=True)
class SortOrder:
    """How the cases are ordered.

    Attributes
    ----------
    metric : str or None
        A metric key; None orders by case id.
    method : str
        Whose values (ignored without a metric).
    minus : str or None
        A second method: order by ``method - minus`` (paired difference).
    descending : bool
        Largest value first.
    """

    metric: str | None = None
    method: str = ""
    minus: str | None = None
    descending: bool = False

    @classmethod
    def worst_first(cls, metric: str, method: str) -> SortOrder:
        """The worst cases of ``method`` by ``metric`` first (lowest when higher is better)."""
        return cls(metric, method, None, METRICS[metric].direction == "lower")

    def describe(self) -> str:
        """``"dice of A - B, descending"``: for the status line and exports."""
        if self.metric is None:
            return "case id"
        who = self.method if self.minus is None else f"{self.method} - {self.minus}"
        direction = "descending" if self.descending else "ascending"
        return f"{METRICS[self.metric].name} of {who}, {direction}"


class MetricTable:
    """Metric values of (case id, method) pairs and the orders of the case ids.

    Parameters
    ----------
    case_ids : sequence of str
        Every case of the dataset, in id order.
    methods : sequence of str
        Every method (columns are method x metric).
    metrics : sequence of str
        The metric keys shown.
    baselines : sequence of str
        The human baselines among ``methods`` (a dataset's other observer).
    observers : sequence of str
        The observers each (case, method) is scored against one by one (the reference
        choice ``each``): a column group per method and observer. Empty: one reference.

    Attributes
    ----------
    band : ObserverBand
        The observers' agreement with each other per case (the plots' band).
    """

    def __init__(self, case_ids: tuple[str, ...], methods: tuple[str, ...],
                 metrics: tuple[str, ...], baselines: tuple[str, ...] = (),
                 observers: tuple[str, ...] = ()) -> None:
        self.case_ids, self.methods, self.metrics = case_ids, methods, metrics
        self.baselines, self.observers = baselines, observers
        self.band = ObserverBand()
        self._values: dict[tuple[str, str, str | None], Mapping[str, float]] = {}
        self._flags: dict[tuple[str, str], str] = {}

    def label(self, method: str) -> str:
        """How the window names ``method``: a human baseline says so
        (`vesselview.research.method_label`)."""
        return method_label(method, self.baselines)

    @property
    def groups(self) -> tuple[tuple[str, str | None], ...]:
        """The column groups, ``(method, observer)``: one per method (observer None), or
        with `observers` one per method and observer."""
        return tuple((method, observer) for method in self.methods
                     for observer in (self.observers or (None,)))

    def set(self, case_id: str, method: str, values: Mapping[str, float],
            flag: str | None = None, observer: str | None = None) -> None:
        """Store the metric values of one (case, method) (against ``observer``, one of
        `observers`, when there are some), and its candidate's flag
        (`vesselview.io.candidate_flags.candidate_flags`)."""
        self._values[(case_id, method, observer)] = values
        if flag is None:
            self._flags.pop((case_id, method), None)
        else:
            self._flags[(case_id, method)] = flag

    def flag(self, case_id: str, method: str) -> str | None:
        """The candidate flag of one (case, method): ``"empty_candidate"``,
        ``"nearly_empty_candidate"`` or None."""
        return self._flags.get((case_id, method))

    def flag_text(self, case_id: str, method: str) -> str:
        """The flag in words (`FLAG_TEXTS`), ``""`` when the candidate is not flagged."""
        flag = self.flag(case_id, method)
        return "" if flag is None else FLAG_TEXTS[flag]

    @property
    def flagged(self) -> list[tuple[str, str]]:
        """``(case id, method)`` of every flagged candidate, in case id order."""
        return sorted(self._flags)

    def has(self, case_id: str, method: str, observer: str | None = None) -> bool:
        """True when (case, method) has its values: against ``observer``, else against
        every one of `observers`."""
        return all((case_id, method, one) in self._values
                   for one in ((observer,) if observer else self.observers or (None,)))

    def value(self, case_id: str, method: str, metric: str,
              observer: str | None = None) -> float:
        """One value (NaN when not computed, undefined or not a candidate of the case).

        With `observers`: the value against ``observer``; without one, the mean of the
        values against every observer (what orders and plots the (case, method)), NaN
        when one of them is unknown.
        """
        if self.observers and observer is None:
            return float(np.mean([self.value(case_id, method, metric, one)
                                  for one in self.observers]))
        return float(self._values.get((case_id, method, observer), {}).get(metric, math.nan))

    def difference(self, case_id: str, metric: str, method: str, minus: str) -> float:
        """The paired difference ``method - minus`` of one case (NaN if either is missing)."""
        return self.value(case_id, method, metric) - self.value(case_id, minus, metric)

    def key_value(self, case_id: str, order: SortOrder) -> float:
        """The value ``order`` sorts ``case_id`` by (NaN without a metric)."""
        if order.metric is None:
            return math.nan
        if order.minus is not None:
            return self.difference(case_id, order.metric, order.method, order.minus)
        return self.value(case_id, order.method, order.metric)

    def ordered(self, order: SortOrder) -> tuple[str, ...]:
        """The case ids in ``order``; ties keep id order, missing values go last."""
        if order.metric is None:
            return tuple(sorted(self.case_ids, reverse=order.descending))
        keyed = [(self.key_value(case_id, order), case_id) for case_id in self.case_ids]
        known = [item for item in keyed if not math.isnan(item[0])]
        known.sort(key=lambda item: -item[0] if order.descending else item[0])
        return tuple(case_id for _, case_id in known) + tuple(
            case_id for value, case_id in keyed if math.isnan(value))

    def column(self, method: str, metric: str, observer: str | None = None) -> list[float]:
        """The known values of ``method``'s ``metric`` over the cases (for plots);
        against ``observer`` as `value`."""
        values = [self.value(case_id, method, metric, observer) for case_id in self.case_ids]
        return [value for value in values if not math.isnan(value)]

    def pairs(self, metric: str, a: str, b: str) -> list[tuple[str, float, float]]:
        """``(case id, value of a, value of b)`` for cases where both are known."""
        rows = [(case_id, self.value(case_id, a, metric), self.value(case_id, b, metric))
                for case_id in self.case_ids]
        return [row for row in rows if not (math.isnan(row[1]) or math.isnan(row[2]))]

    def write_csv(self, path: str | os.PathLike, order: SortOrder) -> None:
        """One row per case (in ``order``), one column per method and metric
        (``method:metric``; with `observers` per method, observer and metric,
        ``method:observer:metric``)."""
        with atomic_output(os.fspath(path)) as handle:
            writer = FormulaSafeWriter(handle)
            writer.writerow(["case"] + [
                ":".join(name for name in (method, observer, metric) if name is not None)
                for method, observer in self.groups for metric in self.metrics])
            for case_id in self.ordered(order):
                writer.writerow([case_id] + [
                    _text(self.value(case_id, method, metric, observer))
                    for method, observer in self.groups for metric in self.metrics])


def _text(value: float) -> str:
    """A CSV cell: the value with full precision, empty when unknown."""
    return "" if math.isnan(value) else repr(value)


def checked_metrics(metrics: Sequence[str]) -> tuple[str, ...]:
    """``metrics`` as a tuple, after checking each is a known metric key, once.

    The research tools' check (`vesselview.research.sweep.checked_metrics`), plus: a
    table column may not repeat.

    Raises
    ------
    ParamsError
        Empty, a repeated key, or an unknown key (the message lists the known ones).
    """
    chosen = tuple(metrics)
    if not chosen or len(set(chosen)) != len(chosen):
        raise ParamsError(f"choose one or more different metrics, got {list(chosen)}")
    return known_metrics(chosen)


def saved_metrics(settings: SettingsStore | None) -> tuple[str, ...]:
    """The columns chosen last (kept in ``settings``), or `DEFAULT_METRICS` when none or
    stale."""
    saved = settings.value(METRICS_SETTING) if settings is not None else None
    if isinstance(saved, str):  # QSettings gives a one-item list back as its item
        saved = [saved]
    try:
        return checked_metrics(saved) if isinstance(saved, list | tuple) else DEFAULT_METRICS
    except ParamsError:  # a key of another version, or an edited settings file
        return DEFAULT_METRICS


#: The key of the one notice that sums up the dataset's empty candidates.
FLAGGED_NOTICE = "dataset empty candidates"
#: Follows the values of an empty or nearly empty candidate in the table.
FLAG_MARK = "⚠"
#: What a flagged cell says (its tooltip).
FLAG_TEXTS = {EMPTY: "empty prediction: it marks no pixel of the field of view",
              NEARLY_EMPTY: f"nearly empty prediction: it marks less than "
                            f"{NEARLY_EMPTY_FRACTION * 100:g} % of the field of view"}


def flagged_notice(table: MetricTable) -> str | None:
    """One warning for the table's empty or nearly empty candidates (None without)."""
    return flagged_summary(table.flagged, where=f"marked {FLAG_MARK} in the table")


#: The key of the one notice that sums up the dataset's failed evaluations.
FAILURES_NOTICE = "dataset failures"


def failures_notice(failures: dict[tuple[str, str], str]) -> str:
    """One message for every failed evaluation: how many, and the first one's message."""
    (case_id, method), message = next(iter(failures.items()))
    first = f"case {case_id}, method {method}: {message}"
    if len(failures) == 1:
        return f"One case could not be evaluated (marked 'error' in the table), {first}"
    return (f"{len(failures)} cases could not be evaluated (marked 'error' in the table; "
            f"each is listed under the table); the first, {first}")

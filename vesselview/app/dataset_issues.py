"""The case browser's list of issues: files not matched or left out, skipped cases,
failed evaluations and flagged predictions, one line each."""

from __future__ import annotations

from collections.abc import Mapping

from vesselview.app.dataset_table import MetricTable
from vesselview.io.dataset import Dataset


def issues_text(dataset: Dataset, failures: Mapping[tuple[str, str], str],
                table: MetricTable | None) -> str:
    """The issues of ``dataset``, its ``failures`` (case id, method -> message) and the
    flagged rows of ``table``, one per line; a count of the cases when there are none."""
    lines = [f"not matched to a case ({issue.method}): {issue.path.name} — {issue.reason}"
             for issue in dataset.unmatched]
    lines += [f"left out ({issue.method}): {issue.path.name} — {issue.reason}"
              for issue in dataset.ambiguous]
    lines += [f"case {case_id} skipped: {why}" for case_id, why in dataset.skipped.items()]
    lines += [f"case {case_id}, {method}: {message}"
              for (case_id, method), message in failures.items()]
    lines += [] if table is None else [
        f"case {case_id}, {method}: {table.flag_text(case_id, method)}"
        for case_id, method in table.flagged]
    return "\n".join(lines) if lines else f"{len(dataset.cases)} cases, every file matched."

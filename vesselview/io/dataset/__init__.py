"""Whole datasets: recognise a dataset folder's layout and match predictions to cases.

`open_dataset` returns a `Dataset` of `DatasetCase` (paths only; `DatasetCase.load`
reads one case for one method). The knowledge of each public dataset's files is the
table in `vesselview.io.dataset.layouts`.
"""

from vesselview.io.dataset.matching import FileIssue
from vesselview.io.dataset.model import Dataset, DatasetCase, open_dataset, other_observer

__all__ = ["Dataset", "DatasetCase", "FileIssue", "open_dataset", "other_observer"]

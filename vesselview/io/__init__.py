"""Input and output: files or arrays to a `Case`; results to JSON, CSV and PNG.

Qt-free, shared by the CLI and the GUI's export.
"""

from vesselview.io.dataset import Dataset, DatasetCase, open_dataset
from vesselview.io.loader import load_case
from vesselview.io.masks import MaskWarning, PolarityWarning
from vesselview.io.summary import summarise
from vesselview.io.writers import result_record, write_csv, write_json, write_png

__all__ = [
    "Dataset",
    "DatasetCase",
    "MaskWarning",
    "PolarityWarning",
    "load_case",
    "open_dataset",
    "result_record",
    "summarise",
    "write_csv",
    "write_json",
    "write_png",
]

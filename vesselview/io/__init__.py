"""Input and output: files or arrays to a `Case`; results to JSON, CSV and PNG.

Qt-free, shared by the CLI and the GUI's export. The names below load on first use, so
that importing one module of this package (``vesselview-eval`` reading a manifest) does
not import all of them (the dataset readers, the FOV estimate's scipy).
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "Dataset": "vesselview.io.dataset",
    "DatasetCase": "vesselview.io.dataset",
    "open_dataset": "vesselview.io.dataset",
    "load_case": "vesselview.io.loader",
    "MaskWarning": "vesselview.io.masks",
    "PolarityWarning": "vesselview.io.masks",
    "api_provenance": "vesselview.io.provenance",
    "summarise": "vesselview.io.summary",
    "result_record": "vesselview.io.records",
    "write_csv": "vesselview.io.writers",
    "write_json": "vesselview.io.writers",
    "write_png": "vesselview.io.writers",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    """Import the public names lazily (see the module docstring)."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'vesselview.io' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


def __dir__() -> list[str]:
    """The public names."""
    return sorted(__all__)

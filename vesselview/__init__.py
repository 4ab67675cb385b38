"""vesselview: inspect and evaluate retinal-vessel segmentations.

The public Python API. Importing it never imports Qt; heavy modules load on first use.

>>> import vesselview as vv
>>> case = vv.load_case("01_manual1.gif", "01_pred.png", fov="01_mask.gif")  # doctest: +SKIP
>>> vv.evaluate(case, vv.Params(t=2)).metrics["f1_t"]                          # doctest: +SKIP
"""

from __future__ import annotations

import importlib
from typing import Any

from vesselview._version import __version__

_EXPORTS = {
    "Params": "vesselview.engine.params",
    "Length": "vesselview.engine.lengths",
    "Case": "vesselview.engine.case",
    "LabelMap": "vesselview.engine.labels",
    "JunctionPoints": "vesselview.engine.junction_points",
    "Result": "vesselview.engine.result",
    "Layer": "vesselview.engine.layers",
    "Evaluator": "vesselview.engine.pipeline",
    "evaluate": "vesselview.engine.pipeline",
    "METRIC_KEYS": "vesselview.engine.families",
    "METRICS": "vesselview.engine.families",
    "FAMILIES": "vesselview.engine.families",
    "MetricInfo": "vesselview.engine.families",
    "reference_cases": "vesselview.engine.reference_choice",
    "REFERENCE_CHOICES": "vesselview.engine.reference_choice",
    "load_case": "vesselview.io.loader",
    "read_av_weights": "vesselview.io.av_weights_file",
    "open_dataset": "vesselview.io.dataset",
    "Dataset": "vesselview.io.dataset",
    "VesselviewError": "vesselview.errors",
    "InputError": "vesselview.errors",
    "ParamsError": "vesselview.errors",
    "EvaluationStopped": "vesselview.errors",
}

__all__ = ["__version__", *_EXPORTS]


def __getattr__(name: str) -> Any:
    """Import public names lazily so ``import vesselview`` stays fast and Qt-free."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'vesselview' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


def __dir__() -> list[str]:
    """The public names (for tab completion and ``dir(vesselview)``)."""
    return sorted(__all__)

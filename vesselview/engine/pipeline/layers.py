"""Overlay layers of one evaluation, built on first access.

Each layer is a stage of its family (`vesselview.engine.families.LAYERS`); building it
goes through the run, so the evaluator's cache keeps built layers by their declared
dependencies: after a ``t`` change only the F1_t layers are rebuilt.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping

from vesselview.engine.families.base import Stage
from vesselview.engine.layers import Layer
from vesselview.engine.pipeline.run import Run


class LazyLayers(Mapping[str, Layer]):
    """Read-only mapping of layer name -> `Layer`, each built on first access.

    Parameters
    ----------
    stages : Mapping[str, Stage of Layer]
        Layer stages by layer name, in display order.
    run : Run
        The finished evaluation the layers belong to.
    """

    def __init__(self, stages: Mapping[str, Stage[Layer]], run: Run) -> None:
        self._stages = dict(stages)
        self._run = run
        self._built: dict[str, Layer] = {}
        self._lock = threading.Lock()

    def __getitem__(self, name: str) -> Layer:
        with self._lock:
            if name not in self._built:
                self._built[name] = self._run.get(self._stages[name])
            return self._built[name]

    def __contains__(self, name: object) -> bool:
        """Whether ``name`` is one of the layers (without building it)."""
        return name in self._stages

    def __iter__(self) -> Iterator[str]:
        return iter(self._stages)

    def __len__(self) -> int:
        return len(self._stages)

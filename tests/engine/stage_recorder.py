"""Run every stage outside the pipeline, recording the parameters and stages it reads.

The recorder gives each stage function a context whose ``params`` lets it read ANY
parameter and whose ``get`` lets it fetch ANY stage, and writes down what it did: the
independent evidence the dependency tests compare the declarations (and the cache)
against.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from typing import Any

from vesselview.engine.case import Case
from vesselview.engine.families import all_stages
from vesselview.engine.families.base import Stage
from vesselview.engine.params import Params


@dataclasses.dataclass
class Recording:
    """What each stage read while computing, by stage name."""

    params: dict[str, set[str]] = dataclasses.field(default_factory=lambda: defaultdict(set))
    stages: dict[str, set[str]] = dataclasses.field(default_factory=lambda: defaultdict(set))

    def reads_through(self, name: str) -> set[str]:
        """Parameters stage ``name`` read, directly or through the stages it fetched."""
        found = set(self.params[name])
        for upstream in self.stages[name]:
            found |= self.reads_through(upstream)
        return found


class _Params:
    """Every `Params` field, each read written down."""

    def __init__(self, params: Params, seen: set[str]) -> None:
        self._params = params
        self._seen = seen

    def __getattr__(self, name: str) -> Any:
        self._seen.add(name)
        return getattr(self._params, name)


class _Context:
    def __init__(self, recorder: _Recorder, stage: Stage[Any]) -> None:
        self._recorder = recorder
        self._stage = stage

    @property
    def case(self) -> Case:
        return self._recorder.case

    @property
    def params(self) -> Any:
        return _Params(self._recorder.params, self._recorder.recording.params[self._stage.name])

    def get(self, stage: Stage[Any]) -> Any:
        self._recorder.recording.stages[self._stage.name].add(stage.name)
        return self._recorder.get(stage)


class _Recorder:
    def __init__(self, case: Case, params: Params) -> None:
        self.case = case
        self.params = params
        self.recording = Recording()
        self._values: dict[str, Any] = {}

    def get(self, stage: Stage[Any]) -> Any:
        if stage.name not in self._values:
            self.recording.params[stage.name]
            self._values[stage.name] = stage.compute(_Context(self, stage))
        return self._values[stage.name]


def record(case: Case, params: Params) -> Recording:
    """Compute every stage of every family for ``case`` and ``params``, recording reads."""
    recorder = _Recorder(case, params)
    for stage in all_stages():
        recorder.get(stage)
    return recorder.recording

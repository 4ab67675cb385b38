"""The evaluation pipeline: `Evaluator` (stage cache, stopping, progress) and `evaluate`.

``run`` resolves the stages of one evaluation, ``cache`` keeps their values by the
parameters they depend on, ``layers`` builds overlay layers on first access and
``explain`` describes one pixel in every layer.
"""

from vesselview.engine.pipeline.evaluator import Evaluator, PartialCallback, evaluate
from vesselview.engine.pipeline.run import ProgressCallback, StopCallback

__all__ = ["Evaluator", "PartialCallback", "ProgressCallback", "StopCallback", "evaluate"]

"""Hand-made artery/vein class maps for the A/V tests, and drawing random ones."""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import vesselview as vv

B, A, V, X, U = 0, 1, 2, 3, 4
CLASSES = {A: "artery", V: "vein", X: "crossing", U: "uncertain"}
MATRIX = ("background", "artery", "vein")

#: Its confusion matrix with `CANDIDATE` (crossing and uncertain pixels left out) is
#: [[2, 1, 0], [1, 1, 1], [0, 1, 3]], rows reference, columns candidate.
REFERENCE = np.array([[A, A, V, B], [X, V, U, B], [B, A, V, V]], np.uint8)
CANDIDATE = np.array([[A, V, V, B], [A, V, V, A], [B, B, A, V]], np.uint8)


def av_case(reference: np.ndarray, candidate: np.ndarray | None) -> vv.Case:
    """A case whose masks are the maps' vessels; ``candidate`` None: the reference's
    vessels as a plain vessel mask."""
    return vv.Case(reference > 0, (reference if candidate is None else candidate) > 0,
                   np.ones(reference.shape, bool), labels=vv.LabelMap(reference, CLASSES),
                   candidate_labels=None if candidate is None
                   else vv.LabelMap(candidate, CLASSES))


def draw_maps(data: st.DataObject) -> tuple[np.ndarray, np.ndarray]:
    """A random reference and candidate of one shape up to 8 x 8, every class drawn."""
    shape = data.draw(st.tuples(st.integers(1, 8), st.integers(1, 8)))
    codes = st.sampled_from([B, A, V, X, U])
    return (data.draw(arrays(np.uint8, shape, elements=codes)),
            data.draw(arrays(np.uint8, shape, elements=codes)))

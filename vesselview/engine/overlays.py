"""Overlay layers built from an evaluation's stage products (``design.md``, "Overlay layers").

Every layer is a small integer image with a legend (`vesselview.engine.layers.Layer`).
They are built on first access from arrays the stages already computed. Like stages,
each layer has declared dependencies (`vesselview.engine.dependencies`), so the pipeline
keeps built layers in its cache: after a ``t`` change only the F1_t layers are rebuilt.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING

import numpy as np

from vesselview.engine.layers import OKABE_ITO, Layer, LegendEntry

if TYPE_CHECKING:
    from vesselview.engine.stages import Products

Builder = Callable[["Products"], Layer]


def classes_layer(name: str, title: str, planes: list[tuple[np.ndarray, str, str]]) -> Layer:
    """A class map from boolean planes: plane k (1-based) paints class k, later planes win.

    Parameters
    ----------
    name, title : str
    planes : list of (mask, class name, palette colour name)
        Each mask is bool (H, W); colours are keys of `OKABE_ITO`.
    """
    data = np.zeros(planes[0][0].shape, np.uint8)
    legend = []
    for value, (mask, label, colour) in enumerate(planes, start=1):
        data[mask] = value
        legend.append(LegendEntry(value, label, OKABE_ITO[colour]))
    return Layer(name=name, title=title, kind="classes", data=data, legend=tuple(legend))


def _fov(p: "Products") -> Layer:
    return classes_layer("fov", "Outside field of view", [(~p.case.fov, "outside FOV", "grey")])


def _confusion(p: "Products") -> Layer:
    s, g, f = p.candidate & p.case.fov, p.case.reference & p.case.fov, p.case.fov
    return classes_layer("confusion", "Pixel agreement (strict)", [
        (s & g, "TP: both", "white"),
        (s & ~g & f, "FP: candidate only", "blue"),
        (~s & g & f, "FN: reference only", "orange"),
    ])


def _tolerant(p: "Products") -> Layer:
    m = p.tolerance
    both = m.candidate & m.reference
    return classes_layer("tolerant", f"Tolerance F1 agreement (t = {p.params.t})", [
        (both, "TP: both", "white"),
        (m.candidate_matched & ~both, "FP within t (tolerated)", "sky_blue"),
        (m.reference_matched & ~both, "FN within t (tolerated)", "yellow"),
        (m.candidate & ~m.candidate_matched, "FP beyond t", "blue"),
        (m.reference & ~m.reference_matched, "FN beyond t", "vermillion"),
    ])


def _band(name: str, title: str, label: str, colour: str,
          band: Callable[["Products"], np.ndarray]) -> Builder:
    """Builder of a one-class tolerance-band layer."""
    return lambda p: classes_layer(name, title.format(p=p.params), [(band(p), label, colour)])


def _reference_skeleton(p: "Products") -> Layer:
    junctions = p.skeletal.junctions
    return classes_layer("reference_skeleton", "Reference skeleton", [
        (p.reference_skeleton, "reference skeleton", "vermillion"),
        (junctions, "junction (removed before segmenting)", "white"),
    ])


def _candidate_skeleton(p: "Products") -> Layer:
    return classes_layer("candidate_skeleton", "Candidate skeleton",
                         [(p.candidate_skeleton, "candidate skeleton", "sky_blue")])


LAYER_BUILDERS: dict[str, Builder] = {
    "fov": _fov,
    "confusion": _confusion,
    "tolerant": _tolerant,
    "band_t": _band("band_t", "Tolerance band t = {p.t} (chessboard)",
                    "within t of the reference (outside it)", "bluish_green",
                    lambda p: p.tolerance.reference_band),
    "band_alpha": _band("band_alpha", "CAL area band α = {p.cal_alpha}",
                        "within α of the reference (outside it)", "reddish_purple",
                        lambda p: p.cal_area.reference_band),
    "band_beta": _band("band_beta", "CAL length band β = {p.cal_beta}",
                       "within β of the reference (outside it)", "sky_blue",
                       lambda p: p.cal_length.reference_band),
    "reference_skeleton": _reference_skeleton,
    "candidate_skeleton": _candidate_skeleton,
}


Fetch = Callable[[str, Callable[[], Layer]], Layer]


class LazyLayers(Mapping[str, Layer]):
    """Read-only mapping of layer name -> `Layer`, each built on first access.

    Parameters
    ----------
    products : Products
        The stage outputs of one evaluation.
    builders : Mapping[str, Builder]
        Layer builders by name, in display order.
    fetch : callable (name, build) -> Layer, optional
        Returns the layer ``name``, calling ``build()`` only when no equal layer is
        kept elsewhere (the pipeline's cache); by default every layer is built.
    """

    def __init__(self, products: "Products", builders: Mapping[str, Builder],
                 fetch: Fetch | None = None) -> None:
        self._products = products
        self._builders = dict(builders)
        self._fetch = fetch or (lambda name, build: build())
        self._built: dict[str, Layer] = {}
        self._lock = threading.Lock()

    def __getitem__(self, name: str) -> Layer:
        with self._lock:
            if name not in self._built:
                builder = self._builders[name]
                self._built[name] = self._fetch(name, lambda: builder(self._products))
            return self._built[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._builders)

    def __len__(self) -> int:
        return len(self._builders)

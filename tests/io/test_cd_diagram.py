"""Critical-difference diagrams: a hand-made example's marks, cliques and CD bar read back
from the figure, every format written and parsed back, and the plotted ranks, CD and
cliques equal to scipy's ranks and scikit-posthocs' Nemenyi test on a fixture."""

from __future__ import annotations

import itertools
import json
import math
import xml.etree.ElementTree as ET

import numpy as np
import pytest
import scikit_posthocs as sp
from PIL import Image
from scipy import stats

from vesselview.engine.params import Params
from vesselview.io import api_provenance
from vesselview.io.cd_diagram import (
    COLUMN_WIDTH,
    VALUES_KEY,
    cd_figure,
    groups,
    read_diagram_values,
    write_cd_diagram,
)
from vesselview.io.figure_file import PNG_DPI
from vesselview.io.provenance_formats import PROVENANCE_KEY, read_provenance
from vesselview.research.friedman import ALPHA, FriedmanTest, friedman_tests
from vesselview.research.statistics import MethodScores

SVG = "{http://www.w3.org/2000/svg}"


def _test(mean_rank: list[float], cd: float, metric: str = "dice") -> FriedmanTest:
    k = len(mean_rank)
    return FriedmanTest(metric, tuple(f"M<{i}>$x$" for i in range(k)), 10, 12.0, 0.002,
                        np.array(mean_rank), cd, np.ones((k, k)))


def _fixture_values() -> np.ndarray:
    """Scores (5 methods, 12 cases): method i is about 0.02 i worse, with noise."""
    rng = np.random.default_rng(7)
    return 0.8 - 0.02 * np.arange(5)[:, None] + rng.normal(0, 0.02, (5, 12))


def _fixture_tests() -> tuple[FriedmanTest, ...]:
    values = _fixture_values()
    return friedman_tests(MethodScores.from_mapping(
        {f"M{i}": {f"{j:02d}": {"dice": float(v)} for j, v in enumerate(row)}
         for i, row in enumerate(values)}))


def test_groups_are_the_maximal_runs_within_the_critical_difference() -> None:
    ranks = np.array([1.0, 1.5, 2.4, 3.6, 4.0])
    # 1.0-2.4 (1.4 < 1.5); 1.5-2.4 inside it; 2.4-3.6 (1.2; 4.0 is 1.6 away); 3.6-4.0
    assert groups(ranks, 1.5) == [(0, 2), (2, 3), (3, 4)]
    assert groups(ranks, 0.1) == []
    assert groups(ranks, 10.0) == [(0, 4)]


def test_the_figure_marks_every_method_at_its_mean_rank_with_the_cd_bar() -> None:
    figure = cd_figure([_test([2.0, 1.0, 3.5, 3.5], 1.2)])
    (ax,) = figure.axes
    texts = [text.get_text() for text in ax.texts]
    assert "M<0>$x$ (2.00)" in texts and "M<1>$x$ (1.00)" in texts  # no mathtext
    assert texts[0] == "Dice ↑: Friedman p = 0.002, n = 10, CD = 1.2"
    lines = {line.get_gid(): line for line in ax.lines if line.get_gid()}
    # the rank axis: its tick labels 1..4 at x of rank 1..4
    ticks = {text.get_text(): text.get_position()[0] for text in ax.texts}
    one, step = ticks["1"], (ticks["4"] - ticks["1"]) / 3

    def rank_of(x: float) -> float:
        return 1 + (x - one) / step
    marks = [rank_of(lines[f"method-{i}"].get_xdata()[0]) for i in range(4)]
    assert marks == pytest.approx([1.0, 2.0, 3.5, 3.5])  # best first
    bar = lines["cd-bar"].get_xdata()
    assert (bar[1] - bar[0]) / step == pytest.approx(1.2)
    assert figure.get_figwidth() == COLUMN_WIDTH
    # first panel: {1.0, 2.0} and {3.5, 3.5} (2.0 -> 3.5 is 1.5 > 1.2); second: none
    two = cd_figure([_test([2.0, 1.0, 3.5, 3.5], 1.2), _test([1, 2, 3, 4], 0.5, "cal")])
    assert sum(line.get_gid() == "clique" for line in two.axes[0].lines) == 2
    assert two.get_figheight() > figure.get_figheight() * 1.8


def test_long_names_widen_the_figure_to_fit() -> None:
    test = _test([1, 2, 3], 1.0)
    long = FriedmanTest("dice", ("A" * 60, "B", "C"), 10, 12.0, 0.002, np.array([1., 2, 3]),
                        1.0, np.ones((3, 3)))
    assert cd_figure([long]).get_figwidth() > cd_figure([test]).get_figwidth() + 2


def test_a_metric_without_cases_has_no_panel() -> None:
    empty = FriedmanTest("cal", ("A", "B", "C"), 0, math.nan, math.nan,
                         np.full(3, math.nan), math.nan, np.full((3, 3), math.nan))
    assert len(cd_figure([empty]).axes[0].texts) == 0


@pytest.fixture()
def provenance():
    return api_provenance("diagram('ünïcode (path)\\\\x.png')", Params(), [])


def test_png_carries_the_provenance_text_chunk_at_print_resolution(tmp_path, provenance):
    tests = [_test([2.0, 1.0, 3.5, 3.5], 1.2)]
    write_cd_diagram(str(tmp_path / "cd.png"), tests, provenance)
    with Image.open(tmp_path / "cd.png") as image:
        assert image.format == "PNG"
        assert json.loads(image.text[PROVENANCE_KEY]) == provenance.to_dict()
        figure = cd_figure(tests)
        assert image.size == (round(figure.get_figwidth() * PNG_DPI),
                              round(figure.get_figheight() * PNG_DPI))
    assert read_provenance(str(tmp_path / "cd.png")) == provenance


def test_svg_is_xml_with_the_ranks_as_text_and_the_provenance_metadata(tmp_path, provenance):
    write_cd_diagram(str(tmp_path / "cd.svg"), [_test([2.0, 1.0, 3.5, 3.5], 1.2)], provenance)
    root = ET.parse(tmp_path / "cd.svg").getroot()
    texts = {"".join(text.itertext()) for text in root.iter(f"{SVG}text")}
    assert {"M<0>$x$ (2.00)", "M<1>$x$ (1.00)", "M<2>$x$ (3.50)", "1", "4", "CD"} <= texts
    (metadata,) = [m for m in root.iter(f"{SVG}metadata") if m.get("id") == PROVENANCE_KEY]
    assert json.loads(metadata.text or "") == provenance.to_dict()
    assert read_provenance(str(tmp_path / "cd.svg")) == provenance


def test_pdf_carries_the_provenance_in_its_document_information(tmp_path, provenance):
    path = tmp_path / "cd.pdf"
    write_cd_diagram(str(path), [_test([2.0, 1.0, 3.5, 3.5], 1.2)], provenance)
    assert path.read_bytes().startswith(b"%PDF-")
    assert b"/vesselview-provenance (" in path.read_bytes()
    assert read_provenance(str(path)) == provenance


@pytest.mark.parametrize("suffix", [".png", ".svg", ".PDF"])
def test_the_plotted_ranks_cd_and_cliques_equal_scipy_and_scikit_posthocs(tmp_path, suffix):
    path = str(tmp_path / f"cd{suffix}")
    write_cd_diagram(path, _fixture_tests())
    (panel,) = read_diagram_values(path)["panels"]
    values = _fixture_values()
    ranks = dict(zip([f"M{i}" for i in range(5)], stats.rankdata(-values, axis=0).mean(axis=1),
                     strict=True))
    assert panel["mean_rank"] == sorted(panel["mean_rank"])  # best first
    assert dict(zip(panel["methods"], panel["mean_rank"], strict=True)) == pytest.approx(ranks)
    # Nemenyi's p at a rank difference of CD is alpha
    k, n = 5, 12
    scale = math.sqrt(k * (k + 1) / (6 * n))
    q = panel["critical_difference"] * math.sqrt(2) / scale
    assert stats.studentized_range.sf(q, k, np.inf) == pytest.approx(ALPHA, abs=1e-9)
    # two methods share a clique exactly when scikit-posthocs' Nemenyi p is above alpha
    p = sp.posthoc_nemenyi_friedman(-values.T).to_numpy()
    together = {frozenset(pair) for clique in panel["cliques"]
                for pair in itertools.combinations(clique, 2)}
    for a, b in itertools.combinations(range(5), 2):
        assert (frozenset((f"M{a}", f"M{b}")) in together) == (p[a, b] > ALPHA)
    assert len(panel["cliques"]) >= 1 and len(together) < 10  # neither all nor none


def test_a_file_without_a_diagram_has_no_values(tmp_path):
    (tmp_path / "table.json").write_text("{}")
    assert read_diagram_values(str(tmp_path / "table.json")) is None
    write_cd_diagram(str(tmp_path / "cd.svg"), [_test([1, 2, 3], 1.0)])
    assert VALUES_KEY in (tmp_path / "cd.svg").read_text()

"""Figures saved by suffix carry named text blocks that read back unchanged, whatever
their characters (PDF string escapes, XML escapes, non-Latin text)."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from matplotlib.figure import Figure

from vesselview.io.figure_file import figure_blocks, figure_format, rendered, save_figure

#: Text of any Unicode character an XML document may hold (SVG), surrogates excluded.
XML_TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")) | st.sampled_from(
    "()\\\n\t\r"), max_size=60)


def _figure() -> Figure:
    figure = Figure(figsize=(1, 1))
    figure.add_axes((0, 0, 1, 1)).plot([0, 1], [0, 1])
    return figure


@pytest.mark.parametrize(("path", "expected"), [
    ("cd.png", "png"), ("a/b.SVG", "svg"), ("x.Pdf", "pdf"), ("cd.eps", None), ("cd", None),
    ("cd.svg.txt", None)])
def test_the_format_is_the_suffix(path, expected) -> None:
    assert figure_format(path) == expected


@settings(max_examples=25, deadline=None)
@given(text=XML_TEXT, output_format=st.sampled_from(["png", "svg", "pdf"]))
@example(text="a\r\nb\rc(d))\\e\\(é中", output_format="png")
@example(text="a\r\nb\rc(d))\\e\\(é中", output_format="svg")
@example(text="a\r\nb\rc(d))\\e\\(é中", output_format="pdf")
def test_a_block_reads_back_unchanged_in_every_format(tmp_path_factory, text,
                                                      output_format) -> None:
    path = tmp_path_factory.mktemp("figure") / f"f.{output_format}"
    path.write_bytes(rendered(_figure(), output_format,
                              {"vesselview-a": text, "vesselview-b": "{}"}))
    assert figure_blocks(str(path)) == {"vesselview-a": text, "vesselview-b": "{}"}


def test_the_same_figure_gives_the_same_bytes(tmp_path) -> None:
    for output_format in ("png", "svg", "pdf"):
        path = tmp_path / f"f.{output_format}"
        save_figure(_figure(), str(path), {"vesselview-a": "x"})
        first = path.read_bytes()
        save_figure(_figure(), str(path), {"vesselview-a": "x"})
        assert path.read_bytes() == first


def test_other_files_are_no_figures(tmp_path) -> None:
    (tmp_path / "table.md").write_text("| a |\n|---|\n| <svg> |\n")
    assert figure_blocks(str(tmp_path / "table.md")) is None

"""Save a matplotlib figure as PNG, SVG or PDF (by the file's suffix) with named text
blocks in it, and read those blocks back.

A block is a key starting with `BLOCK_PREFIX` (``vesselview-provenance``, ...) and a
text (JSON). Each format holds it where its own tools show it:

* PNG: a text chunk named by the key (Pillow: ``Image.open(path).text[key]``);
* SVG: a ``<metadata id="KEY">`` element holding the text, before ``</svg>``;
* PDF: an entry ``/KEY`` of the document information dictionary (a literal string).

The figure is rendered by the canvas of the format's own matplotlib backend (Agg, SVG,
PDF), never pyplot or a GUI backend, with `FILE_STYLE`: the same figure gives the same
bytes (no dates, fixed SVG ids).
"""

from __future__ import annotations

import io
import os
import re
import warnings
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any
from xml.etree import ElementTree
from xml.sax.saxutils import escape, quoteattr

from PIL import Image, UnidentifiedImageError

from vesselview.errors import InputError
from vesselview.io.output_file import atomic_output

if TYPE_CHECKING:
    from matplotlib.figure import Figure
    from matplotlib.typing import RcKeyType

#: The suffixes (lower case) a figure can be saved with; the format is the suffix.
FIGURE_SUFFIXES = (".png", ".svg", ".pdf")
#: Every block's key starts with it.
BLOCK_PREFIX = "vesselview-"
#: Resolution of a PNG (dots per inch): a printed figure's.
PNG_DPI = 300
#: Text kept as text (SVG), TrueType fonts embedded (PDF: searchable), fixed SVG ids.
FILE_STYLE: dict[RcKeyType, Any] = {"svg.fonttype": "none", "pdf.fonttype": 42,
                                     "svg.hashsalt": "vesselview"}
_PNG_SIGNATURE, _PDF_SIGNATURE = b"\x89PNG\r\n\x1a\n", b"%PDF-"
_SVG_NS = "{http://www.w3.org/2000/svg}"


def figure_format(path: str) -> str | None:
    """``png``, ``svg`` or ``pdf`` from the suffix of ``path`` (any case); None for others."""
    suffix = os.path.splitext(path)[1].lower()
    return suffix[1:] if suffix in FIGURE_SUFFIXES else None


def save_figure(figure: Figure, path: str, blocks: Mapping[str, str]) -> None:
    """Write ``figure`` to ``path`` in the format of its suffix, replaced whole.

    Parameters
    ----------
    figure : matplotlib.figure.Figure
    path : str
        Ends in one of `FIGURE_SUFFIXES` (checked by the caller, before any work).
    blocks : Mapping[str, str]
        Key (starting with `BLOCK_PREFIX`) -> text to carry in the file.

    Raises
    ------
    InputError
        Naming ``path`` when it cannot be written (`atomic_output`).
    """
    output_format = figure_format(path)
    if output_format is None:
        raise ValueError(f"{path}: not a figure suffix {FIGURE_SUFFIXES}")
    data = rendered(figure, output_format, blocks)
    with atomic_output(path) as stream:
        stream.buffer.write(data)  # the binary layer of the atomic text stream


def rendered(figure: Figure, output_format: str, blocks: Mapping[str, str]) -> bytes:
    """The bytes of ``figure`` as ``png``, ``svg`` or ``pdf`` with ``blocks`` in them."""
    from matplotlib import rc_context

    buffer = io.BytesIO()
    with rc_context(FILE_STYLE), warnings.catch_warnings():
        # PDF: matplotlib warns about information keys outside the standard's few
        warnings.filterwarnings("ignore", "Unknown infodict keyword")
        _canvas(figure, output_format)
        figure.savefig(buffer, format=output_format, dpi=PNG_DPI,
                       metadata=_metadata(output_format, blocks))
    data = buffer.getvalue()
    return _with_svg_blocks(data, blocks) if output_format == "svg" else data


def figure_blocks(path: str) -> dict[str, str] | None:
    """The blocks of the PNG, SVG or PDF file at ``path``; None when it is none of them.

    Raises
    ------
    InputError
        Naming ``path`` when it cannot be read, or is a damaged PNG or SVG.
    """
    try:
        with open(path, "rb") as stream:
            data = stream.read()
    except OSError as error:
        raise InputError(f"{path}: cannot read the output ({error.strerror})",
                         source=path) from None
    if data.startswith(_PNG_SIGNATURE):
        return _png_blocks(data, path)
    if data.startswith(_PDF_SIGNATURE):
        return _pdf_blocks(data)
    if data.lstrip().startswith((b"<?xml", b"<svg")):
        return _svg_blocks(data, path)
    return None


def _canvas(figure: Figure, output_format: str) -> None:
    """Attach the canvas of ``output_format``'s backend to ``figure``."""
    if output_format == "png":
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        FigureCanvasAgg(figure)
    elif output_format == "svg":
        from matplotlib.backends.backend_svg import FigureCanvasSVG
        FigureCanvasSVG(figure)
    else:
        from matplotlib.backends.backend_pdf import FigureCanvasPdf
        FigureCanvasPdf(figure)


def _metadata(output_format: str, blocks: Mapping[str, str]) -> dict[str, Any]:
    """savefig's ``metadata``: the blocks (PNG, PDF) and no dates (SVG, PDF)."""
    if output_format == "svg":
        return {"Date": None}  # the blocks go in by `_with_svg_blocks`
    if output_format == "pdf":
        return {"CreationDate": None, **blocks}
    return dict(blocks)


def _with_svg_blocks(svg: bytes, blocks: Mapping[str, str]) -> bytes:
    """The SVG document with a ``<metadata id=KEY>`` element per block, last in it."""
    # a carriage return as a character reference: XML parsers turn a raw one into \n
    elements = "".join(f"<metadata id={quoteattr(key)}>{escape(text, {chr(13): '&#13;'})}"
                       "</metadata>\n"
                       for key, text in blocks.items())
    head, closing, tail = svg.decode("utf-8").rpartition("</svg>")
    return f"{head}{elements}{closing}{tail}".encode()


def _png_blocks(data: bytes, path: str) -> dict[str, str]:
    try:
        with Image.open(io.BytesIO(data)) as image:
            text = dict(getattr(image, "text", {}))
    except (OSError, UnidentifiedImageError, SyntaxError):
        raise InputError(f"{path}: cannot read the PNG image", source=path) from None
    return {key: value for key, value in text.items() if key.startswith(BLOCK_PREFIX)}


def _svg_blocks(data: bytes, path: str) -> dict[str, str]:
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError:
        raise InputError(f"{path}: the SVG is not valid XML", source=path) from None
    return {element.get("id", ""): element.text or ""
            for element in root.iter(f"{_SVG_NS}metadata")
            if element.get("id", "").startswith(BLOCK_PREFIX)}


def _pdf_blocks(data: bytes) -> dict[str, str]:
    """The ``/vesselview-...`` literal strings of a PDF (matplotlib writes its document
    information dictionary uncompressed)."""
    pattern = re.compile(rb"/(" + re.escape(BLOCK_PREFIX.encode()) + rb"[A-Za-z0-9_.-]*)\s*\(")
    return {match[1].decode("ascii"): _pdf_literal(data, match.end())
            for match in pattern.finditer(data)}


_PDF_ESCAPES = {ord("n"): b"\n", ord("r"): b"\r", ord("t"): b"\t", ord("b"): b"\b",
                ord("f"): b"\f", ord("("): b"(", ord(")"): b")", ord("\\"): b"\\"}


def _pdf_literal(data: bytes, start: int) -> str:
    """The PDF literal string from just after its ``(`` (PDF 1.7, 7.3.4.2: balanced
    parentheses, backslash escapes, octal codes, line continuations); UTF-16 with a
    byte order mark, else PDFDocEncoding, read as Latin-1 (the ASCII JSON is either).
    Hand-written: a PDF library would be a dependency for these few lines."""
    out, depth, at = bytearray(), 0, start
    while at < len(data):
        byte = data[at]
        if byte == ord("\\"):
            at += 1
            octal = re.match(rb"[0-7]{1,3}", data[at:at + 3])
            if octal:
                out.append(int(octal[0], 8) & 0xFF)
                at += len(octal[0])
                continue
            if data[at] not in b"\r\n":
                out += _PDF_ESCAPES.get(data[at], bytes([data[at]]))
            elif data[at:at + 2] == b"\r\n":
                at += 1
        elif byte == ord(")") and depth == 0:
            break
        else:
            depth += (byte == ord("(")) - (byte == ord(")"))
            out.append(byte)
        at += 1
    raw = bytes(out)
    return raw[2:].decode("utf-16-be") if raw.startswith(b"\xfe\xff") else raw.decode("latin-1")

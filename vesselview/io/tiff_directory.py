"""What a TIFF holds, read from its directory alone (no pixel data is decoded).

A TIFF that Pillow cannot open (64-bit or 3-channel floating point...) is decoded by
OpenCV, which decodes every page at once and only then says how large it is: a 1.3 MB
deflated TIFF of 12000x12000 zeros took 2.2 GB and 33 s before the pixel limit refused
it. Its directory, read by tifffile (a dependency of scikit-image), gives the page
count, size and sample type first, so a stack, an image over the limit or samples no
decoder here reads are refused before decoding.
"""

from __future__ import annotations

import dataclasses
import io
import logging

import numpy as np

#: tifffile logs what it finds odd in a damaged file; the caller's error says it once.
logging.getLogger("tifffile").addHandler(logging.NullHandler())


@dataclasses.dataclass(frozen=True)
class TiffDirectory:
    """The first page's size and sample type, and the number of pages.

    Attributes
    ----------
    pages : int
    height, width : int
        Of the first page, in pixels.
    dtype : numpy.dtype or None
        Its samples' type (None when tifffile knows no numpy type for it).
    """

    pages: int
    height: int
    width: int
    dtype: np.dtype | None


def tiff_directory(source: bytes | str) -> TiffDirectory | None:
    """The directory of a TIFF given as its bytes or path; None when it cannot be read
    (the decoder then names the file damaged)."""
    import tifffile  # only for the rare TIFF Pillow cannot open (costs ~0.1 s to import)

    try:
        with tifffile.TiffFile(io.BytesIO(source) if isinstance(source, bytes) else source
                               ) as tiff:
            page = tiff.pages[0]
            if not isinstance(page, tifffile.TiffPage):  # the first page is never a frame
                return None
            return TiffDirectory(len(tiff.pages), int(page.imagelength),
                                 int(page.imagewidth), page.dtype)
    except Exception:  # a damaged directory can raise almost anything inside tifffile
        return None


def unsupported_samples(dtype: np.dtype | None) -> str | None:
    """Plain words for a sample type OpenCV does not decode (16-bit float, complex...),
    or None when it does (integers of 8 to 64 bits, 32- and 64-bit floats)."""
    if dtype is None:
        return "samples of a type no image library here reads"
    if dtype.kind in "biu" or (dtype.kind == "f" and dtype.itemsize in (4, 8)):
        return None
    if dtype.kind == "f":
        return f"{8 * dtype.itemsize}-bit floating-point samples"
    return "complex-number samples" if dtype.kind == "c" else f"samples of type {dtype}"

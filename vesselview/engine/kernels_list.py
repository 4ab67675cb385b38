"""Every numba kernel and the argument types an evaluation compiles it for.

`vesselview.engine.kernels_warmup` compiles exactly these on the first start;
``tests/packaging`` checks the list against the kernels an evaluation actually
compiles, so it cannot drift.
"""

from __future__ import annotations

import functools
from typing import Any

#: (module, kernel) of every kernel, most expensive first (the order shares the work out
#: evenly); `signatures` gives the argument types of each.
KERNELS: tuple[tuple[str, str], ...] = (
    ("vesselview.engine.skeletal.assign", "assign_pixels"),
    ("vesselview.engine.skeletal._segment_kernels", "label_components"),
    ("vesselview.engine.skeletal._segment_kernels", "cut_long_components"),
    ("vesselview.engine.thin_wavefront", "thin_sweep"),
    ("vesselview.engine.baddeley", "_clipped_gap_kernel"),
    ("vesselview.engine.edt", "_row_pass"),
    ("vesselview.engine.edt", "_column_pass"),
    ("vesselview.engine.skeletal._segment_kernels", "remove_junctions"),
    ("vesselview.engine.skeletal._segment_kernels", "reattach_junctions"),
    ("vesselview.engine.skeletal.thickness", "_nearest_background"),
    ("vesselview.engine.skeletal.fits", "_break_ties"),
    ("vesselview.engine.nearest_feature", "_nearest_values"),
)


@functools.cache
def signatures() -> dict[tuple[str, str], list[tuple[Any, ...]]]:
    """(module, kernel) -> the numba argument types it is compiled for, in `KERNELS` order.

    A function, not a constant: numba's types need numba, which a start that compiles
    nothing never imports.
    """
    from numba import types

    def array(dtype: Any, ndim: int, *, readonly: bool = False) -> Any:
        """A C-contiguous array type (numba compiles read-only arrays separately)."""
        return types.Array(dtype, ndim, "C", readonly=readonly)

    b1, b2, b2_ro = array(types.bool_, 1), array(types.bool_, 2), \
        array(types.bool_, 2, readonly=True)
    i64_1, i64_2 = array(types.int64, 1), array(types.int64, 2)
    i64_1_ro = array(types.int64, 1, readonly=True)
    offsets = types.UniTuple(i64_1_ro, 3)  # nearest_pixel.offsets_nearest_first
    i32_2, i32_2_ro = array(types.int32, 2), array(types.int32, 2, readonly=True)
    u8_2, u8_2_ro = array(types.uint8, 2), array(types.uint8, 2, readonly=True)
    u32_2, u32_2_ro = array(types.uint32, 2), array(types.uint32, 2, readonly=True)
    f64_1 = array(types.float64, 1)
    listed: list[list[tuple[Any, ...]]] = [
        [(i64_1, i64_1, b2, i32_2_ro, u8_2_ro, types.int64, offsets, offsets)],
        [(i32_2, b1, i64_1, i64_1)],
        [(i32_2, i64_1, i64_1, i64_1, i64_1, i64_1, types.int64, i64_2)],
        [(b2, b1, b1, types.int64)],
        [(u32_2_ro, types.boolean, u32_2_ro, types.boolean, types.float64)],
        [(u32_2, types.int64, u32_2, types.int64, types.int64)],
        [(b2, u32_2, types.int64)],
        [(u8_2, i64_1, i64_1)],
        [(i32_2, i64_1, i64_1)],
        [(b2_ro, i64_1, i64_1, i64_1_ro, i64_1_ro, f64_1, types.float64),
         (b2, i64_1, i64_1, i64_1_ro, i64_1_ro, f64_1, types.float64)],
        [(f64_1, i64_1)],
        [(b2, i64_1, i64_1, f64_1, f64_1)],
    ]
    return dict(zip(KERNELS, listed, strict=True))

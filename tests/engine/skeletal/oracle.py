"""A slow, literal reading of ``skeletal-similarity.md``: the test oracle for the fast engine.

Pure Python loops in the structure of the authors' MATLAB code (pixel by pixel, scan
order from ``find``, the walk that rescans the component for the next neighbour), with
exact rational least squares, so that any difference from the vectorised / compiled
engine is a bug in one of them. Only for tiny images.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
from scipy import ndimage

from vesselview.engine.thinning import thin


def find(mask: np.ndarray) -> list[tuple[int, int]]:
    """MATLAB ``find``: (row, col) of True pixels, column by column."""
    cols, rows = np.nonzero(np.asarray(mask).T)
    return list(zip(rows.tolist(), cols.tolist(), strict=True))


def window_sum(image: np.ndarray, i: int, j: int) -> int:
    """Sum of the 3x3 window at (i, j), clipped at the border."""
    return int(image[max(i - 1, 0):i + 2, max(j - 1, 0):j + 2].sum())


def thickness(mask: np.ndarray, skeleton: np.ndarray) -> np.ndarray:
    """Step 3, by scanning every window pixel."""
    h, w = mask.shape
    out = np.zeros(mask.shape)
    for i, j in find(skeleton):
        best = 100.0
        for y in range(max(i - 10, 0), min(i + 11, h)):
            for x in range(max(j - 10, 0), min(j + 11, w)):
                if not mask[y, x]:
                    best = min(best, math.sqrt((y - i) ** 2 + (x - j) ** 2))
        out[i, j] = best
    return out


def radii(skeleton: np.ndarray, thick: np.ndarray, levels: int) -> np.ndarray:
    """Step 4."""
    out = np.zeros(skeleton.shape, np.int64)
    values = [thick[p] for p in find(skeleton)]
    if not values:
        return out
    t_min, t_max = min(values), max(values)
    width = (t_max - t_min) / levels
    for p in find(skeleton):
        out[p] = (levels if width == 0
                  else min(math.ceil((t_max - thick[p] + 1e-4) / width), levels))
    return out


def generate_range(radius: np.ndarray, fov: np.ndarray) -> np.ndarray:
    """Step 5, pixel by pixel."""
    h, w = radius.shape
    out = np.zeros(radius.shape, bool)
    for i, j in find(radius > 0):
        r = radius[i, j]
        for y in range(max(i - r, 0), min(i + r + 1, h)):
            for x in range(max(j - r, 0), min(j + r + 1, w)):
                if math.floor(math.sqrt((y - i) ** 2 + (x - j) ** 2)) <= r:
                    out[y, x] = True
    return out & fov


def label_scan_order(mask: np.ndarray) -> tuple[np.ndarray, int]:
    """MATLAB ``bwlabel(mask, 8)``: components numbered by first pixel in scan order."""
    labels_t, count = ndimage.label(np.asarray(mask).T, structure=np.ones((3, 3)))
    return labels_t.T.copy(), count


def cut_segment(component: np.ndarray, length: int, index: int, base: int,
                max_length: int) -> np.ndarray:
    """CutSegment of the reference code (a closed loop starts at its first pixel)."""
    pieces = length // max_length
    target = math.floor(length / pieces + 0.5)
    pixels = find(component)
    start = 0
    for k, (i, j) in enumerate(pixels):
        if window_sum(component, i, j) == 2:
            start = k
            break
    ids = [0] * len(pixels)
    sub, count, k = 1, 1, start
    current = pixels[start]
    while count < pieces:
        ids[k] = count
        for m, (i, j) in enumerate(pixels):
            if math.floor(math.hypot(i - current[0], j - current[1])) == 1 and ids[m] == 0:
                k, current = m, (i, j)
                if sub < target:
                    sub += 1
                else:
                    sub, count = 1, count + 1
                break
    out = component.astype(np.int64) * index
    for m, p in enumerate(pixels):
        if ids[m]:
            out[p] = ids[m] + base
    return out


def segment(skeleton: np.ndarray, fov: np.ndarray, min_length: int,
            max_length: int) -> tuple[np.ndarray, np.ndarray]:
    """Step 7: (junction set, label image)."""
    work = skeleton.astype(np.int64)
    for i, j in find(skeleton):
        if window_sum(work, i, j) > 3:
            work[i, j] = 0
    junctions = skeleton & (work == 0)
    labels, count = label_scan_order(work > 0)
    for k in range(1, count + 1):
        if (labels == k).sum() < min_length:
            work[labels == k] = 0
    ids, count = label_scan_order(work > 0)
    for k in range(1, count + 1):
        component = ids == k
        length = int(component.sum())
        if length > max_length:
            ids[component] = 0
            ids = ids + cut_segment(component, length, k, int(ids.max()), max_length)
    for i, j in find(junctions):
        ids[i, j] = ids[max(i - 1, 0):i + 2, max(j - 1, 0):j + 2].max()
    ids[~fov] = 0
    return junctions, ids


def noise_removal(candidates: np.ndarray, ref_skeleton: np.ndarray, ids: np.ndarray,
                  k: int) -> np.ndarray:
    """Step 9b, as NoiseRemoval: minimum distance with ties resolved towards k."""
    h, w = ids.shape
    out = candidates.copy()
    for i, j in find(candidates):
        if ids[i, j] > 0:
            out[i, j] = ids[i, j] == k
            continue
        best, best_id = 10.0, 0
        for y in range(max(i - 5, 0), min(i + 6, h)):
            for x in range(max(j - 5, 0), min(j + 6, w)):
                if (y, x) != (i, j) and ref_skeleton[y, x]:
                    d = math.sqrt((y - i) ** 2 + (x - j) ** 2)
                    if d < best or (d == best and ids[y, x] == k):
                        best, best_id = d, ids[y, x]
        out[i, j] = best_id == k
    return out


def break_ties(values: list[float]) -> list[float]:
    """Step 9e, as the reference code's while loop."""
    accepted: list[float] = []
    for value in values:
        while value in accepted:
            value += 0.01
        accepted.append(value)
    return accepted


def solve(matrix: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction]:
    """Exact solution of a non-singular square system (Gauss-Jordan on rationals)."""
    n = len(rhs)
    aug = [[*list(matrix[a]), rhs[a]] for a in range(n)]
    for c in range(n):
        pivot = next(r for r in range(c, n) if aug[r][c] != 0)
        aug[c], aug[pivot] = aug[pivot], aug[c]
        for r in range(n):
            if r != c and aug[r][c] != 0:
                f = aug[r][c] / aug[c][c]
                aug[r] = [a - f * b for a, b in zip(aug[r], aug[c], strict=True)]
    return [aug[a][n] / aug[a][a] for a in range(n)]


def cubic(x: list[float], y: list[float]) -> tuple[list[Fraction], bool]:
    """Exact least-squares [p1, p2, p3] and whether it is the zero vector.

    With fewer than 4 points: the minimum-norm solution of the raw (1-based)
    Vandermonde system, p = A^T (A A^T)^-1 y (spec step 9f); never the zero vector.
    """
    rows = [[Fraction(v) ** p for p in (3, 2, 1, 0)] for v in x]
    if len(x) >= 4:
        gram = [[sum(r[a] * r[b] for r in rows) for b in range(4)] for a in range(4)]
        rhs = [sum(r[a] * Fraction(v) for r, v in zip(rows, y, strict=True)) for a in range(4)]
        coefficients = solve(gram, rhs)[:3]
        return coefficients, all(c == 0 for c in coefficients)
    gram = [[sum(a * b for a, b in zip(ra, rb, strict=True)) for rb in rows] for ra in rows]
    dual = solve(gram, [Fraction(v) for v in y])
    coefficients = [sum(d * r[p] for d, r in zip(dual, rows, strict=True)) for p in range(3)]
    return coefficients, False


def curve_similarity(ref: tuple[list[Fraction], bool], cand: tuple[list[Fraction], bool]) -> float:
    """Step 9h with the straight-segment rule."""
    (f_ref, zero_ref), (f_cand, zero_cand) = ref, cand
    if zero_ref or zero_cand:
        return 1.0 if zero_ref and zero_cand else 0.0
    dot = abs(float(sum(a * b for a, b in zip(f_ref, f_cand, strict=True))))
    norm = (math.sqrt(float(sum(a * a for a in f_ref)))
            * math.sqrt(float(sum(b * b for b in f_cand))))
    return min(1.0, dot / norm)


def skeletal_similarity(reference, candidate, fov, alpha=0.2, levels=2, min_length=4,
                        max_length=15) -> dict:
    """Every step of the spec; returns metrics and the intermediate products."""
    g_skel, s_skel = thin(reference), thin(candidate)
    g_thick, s_thick = thickness(reference, g_skel), thickness(candidate, s_skel)
    radius = radii(g_skel, g_thick, levels)
    search = generate_range(radius, fov)
    pruned = s_skel & search
    junctions, ids = segment(g_skel, fov, min_length, max_length)
    rows, total, candidates = [], 0.0, {}
    for k in range(1, int(ids.max()) + 1):
        seg = ids == k
        if not seg.any():
            continue
        in_range = pruned & generate_range(np.where(seg, radius, 0), fov)
        mine = noise_removal(in_range, g_skel, ids, k)
        candidates[k] = mine
        ref_pts, cand_pts = find(seg), find(mine)
        n_r, n_s = len(ref_pts), len(cand_pts)
        row_is_x = len({p[0] for p in cand_pts}) > len({p[1] for p in cand_pts})
        tg = float(np.mean([g_thick[p] for p in ref_pts]))
        ts_mean = float(np.mean([s_thick[p] for p in cand_pts])) if cand_pts else math.nan
        w = float(np.mean([radius[p] for p in ref_pts]))
        valid = n_s > 0.6 * n_r and n_s > 3
        cs = ts = math.nan
        if valid:
            def xy(points, row_is_x=row_is_x):
                a, b = (0, 1) if row_is_x else (1, 0)
                return break_ties([p[a] + 1.0 for p in points]), [p[b] + 1.0 for p in points]
            cs = curve_similarity(cubic(*xy(ref_pts)), cubic(*xy(cand_pts)))
            ts = max(0.0, 1.0 - abs(tg - ts_mean) / w)
        score = (1 - alpha) * cs + alpha * ts if valid else 0.0
        total += n_r * score
        rows.append((k, n_r, n_s, tg, ts_mean, w, cs, ts, score, valid))
    labelled = int((ids > 0).sum())
    ss = total / labelled if labelled else math.nan
    positive = (search | reference) & fov
    fp = int((candidate & fov & ~positive).sum())
    tn = int((~candidate & fov & ~positive).sum())
    n_skel = int(g_skel.sum())
    metrics = {
        "ss": ss, "rse": ss,
        "rsp": tn / (tn + fp) if tn + fp else math.nan,
        "racc": (ss * positive.sum() + tn) / fov.sum() if fov.any() else math.nan,
        "ss_confidence": labelled / n_skel if n_skel else math.nan,
        "rnc": int((s_skel & ~search).sum()) / n_skel if n_skel else math.nan,
    }
    return {"metrics": metrics, "rows": rows, "junctions": junctions, "labels": ids,
            "radius": radius, "search_mask": search, "thickness": g_thick,
            "pruned": pruned, "candidates": candidates}

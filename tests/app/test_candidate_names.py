"""Candidate files are named by their stems, made longer only where names repeat."""

from __future__ import annotations

from vesselview.app.candidate_names import candidate_names


def test_candidate_names_grow_only_where_they_repeat():
    """Stems; method folders where stems repeat; then file names; then whole paths."""
    assert candidate_names(["a/x.png", "a/y.png"]) == ["x", "y"]
    assert candidate_names(["a/x.png", "a/x.gif"]) == ["x.png", "x.gif"]
    assert candidate_names(["UNet/01_test.png", "SegNet/01_test.png"]) == ["UNet", "SegNet"]
    assert candidate_names(["a/b/x.png", "c/b/x.png"]) == ["a/b/x.png", "c/b/x.png"]
    assert candidate_names([]) == []

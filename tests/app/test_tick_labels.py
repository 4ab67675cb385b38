"""Method names under the box plot fit the width of their box."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from vesselview.app.tick_labels import ELLIPSIS, fitted_label


def test_a_name_that_fits_is_kept():
    assert fitted_label("2004_Staal", 10) == "2004_Staal"


def test_names_wrap_at_their_word_breaks():
    assert fitted_label("2004_Staal", 6) == "2004_\nStaal"
    assert fitted_label("observer2 (human baseline)", 16) == "observer2 (human\nbaseline)"


def test_what_does_not_fit_ends_with_an_ellipsis():
    assert fitted_label("2007_Soares_retina_net", 8) == "2007_\nSoares_…"
    assert fitted_label("Marin2011-unsupervised", 6, lines=1) == "Marin…"


names = st.text(st.sampled_from("ab_ -.xyz09("), min_size=1, max_size=40)


@given(names, st.integers(2, 20), st.integers(1, 3))
def test_every_line_fits_and_an_uncut_label_keeps_its_words(label, width, lines):
    fitted = fitted_label(label, width, lines)
    rows = fitted.split("\n")
    assert len(rows) <= lines and all(len(row) <= width for row in rows)
    if ELLIPSIS not in fitted:  # nothing cut: the same characters apart from spaces
        assert re.sub(r"\s", "", fitted) == re.sub(r"\s", "", label)

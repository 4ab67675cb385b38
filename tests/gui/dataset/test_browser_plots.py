"""The case browser's box plot names each method under its box without overlap."""

from __future__ import annotations

from vesselview.app.dataset_table import MetricTable
from vesselview.gui.dataset.plots import MethodBoxPlot, PairScatter, tick_metrics

#: Nine published methods' result folders, as a user names them.
METHODS = tuple(f"{year}_{name}" for year, name in (
    (2004, "Staal_ridge_based"), (2006, "Soares_wavelet"), (2011, "Marin_moment"),
    (2012, "Fraz_ensemble"), (2015, "Roychowdhury"), (2016, "Liskowski_cnn"),
    (2018, "Unet_baseline"), (2019, "Wang_DEU_net"), (2021, "SA_UNet")))


def test_method_names_fit_under_their_boxes(qtbot):
    table = MetricTable(("01", "02"), METHODS, ("dice",))
    for index, method in enumerate(METHODS):
        for case_id in table.case_ids:
            table.set(case_id, method, {"dice": 0.7 + index / 100})
    plot = MethodBoxPlot()
    qtbot.addWidget(plot)
    plot.resize(560, 320)
    plot.show()
    qtbot.waitExposed(plot)
    plot.show_metric(table, "dice")
    axis = plot.getAxis("bottom")
    room = plot.getViewBox().width() / len(METHODS)
    (ticks,) = axis._tickLevels
    assert [position for position, _text in ticks] == list(range(len(METHODS)))
    for _position, text in ticks:
        widest = max(tick_metrics(axis).horizontalAdvance(line) for line in text.split("\n"))
        assert widest <= room, (text, widest, room)
    assert ticks[0][1].startswith("2004_")  # still recognisable


def test_a_long_title_does_not_push_a_narrow_plot_beyond_its_edge(qtbot):
    table = MetricTable(("01", "02"), METHODS[:2], ("dice",))
    for index, case_id in enumerate(table.case_ids):
        for method in METHODS[:2]:
            table.set(case_id, method, {"dice": 0.7 + index / 10})
    plot = PairScatter()
    qtbot.addWidget(plot)
    plot.resize(200, 220)  # docked beside the table on a small screen
    plot.show()
    qtbot.waitExposed(plot)
    plot.show_pair(table, "dice", *METHODS[:2])
    assert plot.plotItem.minimumWidth() <= plot.width()
    assert "…" in plot.plotItem.titleLabel.text
    assert plot.toolTip() == f"Dice (F1): {METHODS[0]} vs {METHODS[1]} (one point per case)"
    plot.resize(1400, 500)  # maximised: the whole title
    qtbot.waitUntil(lambda: plot.plotItem.titleLabel.text == plot.toolTip())

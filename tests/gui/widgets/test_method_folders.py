"""The methods' folders table shared by the Open dataset dialog and the agreement window."""

from __future__ import annotations

from PySide6.QtCore import Qt

from vesselview.gui.widgets.method_folders import MethodFolders


def test_rows_are_named_after_their_folder_unless_named(qtbot):
    table = MethodFolders(("Method", "Results folder"))
    qtbot.addWidget(table)
    table.add_method("/data/results/unet/")
    table.add_method("/data/results/second", "  human  ")
    assert table.rows() == [("unet", "/data/results/unet/"), ("human", "/data/results/second")]


def test_chosen_folders_are_read_as_chosen_and_cannot_be_typed_in(qtbot):
    table = MethodFolders(("Method", "Results folder"), folders_editable=False)
    qtbot.addWidget(table)
    table.add_method("/data/odd folder ", "odd")
    assert table.rows() == [("odd", "/data/odd folder ")]
    assert not table.item(0, 1).flags() & Qt.ItemFlag.ItemIsEditable
    assert table.item(0, 0).flags() & Qt.ItemFlag.ItemIsEditable


def test_typed_rows_are_trimmed_replaced_and_removed(qtbot):
    table = MethodFolders(("method", "predictions folder"))
    qtbot.addWidget(table)
    table.set_methods({"a": " /x/a ", "b": "/x/b"})
    table.insertRow(2)  # a row the user added and left empty
    assert table.rows() == [("a", "/x/a"), ("b", "/x/b"), ("", "")]
    table.selectRow(0)
    table.remove_selected()
    assert table.rows() == [("b", "/x/b"), ("", "")]
    table.set_methods({"c": "/x/c"})
    assert table.rows() == [("c", "/x/c")]


def test_a_parent_folder_adds_each_sub_folder_once(qtbot, tmp_path):
    for name in ("soares", "staal", ".cache"):
        (tmp_path / name).mkdir()
    table = MethodFolders(("Method", "Results folder"), folders_editable=False)
    qtbot.addWidget(table)
    table.add_method(str(tmp_path / "staal"), "Staal 2004")
    assert table.add_parent(str(tmp_path)) == ["soares"]
    assert table.rows() == [("Staal 2004", str(tmp_path / "staal")),
                            ("soares", str(tmp_path / "soares"))]

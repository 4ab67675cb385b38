"""A table of methods' result folders: one row per method, its name and its folder; a
methods parent folder adds a row per sub-folder.

Used by the Open dataset dialog and the agreement window, which both ask for the
``--predictions NAME=DIR`` pairs of ``vesselview-eval``.
"""

from __future__ import annotations

import os
from collections.abc import Collection

from PySide6.QtWidgets import QAbstractItemView, QTableWidget, QTableWidgetItem, QWidget

from vesselview.app.method_folders import folder_key, sub_folders


class MethodFolders(QTableWidget):
    """Rows of (method name, folder); the name is editable, the folder when asked.

    Parameters
    ----------
    headers : tuple of str
        The two column titles.
    folders_editable : bool
        Whether the folder cells can be typed in (else only chosen in a dialog).
    parent : QWidget, optional
    """

    def __init__(self, headers: tuple[str, str], *, folders_editable: bool = True,
                 parent: QWidget | None = None) -> None:
        super().__init__(0, 2, parent)
        self._folders_editable = folders_editable
        self.setHorizontalHeaderLabels(list(headers))
        self.horizontalHeader().setStretchLastSection(True)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)

    def add_method(self, folder: str, name: str | None = None) -> None:
        """One more row: ``folder`` named ``name`` (default: the folder's own name)."""
        row = self.rowCount()
        self.insertRow(row)
        self.setItem(row, 0, QTableWidgetItem(
            name or os.path.basename(os.path.normpath(folder))))
        path = QTableWidgetItem(folder)
        if not self._folders_editable:
            path.setFlags(path.flags() & ~path.flags().ItemIsEditable)
        self.setItem(row, 1, path)
        self.resizeColumnToContents(0)  # whole method names; the folders take the rest

    def add_parent(self, parent: str, leave_out: Collection[str] = ()) -> list[str]:
        """One more row per sub-folder of ``parent`` (a methods parent folder), named
        after it; folders already listed or in ``leave_out`` (e.g. the dataset's own
        folder) are skipped. Returns the added methods' names.

        Raises
        ------
        InputError
            When ``parent`` cannot be listed or has no sub-folder (the message names it).
        """
        skipped = {folder_key(folder) for folder in leave_out} | {
            folder_key(folder) for _name, folder in self.rows()}
        added = {name: folder for name, folder in sub_folders(parent).items()
                 if folder_key(folder) not in skipped}
        for name, folder in added.items():
            self.add_method(folder, name)
        return list(added)

    def set_methods(self, folders: dict[str, str]) -> None:
        """Replace every row with ``folders`` (method name -> folder)."""
        self.setRowCount(0)
        for name, folder in folders.items():
            self.add_method(folder, name)

    def rows(self) -> list[tuple[str, str]]:
        """(name, folder) of every row; spaces around a name, or a typed folder, removed."""
        return [(self._cell(row, 0).strip(), self._cell(row, 1) if not self._folders_editable
                 else self._cell(row, 1).strip()) for row in range(self.rowCount())]

    def remove_selected(self) -> None:
        """Remove the selected rows."""
        for row in sorted({index.row() for index in self.selectedIndexes()}, reverse=True):
            self.removeRow(row)

    def _cell(self, row: int, column: int) -> str:
        item = self.item(row, column)  # typed rows may leave a cell unset
        return item.text() if item is not None else ""

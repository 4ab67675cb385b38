"""The inspector, the case browser and ``vesselview-eval`` name the same observer and
reference choice alike in their provenance records: ``--observer``'s number and
``--references``' choice."""

from __future__ import annotations

import json

import pytest

from tests.demo_dataset import write_demo_drive
from vesselview.app.dataset_browser import DatasetBrowser
from vesselview.app.inspector import Inspector
from vesselview.app.scheduler import Scheduler
from vesselview.app.window_provenance import dataset_provenance
from vesselview.cli.main import main
from vesselview.io.provenance_formats import read_provenance


@pytest.fixture(scope="module")
def drive(tmp_path_factory):
    return write_demo_drive(tmp_path_factory.mktemp("naming"), cases=1, methods=("good",),
                            second_observer=True)


def _cli_reference(drive, tmp_path, observer: int, references: str) -> dict:
    root, predictions = drive
    output = tmp_path / "cli.json"
    assert main(["--dataset", str(root), f"--predictions=good={predictions['good']}",
                 "--observer", str(observer), "--references", references, "--workers", "1",
                 "--output", str(output)]) == 0
    return dict(read_provenance(str(output)).reference)


def _window_references(drive, tmp_path, observer: int, references: str) -> tuple[dict, dict]:
    """The reference of the browser's table export and of the inspector's metrics export
    (the browser's pick shown in the inspector)."""
    browser = DatasetBrowser(Inspector(Scheduler(synchronous=True)), metrics=("dice",))
    assert browser.open(*drive, observer=observer)
    browser.set_references(references)
    assert browser.dataset is not None
    table = dataset_provenance("Case browser > Export table", browser.params,
                               browser.dataset, browser.references, "csv")
    output = tmp_path / "metrics.json"
    browser.inspector.export_metrics(str(output))
    inspector = json.loads(output.read_text())["provenance"]["reference"]
    return dict(table.reference), inspector


@pytest.mark.parametrize(("observer", "references"), [(1, "one"), (2, "one"), (1, "each"),
                                                      (1, "majority")])
def test_inspector_browser_and_cli_record_the_same_observer(drive, tmp_path, observer,
                                                             references):
    cli = _cli_reference(drive, tmp_path, observer, references)
    assert cli == {"observer": observer, "references": references, "classes": None}
    browser, inspector = _window_references(drive, tmp_path, observer, references)
    assert browser == cli
    # the inspector shows one reference: "each" opens against the chosen observer
    assert inspector == (cli if references != "each" else {**cli, "references": "one"})

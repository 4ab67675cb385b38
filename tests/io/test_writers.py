"""`vesselview.io.writers` and `vesselview.io.summary`: records, JSON, CSV, PNG, statistics."""

from __future__ import annotations

import csv
import io
import json
import math

import numpy as np
import pytest
from PIL import Image

from vesselview.engine.keys import METRIC_KEYS
from vesselview.engine.params import PARAM_SPECS, Params
from vesselview.engine.result import Result
from vesselview.io import result_record, summarise, write_csv, write_json, write_png
from vesselview.io.strict_json import INFINITE_REASON, decode_number, encode_number
from vesselview.io.writers import CSV_COLUMNS, error_record, fov_source

SOURCES = {"reference": "r.gif", "candidate": "c.png", "fov": "", "fundus": ""}


DEFAULT_PARAMS = Params()


def _result(params: Params = DEFAULT_PARAMS, **metrics: float) -> Result:
    values = {key: 0.5 for key in METRIC_KEYS} | metrics
    reasons = {key: "reference is empty" for key, value in values.items() if math.isnan(value)}
    return Result(params=params, version="9.9", metrics=values, undefined=reasons)


def _record(id: str = "01", params: Params = DEFAULT_PARAMS, **metrics: float) -> dict:
    return result_record(_result(params, **metrics), id=id, sources=SOURCES)


@pytest.mark.parametrize(
    ("value", "encoded", "reason"),
    [(0.25, 0.25, None), (math.nan, None, None), (math.inf, None, INFINITE_REASON),
     (-math.inf, None, "-inf: below every value"), (3, 3, None), (np.float32(0.5), 0.5, None),
     (np.int64(2), 2, None)],
)
def test_number_encoding_round_trips(value, encoded, reason):
    assert encode_number(value) == encoded
    assert type(encode_number(value)) is type(encoded)
    decoded = decode_number(encoded, reason)
    assert decoded == value or (math.isnan(decoded) and math.isnan(value))


def test_record_shape_and_encoding():
    record = _record(se=math.nan, hausdorff=math.inf, dice=0.1 + 0.2)
    assert list(record) == ["id", "method", "reference", "candidate", "fov", "fov_source",
                            "ignore", "observer", "references", "flags", "spacing_um",
                            "spacing_source", "fov_diameter_px", "junction_source", "params",
                            "lengths", "metrics", "metrics_um", "undefined", "error"]
    assert (record["method"], record["fov_source"], record["observer"], record["error"]) == (
        None, "none", None, None)
    assert record["fov"] is None and record["candidate"] == "c.png"
    assert list(record["metrics"]) == list(METRIC_KEYS)
    assert record["metrics"]["se"] is None and record["metrics"]["hausdorff"] is None
    assert record["metrics"]["dice"] == 0.30000000000000004
    assert {key: reason for key, reason in record["undefined"].items() if key in METRIC_KEYS
            } == {"se": "reference is empty", "hausdorff": INFINITE_REASON}
    assert record["params"] == Params().to_dict()


def test_record_of_a_case_built_without_sources():
    record = result_record(_result(), id="x", sources={})
    assert (record["reference"], record["candidate"], record["fov"]) == (None, None, None)
    stream = io.StringIO()
    write_csv([record], stream)
    assert stream.getvalue().splitlines()[1].startswith("x,,,,,none,,,one,,,,,skeleton,2,")


def test_json_document_is_strict_json_and_exact():
    stream = io.StringIO()
    write_json([_record(se=math.nan, dice=1 / 3)], Params(t=3), stream, summary=[],
               version="1.2.3")
    assert "NaN" not in stream.getvalue() and "Infinity" not in stream.getvalue()
    document = json.loads(stream.getvalue())
    assert list(document) == ["vesselview", "params", "results", "summary"]
    assert document["vesselview"] == "1.2.3" and document["params"]["t"] == 3
    assert document["results"][0]["metrics"]["dice"] == 1 / 3
    assert document["results"][0]["metrics"]["se"] is None


def test_json_without_summary_has_no_summary_key():
    stream = io.StringIO()
    write_json([], Params(), stream)
    assert "summary" not in json.loads(stream.getvalue())


def test_csv_columns_and_cells():
    stream = io.StringIO()
    write_csv([_record(se=math.nan, hausdorff=math.inf, dice=1 / 3)], stream, version="1.2.3")
    rows = list(csv.reader(io.StringIO(stream.getvalue())))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert rows[0][:14] == ["id", "method", "reference", "candidate", "fov", "fov_source",
                            "ignore", "observer", "references", "flags", "spacing_um",
                            "spacing_source", "fov_diameter_px", "junction_source"]
    assert rows[0][14:14 + len(PARAM_SPECS)] == list(PARAM_SPECS)
    assert rows[0][-2:] == ["vesselview_version", "error"]
    row = dict(zip(rows[0], rows[1], strict=True))
    assert row["id"] == "01" and row["reference"] == "r.gif"
    assert row["se"] == "" and row["hausdorff"] == "inf"
    assert float(row["dice"]) == 1 / 3
    assert row["t"] == "2" and row["cal_fov"] == "false" and row["distance"] == "euclidean"
    assert float(row["fom_k"]) == 1 / 9
    assert row["vesselview_version"] == "1.2.3" and row["error"] == ""
    assert (row["method"], row["fov"], row["fov_source"], row["observer"]) == ("", "", "none", "")
    assert len(rows) == 2


@pytest.mark.parametrize(("fov", "source"), [
    ("", "none"), ("masks/01_mask.gif", "file"), ("estimated from fundus/01.tif", "estimated")])
def test_fov_source(fov, source):
    assert fov_source({"fov": fov}) == source
    record = result_record(_result(), id="01", sources={**SOURCES, "fov": fov},
                           method="Soares", observer=2)
    assert (record["fov_source"], record["method"], record["observer"]) == (source, "Soares", 2)


def test_error_records_hold_the_reason_and_no_metric():
    failed = error_record("pairs.csv line 3, id 'b': b.png: truncated", Params(t=1), id="b",
                          sources={"reference": "r.gif", "candidate": "b.png", "fov": None})
    assert list(failed) == list(_record())
    assert failed["error"] == "pairs.csv line 3, id 'b': b.png: truncated"
    assert set(failed["metrics"].values()) == {None} and failed["params"]["t"] == 1
    stream = io.StringIO()
    write_csv([_record("a"), failed], stream)
    rows = list(csv.DictReader(io.StringIO(stream.getvalue())))
    assert [row["error"] for row in rows] == ["", "pairs.csv line 3, id 'b': b.png: truncated"]
    assert rows[1]["dice"] == "" and rows[1]["candidate"] == "b.png" and rows[1]["t"] == "1"
    (group,) = summarise([_record("a", dice=0.2), failed])  # failed rows are left out
    assert group["n"] == 1 and group["mean"]["dice"] == 0.2


def test_csv_summary_rows():
    records = [_record("a", dice=0.2), _record("b", dice=0.4)]
    stream = io.StringIO()
    write_csv(records, stream, summary=summarise(records))
    rows = list(csv.DictReader(io.StringIO(stream.getvalue())))
    assert [row["id"] for row in rows] == ["a", "b", "summary:mean", "summary:std",
                                          "summary:median"]
    mean, std, median = rows[2:]
    assert float(mean["dice"]) == pytest.approx(0.3)
    assert float(std["dice"]) == pytest.approx(math.sqrt(0.02))
    assert float(median["dice"]) == pytest.approx(0.3)
    assert mean["reference"] == "" and mean["t"] == "2"


def test_summary_statistics_by_hand():
    # dice over three pairs: 0.2, 0.4, undefined -> mean 0.3, std sqrt(0.02), median 0.3.
    records = [_record("a", dice=0.2), _record("b", dice=0.4), _record("c", dice=math.nan)]
    (group,) = summarise(records)
    assert group["n"] == 3 and group["params"] == Params().to_dict()
    assert group["mean"]["dice"] == pytest.approx(0.3)
    assert group["std"]["dice"] == pytest.approx(math.sqrt(0.02))
    assert group["median"]["dice"] == pytest.approx(0.3)
    assert group["mean"]["se"] == 0.5 and group["std"]["se"] == 0.0


def test_summary_undefined_and_infinite_values():
    records = [_record("a", se=math.nan, hausdorff=1.0), _record("b", se=math.nan,
                                                                hausdorff=math.inf)]
    (group,) = summarise(records)
    assert group["mean"]["se"] is None and group["median"]["se"] is None
    assert group["mean"]["hausdorff"] is None and group["std"]["hausdorff"] is None
    assert group["undefined"]["mean"]["hausdorff"].startswith("+inf:")
    assert group["undefined"]["std"]["hausdorff"].startswith("undefined:")
    assert group["undefined"]["median"] == {"se": group["undefined"]["mean"]["se"],
                                            "hausdorff": group["undefined"]["mean"]["hausdorff"]}
    (single,) = summarise(records[:1])
    assert single["std"]["dice"] is None and single["mean"]["dice"] == 0.5


def test_summary_groups_by_params_in_first_seen_order():
    t3, t1 = Params(t=3), Params(t=1)
    records = [_record("a", t3, dice=0.1), _record("a", t1, dice=0.9),
               _record("b", t3, dice=0.3)]
    groups = summarise(records)
    assert [group["params"]["t"] for group in groups] == [3, 1]
    assert [group["n"] for group in groups] == [2, 1]
    assert groups[0]["mean"]["dice"] == pytest.approx(0.2)
    assert summarise([]) == []


@pytest.mark.parametrize(
    "image",
    [
        np.arange(12, dtype=np.uint8).reshape(3, 4),
        np.arange(36, dtype=np.uint8).reshape(3, 4, 3),
        np.arange(48, dtype=np.uint8).reshape(3, 4, 4),
    ],
)
def test_png_round_trip(tmp_path, image):
    write_png(tmp_path / "o.png", image)
    with Image.open(tmp_path / "o.png") as written:
        np.testing.assert_array_equal(np.asarray(written), image)


def test_png_of_bool_mask(tmp_path):
    write_png(tmp_path / "m.png", np.array([[True, False]]))
    with Image.open(tmp_path / "m.png") as written:
        np.testing.assert_array_equal(np.asarray(written), [[255, 0]])


@pytest.mark.parametrize(
    "image", [np.zeros((2, 2)), np.zeros((2, 2, 2), np.uint8), np.zeros((0, 3), np.uint8)]
)
def test_png_refuses_other_arrays(tmp_path, image):
    with pytest.raises(ValueError, match="uint8"):
        write_png(tmp_path / "o.png", image)

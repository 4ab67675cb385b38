"""Arguments of the public API are what they say: a bool (or numpy.bool_) for a yes/no,
a `Params` for parameters, a list for metric keys; never a look-alike.

``load_case(..., invert_candidate="no")`` used to invert the candidate, since a
non-empty string is true. Every bool argument now refuses anything but a bool with a
`TypeError` (`ParamsError` for `Params`) naming the argument and the value.
"""

from __future__ import annotations

import numpy as np
import pytest

import vesselview as vv
from tests.engine.cases import small_case
from tests.io import dataset_files as files
from vesselview.errors import InputError, ParamsError
from vesselview.research.sweep import sweep
from vesselview.synth import demo_case

REFERENCE = np.zeros((8, 8), bool)
REFERENCE[2:6, 3] = True
LOOK_ALIKES = ["no", "False", 0, 1, None, np.array([True, False])]


@pytest.mark.parametrize("argument", ["invert_reference", "invert_candidate"])
@pytest.mark.parametrize("value", LOOK_ALIKES, ids=repr)
def test_load_case_refuses_a_look_alike_bool(argument, value):
    with pytest.raises(TypeError) as raised:
        vv.load_case(REFERENCE, REFERENCE, **{argument: value})
    assert str(raised.value) == (f"{argument} must be True or False, got {value!r} "
                                 f"({type(value).__name__})")


def test_invert_candidate_no_used_to_invert_and_now_stops():
    with pytest.raises(TypeError, match="invert_candidate must be True or False, got 'no'"):
        vv.load_case(REFERENCE, REFERENCE, invert_candidate="no")


@pytest.mark.filterwarnings("ignore::vesselview.io.PolarityWarning")  # inverted: mostly vessel
@pytest.mark.parametrize("flag", [np.True_, np.False_, True, False])
def test_numpy_bools_are_bools(flag):
    case = vv.load_case(REFERENCE, REFERENCE, invert_candidate=flag)
    expected = ~REFERENCE if flag else REFERENCE
    np.testing.assert_array_equal(case.candidate, expected)


@pytest.mark.parametrize("key", ["distance_fov", "cal_fov"])
@pytest.mark.parametrize("value", LOOK_ALIKES, ids=repr)
def test_params_flags_refuse_look_alikes(key, value):
    with pytest.raises(ParamsError, match=rf"parameter {key}: expected True or False, got"):
        vv.Params(**{key: value})


def test_params_flags_take_numpy_bools_as_bools():
    params = vv.Params(distance_fov=np.True_, cal_fov=np.array(False))
    assert params.distance_fov is True and params.cal_fov is False


@pytest.mark.parametrize("value", [np.True_, True])
def test_a_numpy_bool_is_no_number(value):
    with pytest.raises(ParamsError, match="parameter t: expected a number"):
        vv.Params(t=value)


def test_dataset_case_load_refuses_look_alikes(tmp_path):
    with pytest.raises(TypeError, match="estimate_fov must be True or False, got 'yes' \\(str\\)"):
        vv.open_dataset(files.write_chase(tmp_path / "CHASE"), estimate_fov="yes")
    case = vv.open_dataset(files.write_chase(tmp_path / "CHASE")).case("Image_01L")
    with pytest.raises(TypeError, match="invert_candidate must be True or False, got 0"):
        case.load("observer2", invert_candidate=0)


def test_open_dataset_observer_true_is_not_observer_one(tmp_path):
    with pytest.raises(InputError, match="observer must be 1 or 2, not True"):
        vv.open_dataset(files.write_chase(tmp_path / "CHASE"), observer=True)


def test_sweep_result_flags_and_demo_case_refuse_look_alikes():
    result = sweep(small_case(), "t", [1, 2])
    with pytest.raises(TypeError, match="per_case must be True or False, got 'yes'"):
        result.forward_differences(per_case="yes")
    with pytest.raises(TypeError, match="differences must be True or False, got 1"):
        result.to_rows(differences=1)
    with pytest.raises(TypeError, match="soft must be True or False, got 'no'"):
        demo_case((64, 64), soft="no")


def test_evaluate_refuses_a_dict_for_params_and_a_string_for_metrics():
    case = small_case()
    with pytest.raises(TypeError, match=r"params must be a vesselview.Params, got dict; build "
                                        r"one with Params\(t=3\) or Params.from_mapping"):
        vv.evaluate(case, {"t": 3})
    with pytest.raises(TypeError, match=r"metrics must be a list of metric keys, got the "
                                        r"string 'dice'; write metrics=\['dice'\]"):
        vv.evaluate(case, metrics="dice")

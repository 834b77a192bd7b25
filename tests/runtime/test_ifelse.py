"""``ifelse(cond, a, b)``: the branch ``if`` would take, traced, or an error naming why not.

It is what acclint's ACC201 fix writes in runtime code (docs/fix.md), so each refusal is checked
on every call and every trace build, whichever branch the condition picks.
"""

import numpy as np
import pytest

from acclint.runtime import (dims, dlaccelerate, dlarray, dlfeval, dlgradient, ifelse, mean,
                             record_hazards, relu, sqrt, sum, where)

X = dlarray(np.array([[1.0, -2.0], [3.0, 0.5]], np.float32), "CB")
LOGICAL = dlarray(np.array([True, False]))


def test_it_is_the_branch_the_condition_picks_with_its_type_size_and_format():
    for cond, want in ((mean(X) > 0, X * 2.0), (mean(X) < 0, X - 1.0)):
        got = ifelse(cond, X * 2.0, X - 1.0)
        assert dims(got) == "CB" and got._data.aval == want._data.aval
        np.testing.assert_array_equal(np.asarray(got._data), np.asarray(want._data))
    # numbers, as `if c: y = 0.5 else: y = 2.0` gives them
    assert float(ifelse(mean(X) > 0, 0.5, 2.0)) == 0.5
    # a condition of one element in any shape, as `if` takes it
    assert float(ifelse(dlarray(np.array([[False]])), 0.5, 2.0)) == 2.0


@pytest.mark.parametrize(("a", "b", "error", "says"), [
    (relu(LOGICAL), 0.1 * LOGICAL, TypeError, "data type (weak int32 and weak float32)"),
    (X, 0.0, TypeError, "data type (float32 and weak float32)"),
    (X, X[0], ValueError, "size or format"),
    (X, dlarray(np.asarray(X._data), "SB"), ValueError, "size or format"),
])
def test_branches_of_another_type_size_or_format_raise_whichever_is_picked(a, b, error, says):
    for cond in (mean(X) > 0, mean(X) < 0):
        with pytest.raises(error, match="ifelse's branches differ") as info:
            ifelse(cond, a, b)
        assert says in str(info.value)
    assert where(mean(X) > 0, X, 0.0) is not None  # where promotes and broadcasts instead


def test_a_condition_of_several_elements_raises():
    with pytest.raises(ValueError, match="one element, as if does; this one has 4"):
        ifelse(X > 0, X, -X)


def test_an_accelerated_function_picks_by_value_on_every_call_and_records_no_hazard():
    @dlaccelerate
    def gate(x):
        return ifelse(mean(x) > 0, relu(x), 0.1 * x)

    with record_hazards() as log:
        first, second = gate(X), gate(-X)  # one trace: the second call replays it
    assert gate.hit_rate == 50 and not log.hazards
    np.testing.assert_allclose(np.asarray(first._data), np.asarray(relu(X)._data))
    np.testing.assert_allclose(np.asarray(second._data), np.asarray((0.1 * -X)._data))
    with pytest.raises(TypeError, match="ifelse's branches differ"):
        gate(LOGICAL)  # a new trace key: built, and refused, whichever branch it would take


def test_gradients_are_those_of_the_branch_picked_where_the_other_has_bounded_derivatives():
    def loss(x):
        return dlgradient(sum(ifelse(mean(x) > 0, relu(x), 0.1 * x)), x)

    np.testing.assert_allclose(np.asarray(dlfeval(loss, X)._data), [[1.0, 0.0], [1.0, 1.0]])
    np.testing.assert_allclose(np.asarray(dlfeval(loss, -X)._data), np.full((2, 2), 0.1))


def test_the_branch_not_picked_is_computed_so_an_inf_derivative_there_gives_nan():
    """The sharp edge its docstring names: as `where`, it multiplies the derivative of the
    branch not picked by zero (sqrt at 0: inf), so acclint's fix does not write it there."""
    x = dlarray(np.array([0.0, 4.0], np.float32))

    def loss(x):
        return dlgradient(sum(ifelse(mean(x) < 0, sqrt(x), x)), x)

    assert np.isnan(np.asarray(dlfeval(loss, x)._data)[0])

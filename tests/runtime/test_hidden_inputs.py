"""Issue 26, the runtime bullet: check_mode="tolerance" names a module global read by the
accelerated function and changed since its trace was built as an ACC6 hazard at the read."""

import warnings

import jax.numpy as jnp
import pytest

from acclint.runtime import AccelerationCheckWarning, dlaccelerate, dlarray, rand, size

SCALE = 2.0
OFFSETS = [1.0]
STEPS = 0


def scaled(x):
    return x * SCALE  # reads SCALE


def shifted(x):
    return x + OFFSETS[0]  # reads OFFSETS


def noisy(x):
    return x * SCALE + rand(size(x))  # a frozen draw, SCALE unchanged


def counting(x):
    global STEPS
    STEPS += 1  # ACC4's finding, not ACC6's
    return x * STEPS


def vec(*values):
    return dlarray(jnp.array(values, dtype=jnp.float32), "C")


def acc6(acc):
    return [h for h in acc.hazards if h.family == "ACC6"]


@pytest.fixture
def restore_globals():
    yield
    global SCALE, STEPS
    SCALE, STEPS = 2.0, 0
    OFFSETS[:] = [1.0]


def test_a_rebound_global_is_named_at_its_read(restore_globals, line_of):
    global SCALE
    acc = dlaccelerate(scaled, check_mode="tolerance")
    acc(vec(1, 2))
    SCALE = 3.0
    with pytest.warns(AccelerationCheckWarning, match="global 'SCALE' changed since the build"):
        acc(vec(1, 2))
    [hazard] = acc6(acc)
    assert (hazard.filename, hazard.lineno) == (__file__, line_of(scaled, "reads SCALE"))
    assert "module global 'SCALE' changed after the trace was built" in hazard.message


def test_a_global_list_changed_in_place_is_named(restore_globals, line_of):
    acc = dlaccelerate(shifted, check_mode="tolerance")
    acc(vec(1, 2))
    OFFSETS[0] = 5.0
    with pytest.warns(AccelerationCheckWarning):
        acc(vec(1, 2))
    assert [h.lineno for h in acc6(acc)] == [line_of(shifted, "reads OFFSETS")]


def test_an_unchanged_global_is_not_blamed_for_another_cause():
    acc = dlaccelerate(noisy, check_mode="tolerance")
    acc(vec(0, 0))
    with pytest.warns(AccelerationCheckWarning) as caught:
        acc(vec(0, 0))
    assert "changed since the build" not in str(caught[0].message)
    assert acc6(acc) == [] and [h.family for h in acc.hazards] == ["ACC1"]


def test_no_acc6_when_the_outputs_agree_or_the_global_is_written_by_the_function(
        restore_globals):
    acc = dlaccelerate(scaled, check_mode="tolerance")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        acc(vec(1))
        acc(vec(1))
    assert acc6(acc) == []
    writer = dlaccelerate(counting, check_mode="tolerance")
    writer(vec(1))
    with pytest.warns(AccelerationCheckWarning):
        writer(vec(1))  # the check's rerun increments STEPS: a difference, but ACC4's
    assert acc6(writer) == [] and "ACC4" in [h.family for h in writer.hazards]

"""Issue 19, point 3: dlaccelerate says why it built a new trace (which input, what changed, old
and new, against the closest cached key) and warns after a run of consecutive new traces."""

import warnings

import jax.numpy as jnp
import numpy as np
import pytest

from acclint.runtime import (AcceleratedFunction, RetraceWarning, dlaccelerate, dlarray,
                             dlfeval, sum)
from acclint.runtime.retrace import Change


def vec(*values, fmt="C", dtype=jnp.float32):
    return dlarray(jnp.array(values, dtype=dtype), fmt)


def scale(x, k):
    return x * k


def only_change(acc):
    miss = acc.last_miss
    assert miss is not None and len(miss.changes) == 1, miss
    return miss.changes[0]


def test_the_first_trace_and_cache_hits_are_not_misses():
    acc = dlaccelerate(scale)
    acc(vec(1, 2), 2)
    acc(vec(3, 4), 2)
    assert acc.misses == [] and acc.last_miss is None


@pytest.mark.parametrize("new, what, old_text, new_text", [
    (vec(1, 2, 3), "size", "(2,)", "(3,)"),
    (vec(1, 2, fmt="B"), "format", "'C'", "'B'"),
    (vec(1, 2, dtype=jnp.float16), "dtype", "float32", "float16"),
])
def test_a_dlarray_change_names_the_argument_and_the_old_and_new_values(
        new, what, old_text, new_text):
    acc = dlaccelerate(scale)
    acc(vec(1, 2), 2)
    acc(new, 2)
    assert only_change(acc) == Change("argument 'x' (position 0)", what, old_text, new_text)
    assert str(acc.last_miss) == (f"new trace of scale because argument 'x' (position 0): "
                                  f"{what} {old_text} -> {new_text}")


def test_a_changed_value_of_a_non_dlarray_input_is_named_with_both_values():
    acc = dlaccelerate(scale)
    acc(vec(1, 2), 2)
    acc(vec(1, 2), 3)
    assert only_change(acc) == Change("argument 'k' (position 1)", "value", "2", "3")
    acc(vec(1, 2), 3.5)  # a new type is told apart from a new value
    assert only_change(acc) == Change("argument 'k' (position 1)", "type", "int 3",
                                      "float 3.5")


def test_a_keyword_argument_is_named_by_its_keyword():
    acc = dlaccelerate(lambda x, *, lr: x * lr)
    acc(vec(1), lr=0.1)
    acc(vec(1), lr=0.01)
    assert only_change(acc) == Change("keyword argument 'lr'", "value", "0.1", "0.01")


def test_a_nested_input_is_named_by_its_path_inside_the_argument():
    acc = dlaccelerate(lambda batch: sum(batch["tokens"][0]) + sum(batch["tokens"][1]))
    acc({"tokens": [vec(1, 2), vec(3, 4)]})
    acc({"tokens": [vec(1, 2), vec(3, 4, 5)]})
    assert only_change(acc) == Change("argument 'batch' (position 0) at ['tokens'][1]", "size",
                                      "(2,)", "(3,)")


def test_a_changed_structure_and_whether_dlfeval_traces_an_input_are_named():
    acc = dlaccelerate(lambda xs: xs[0])
    acc((vec(1),))
    acc((vec(1), vec(2)))
    assert only_change(acc).what == "structure"
    loss = dlaccelerate(lambda x: sum(x * x))
    loss(vec(1, 2))
    dlfeval(lambda x: loss(x), vec(1, 2))
    assert only_change(loss) == Change("argument 'x' (position 0)", "traced by dlfeval",
                                       "False", "True")


def test_the_miss_is_explained_against_the_closest_cached_key():
    acc = dlaccelerate(lambda x, k, mode: x * k)
    acc(vec(1, 2), 1, "train")
    acc(vec(1, 2, 3), 2, "eval")  # differs from the first in all three inputs
    acc(vec(1, 2, 3), 3, "eval")  # closest: the second call, one input differs
    assert only_change(acc) == Change("argument 'k' (position 1)", "value", "2", "3")
    assert [len(m.changes) for m in acc.misses] == [3, 1]


def test_arrays_that_are_not_dlarrays_are_shown_by_content():
    acc = dlaccelerate(lambda x, w: x * float(w.sum()))
    acc(vec(1), np.array([1.0, 2.0]))
    acc(vec(1), np.array([1.0, 3.0]))
    assert only_change(acc) == Change("argument 'w' (position 1)", "value",
                                      "array([1., 2.])", "array([1., 3.])")


def test_clear_cache_forgets_the_misses():
    acc = dlaccelerate(scale)
    acc(vec(1), 1)
    acc(vec(1), 2)
    assert len(acc.misses) == 1
    acc.clear_cache()
    acc(vec(1), 3)
    assert acc.misses == []


def call_with_new_values(acc, values):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for k in values:
            acc(vec(1, 2), k)  # the line the warning points at
    return [w for w in caught if issubclass(w.category, RetraceWarning)]


def test_a_warning_after_n_consecutive_new_traces_and_not_before():
    n = AcceleratedFunction.RETRACE_WARNING_AFTER
    assert n == 5
    acc = dlaccelerate(scale)
    assert call_with_new_values(acc, range(n)) == []  # a first trace and n - 1 new ones
    caught = call_with_new_values(acc, [n])
    assert len(caught) == 1
    message = str(caught[0].message)
    assert message.startswith(f"scale built a new trace on each of its last {n} calls")
    assert f"argument 'k' (position 1): value {n - 1} -> {n}" in message
    assert "pass values that vary between calls (an iteration count, a learning rate) as " \
           "dlarray" in message
    assert caught[0].filename == __file__
    assert call_with_new_values(acc, range(n + 1, 3 * n)) == []  # once until clear_cache()
    acc.clear_cache()
    assert len(call_with_new_values(acc, range(n + 1))) == 1


def test_the_warning_for_new_sizes_advises_padding():
    acc = dlaccelerate(lambda x: x + 1)
    with pytest.warns(RetraceWarning, match="pad sequences and batches to a few lengths"):
        for length in range(1, AcceleratedFunction.RETRACE_WARNING_AFTER + 2):
            acc(vec(*range(length)))


def test_a_cache_hit_breaks_the_run_of_new_traces():
    n = AcceleratedFunction.RETRACE_WARNING_AFTER
    acc = dlaccelerate(scale)
    values = list(range(n)) + [0] + list(range(n, 2 * n - 1))  # a hit after n - 1 new traces
    assert call_with_new_values(acc, values) == []
    assert len(acc.misses) == 2 * n - 2


def test_no_warning_when_calls_alternate_between_two_cached_keys():
    acc = dlaccelerate(scale)
    assert call_with_new_values(acc, [1, 2] * 20) == []
    assert len(acc.misses) == 1 and acc.hit_rate == 95


def test_a_changed_structure_is_shown_where_it_first_differs():
    acc = dlaccelerate(lambda opts: opts["x"])
    acc({"x": vec(1), "pad": tuple(range(30))})
    acc({"x": vec(1), "pad": tuple(range(30)), "z": 1})
    change = only_change(acc)
    assert change.what == "structure" and change.old.startswith("...")
    assert "'z'" in change.new and "'z'" not in change.old

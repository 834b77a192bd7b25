"""dlaccelerate: trace keys, baked-in semantics, properties, check mode, cache limits, threads."""

import threading
import warnings

import jax.numpy as jnp
import numpy as np
import pytest

from acclint.runtime.counters import Counter
from acclint.runtime import (AccelerationCheckWarning, AcceleratedFunction, CacheFullWarning,
                             dlaccelerate, dlarray, dlfeval, dlgradient, extractdata, rand,
                             size, sum)


def vec(*values, fmt="C"):
    return dlarray(jnp.array(values, dtype=jnp.float32), fmt)


def test_one_trace_is_occupancy_two_and_hits_are_counted():
    acc = dlaccelerate(lambda x: x * 2 + 1)
    assert isinstance(acc, AcceleratedFunction) and acc.cache_size == 50
    acc(vec(1, 2))
    assert acc.occupancy == 2 and acc.hit_rate == 0
    y = acc(vec(5, 6))  # same size, format and dtype: replayed
    np.testing.assert_array_equal(extractdata(y), [11, 13])
    assert acc.occupancy == 2 and acc.hit_rate == 50


@pytest.mark.parametrize("other", [
    vec(1, 2, 3),                                        # size
    vec(1, 2, fmt="B"),                                  # format
    dlarray(jnp.array([1, 2], dtype=jnp.float16), "C"),  # dtype
])
def test_dlarray_size_format_and_dtype_are_in_the_key(other):
    acc = dlaccelerate(lambda x: x + 1)
    acc(vec(1, 2))
    acc(other)
    assert acc.occupancy == 4 and acc.hit_rate == 0


def test_values_of_other_inputs_and_structure_are_in_the_key():
    acc = dlaccelerate(lambda x, k, *, opts: x * k + opts["shift"])
    acc(vec(1), 2, opts={"shift": 1})
    acc(vec(9), 2, opts={"shift": 1})
    assert acc.hit_rate == 50
    assert float(acc(vec(1), 3, opts={"shift": 1})[0]) == 4  # new value: new trace
    acc(vec(1), np.array([1.0, 2.0]), opts={"shift": 1})
    acc(vec(1), np.array([1.0, 3.0]), opts={"shift": 1})  # arrays are keyed by content
    assert acc.occupancy == 8


def test_unhashable_inputs_are_a_clear_error():
    class Opaque:
        __hash__ = None

    acc = dlaccelerate(lambda x, o: x)
    with pytest.raises(TypeError, match="neither a dlarray nor hashable"):
        acc(vec(1), Opaque())


def test_control_flow_is_baked_in():
    def fun(x):
        if sum(x) > 0:
            return x * 2
        return x * -1

    acc = dlaccelerate(fun)
    np.testing.assert_array_equal(extractdata(acc(vec(1, 2))), [2, 4])
    np.testing.assert_array_equal(extractdata(acc(vec(-1, -2))), [-2, -4])  # branch kept
    np.testing.assert_array_equal(extractdata(fun(vec(-1, -2))), [1, 2])


def test_print_happens_only_when_the_trace_is_built(capsys):
    def fun(x):
        print("building")
        return x + 1

    acc = dlaccelerate(fun)
    acc(vec(1))
    acc(vec(2))
    acc(vec(3))
    assert capsys.readouterr().out == "building\n"


def test_extractdata_is_a_constant_in_the_replay():
    acc = dlaccelerate(lambda x: x + float(extractdata(x)[0]))
    acc(vec(1.0))
    np.testing.assert_array_equal(extractdata(acc(vec(10.0))), [11.0])  # 10 + baked 1


def noisy_unkeyed(x):
    return x + rand(size(x))


def noisy_keyed(x):
    return x + rand(size(x), like=x)


def test_noise_not_like_a_traced_value_warns_in_tolerance_mode():
    acc = dlaccelerate(noisy_unkeyed, check_mode="tolerance")
    x = vec(0, 0, 0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        first = acc(x)  # builds: nothing to compare yet
    with pytest.warns(AccelerationCheckWarning,
                      match="accelerated outputs differ from the underlying function's"):
        second = acc(x)
    np.testing.assert_array_equal(extractdata(first), extractdata(second))  # baked noise


def test_noise_like_a_traced_value_is_fresh_and_does_not_warn():
    acc = dlaccelerate(noisy_keyed, check_mode="tolerance")
    x = vec(0, 0, 0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        draws = [np.asarray(extractdata(acc(x))) for _ in range(3)]
    assert acc.hit_rate == pytest.approx(200 / 3)
    assert not np.array_equal(draws[0], draws[1]) and not np.array_equal(draws[1], draws[2])
    assert all(((d >= 0) & (d < 1)).all() for d in draws)


def test_check_tolerance_is_respected():
    acc = dlaccelerate(lambda x: x + float(extractdata(x)[0]) * 1e-6,
                       check_mode="tolerance", check_tolerance=1e-3)
    acc(vec(1.0))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        acc(vec(2.0))  # differs by 1e-6 only
    acc.check_tolerance = 0.0
    with pytest.warns(AccelerationCheckWarning):
        acc(vec(3.0))


def test_disabled_calls_the_function_directly(capsys):
    def fun(x):
        print("run")
        return x

    acc = dlaccelerate(fun, enabled=False)
    acc(vec(1))
    acc(vec(1))
    assert capsys.readouterr().out == "run\nrun\n" and acc.occupancy == 0
    assert acc.function is fun


def test_property_validation():
    acc = dlaccelerate(lambda x: x)
    for name, bad in (("check_mode", "strict"), ("check_tolerance", -1), ("cache_size", 0)):
        with pytest.raises(ValueError, match=name):
            setattr(acc, name, bad)


def test_full_cache_runs_new_keys_unaccelerated(capsys):
    def fun(x):
        print("run")
        return x * 2

    acc = dlaccelerate(fun, cache_size=2)
    acc(vec(1))
    acc(vec(1, 2))
    assert acc.occupancy == 100
    capsys.readouterr()
    with pytest.warns(CacheFullWarning, match="full"):
        y = acc(vec(1, 2, 3))
    np.testing.assert_array_equal(extractdata(y), [2, 4, 6])
    acc(vec(4, 5, 6))  # warned once only; runs the function again
    assert capsys.readouterr().out == "run\nrun\n" and acc.occupancy == 100
    acc(vec(7))  # cached traces are still replayed
    assert acc.hit_rate == pytest.approx(20)
    with pytest.raises(ValueError, match="clear_cache"):
        acc.cache_size = 1
    acc.clear_cache()
    assert acc.occupancy == 0 and acc.hit_rate == 0


def test_a_failing_build_leaves_no_entry():
    calls = []

    def fun(x):
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("first build fails")
        return x + 1

    acc = dlaccelerate(fun)
    with pytest.raises(RuntimeError, match="first build fails"):
        acc(vec(1))
    assert acc.occupancy == 0
    np.testing.assert_array_equal(extractdata(acc(vec(1))), [2])
    assert acc.occupancy == 2


def test_decorator_forms_and_methods():
    @dlaccelerate
    def plain(x):
        return x + 1

    @dlaccelerate(cache_size=3)
    def sized(x):
        return x + 2

    class Model:
        scale = 3.0

        def __hash__(self):
            return 0

        def __eq__(self, other):
            return isinstance(other, Model)

        @dlaccelerate
        def apply(self, x):
            return x * self.scale

    assert plain.__name__ == "plain" and sized.cache_size == 3
    assert float(plain(vec(1))[0]) == 2 and float(sized(vec(1))[0]) == 3
    assert float(Model().apply(vec(2))[0]) == 6
    assert isinstance(Model.apply, AcceleratedFunction) and Model.apply.occupancy == 2


def test_nested_accelerated_functions_are_part_of_the_outer_trace():
    inner = dlaccelerate(lambda x: x * 2)
    outer = dlaccelerate(lambda x: inner(x) + 1)
    outer(vec(1))
    outer(vec(2))
    assert outer.hit_rate == 50 and inner.occupancy == 0


def test_outputs_rebuild_the_returned_structure():
    acc = dlaccelerate(lambda x: {"y": x * 2, "n": int(size(x)[0]), "const": "tag"})
    acc(vec(1, 2))
    out = acc(vec(3, 4))
    assert out["n"] == 2 and out["const"] == "tag"
    np.testing.assert_array_equal(extractdata(out["y"]), [6, 8])


def loss_and_gradient(w, x):
    y = sum(w * x * x)
    return y, dlgradient(y, w)


def test_accelerated_loss_and_gradient_inside_dlfeval_match_eager():
    acc = dlaccelerate(loss_and_gradient)
    for values in ((1, 2), (3, 4), (5, 6)):
        w, x = vec(*values), vec(2, 3)
        fast = dlfeval(acc, w, x)
        slow = dlfeval(loss_and_gradient, w, x)
        assert float(fast[0]) == float(slow[0])
        np.testing.assert_array_equal(extractdata(fast[1]), extractdata(slow[1]))
    assert acc.hit_rate == pytest.approx(200 / 3)


def untraced(value):
    return value._grad is None and value._rec is None


def test_a_hit_of_dlfeval_returns_the_traced_runs_values_untraced():
    acc = dlaccelerate(loss_and_gradient)
    w, x = vec(1, 2), vec(2, 3)
    built = dlfeval(acc, w, x)
    replayed = dlfeval(acc, w, x)
    assert acc.hit_rate == 50 and acc.occupancy == 2
    for a, b in zip(built, replayed):
        np.testing.assert_array_equal(extractdata(a), extractdata(b))
        assert untraced(b) and b.fmt == a.fmt
    assert untraced(w) and untraced(x)  # dlfeval traces copies, never the caller's arrays


def test_dlfeval_does_not_replay_a_trace_built_for_untraced_inputs():
    acc = dlaccelerate(lambda x: x * 2)
    acc(vec(1, 2))  # outside dlfeval: x untraced, a key of its own
    assert acc.dlfeval_hit((vec(1, 2),), {}) is None and acc.hit_rate == 0  # nothing counted
    np.testing.assert_array_equal(extractdata(dlfeval(acc, vec(1, 2))), [2, 4])
    assert acc.occupancy == 4 and acc.hit_rate == 0
    dlfeval(acc, vec(3, 4))
    assert acc.occupancy == 4 and acc.hit_rate == pytest.approx(100 / 3)


def test_a_logical_input_of_dlfeval_is_keyed_untraced_as_dlfeval_leaves_it():
    acc = dlaccelerate(lambda x, mask: x * mask)
    x, mask = vec(1, 2), dlarray(jnp.array([True, False]), "C")
    dlfeval(acc, x, mask)
    assert acc.dlfeval_hit((x, mask), {}) is not None
    assert acc.dlfeval_hit(((x, mask),), {"scale": 2.0}) is None  # another structure: a miss
    assert acc.hit_rate == 50


def test_every_dlfeval_hit_draws_fresh_numbers_like_a_traced_input():
    acc = dlaccelerate(noisy_keyed)
    draws = [extractdata(dlfeval(acc, vec(0, 0, 0))) for _ in range(3)]
    assert acc.hit_rate == pytest.approx(200 / 3)
    assert not np.array_equal(draws[1], draws[2]) and not np.array_equal(draws[0], draws[1])


def test_gradients_flow_through_a_cache_hit():
    acc = dlaccelerate(lambda w: w * w)

    def loss(w):
        return dlgradient(sum(acc(w)), w)

    dlfeval(loss, vec(1, 2))
    grad = dlfeval(loss, vec(3, 4))
    assert acc.hit_rate == 50
    np.testing.assert_array_equal(extractdata(grad), [6, 8])


def test_dlgradient_in_a_trace_built_outside_dlfeval_is_an_error():
    acc = dlaccelerate(loss_and_gradient)
    with pytest.raises(RuntimeError, match="only valid inside"):
        acc(vec(1), vec(2))
    assert acc.occupancy == 0


def test_concurrent_calls_keep_the_cache_and_statistics_consistent():
    acc = dlaccelerate(lambda x: x * 2, cache_size=3)
    inputs = [vec(*range(n)) for n in (1, 2, 3, 4)]  # four keys for three slots
    errors = []

    def work(offset):
        try:
            for i in range(12):
                x = inputs[(i + offset) % 4]
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", CacheFullWarning)
                    y = acc(x)
                np.testing.assert_array_equal(extractdata(y), extractdata(x) * 2)
        except Exception as error:  # noqa: BLE001 (reported below)
            errors.append(error)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert acc.occupancy == 100 and len(acc._cache) == 3
    hits = acc._hits.value
    assert hits + acc._misses == 48 and 0 <= hits <= 48  # no call lost by the lock-free count
    assert acc.hit_rate == pytest.approx(100 * hits / 48)


def test_lock_free_hit_counter_loses_no_increment_across_threads():
    counter = Counter()

    def work():
        for _ in range(20000):
            counter.increment()

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    assert counter.value >= 0  # a read in the middle does not disturb the count
    for t in threads:
        t.join()
    assert counter.value == 80000 and counter.value == 80000  # reading twice changes nothing

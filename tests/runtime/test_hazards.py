"""The hazard recorder: each family observed at the right user line, strict mode, isolation."""

import logging
import random
import sys
import threading
import time

import jax.numpy as jnp
import numpy as np
import pytest

from acclint.runtime import (AccelerationHazardError, Hazard, dlaccelerate, dlarray, dlfeval,
                             dlgradient, extractdata, rand, record_hazards, size, sum, where)

X = dlarray(jnp.array([1.0, -2.0, 3.0]), "C")
MODULE_RNG = np.random.default_rng(0)
OUTER = []
COUNT = 0
log = logging.getLogger("acclint-runtime-test")


def families(acc):
    return sorted({h.family for h in acc.hazards})


def found(acc, function, marker, family, line_of):
    line = line_of(function, marker)
    hits = [h for h in acc.hazards if h.lineno == line and h.family == family]
    assert hits, f"no {family} at line {line}; recorded: {acc.hazards}"
    assert hits[0].filename == __file__
    return hits[0]


def branchy(x):
    if sum(x) > 0:  # acc2
        return x * 2.0
    return x


def test_truth_test_of_traced_value_is_acc2_at_its_line(line_of):
    acc = dlaccelerate(branchy)
    acc(X)
    hazard = found(acc, branchy, "acc2", "ACC2", line_of)
    assert isinstance(hazard, Hazard) and "where(cond, a, b)" in hazard.message
    assert families(acc) == ["ACC2"]


def conversions(x):
    a = extractdata(x)  # extract
    b = float(sum(x))  # float
    c = sum(x).item()  # item
    d = np.asarray(x)  # asarray
    e = int(sum(x))  # int
    f = x.tolist()  # tolist
    return x + a + b + c + d.sum() + e + f[0]


@pytest.mark.parametrize("marker", ["extract", "float", "item", "asarray", "int", "tolist"])
def test_host_conversions_of_traced_values_are_acc3(marker, line_of):
    acc = dlaccelerate(conversions)
    acc(X)
    assert "constant" in found(acc, conversions, marker, "ACC3", line_of).message


def draws(x):
    a = np.random.rand(3)  # np-module
    b = MODULE_RNG.normal(size=3)  # np-generator
    c = random.random()  # stdlib
    c += random.gauss(0, 1)  # stdlib-python
    d = rand(size(x))  # runtime-unkeyed
    e = rand(size(x), like=x)  # runtime-keyed
    return x + a + b + c + d + e


@pytest.mark.parametrize("marker", ["np-module", "np-generator", "stdlib", "stdlib-python",
                                    "runtime-unkeyed"])
def test_unkeyed_random_draws_are_acc1(marker, line_of):
    acc = dlaccelerate(draws)
    acc(X)
    found(acc, draws, marker, "ACC1", line_of)


def test_a_draw_like_a_traced_value_is_not_a_hazard(line_of):
    acc = dlaccelerate(draws)
    acc(X)
    line = line_of(draws, "runtime-keyed")
    assert not [h for h in acc.hazards if h.lineno == line]


def effects(x, path):
    global COUNT
    print("building")  # print
    with open(path, "w") as handle:  # open
        handle.write("x")  # write
    log.warning("tracing")  # logging
    stamp = time.time()  # clock
    COUNT = COUNT + 1  # global
    OUTER.append(1)  # outer-append
    sys.stderr.write("")  # stderr
    return x * stamp


@pytest.mark.parametrize("marker", ["print", "open", "write", "logging", "clock", "global",
                                    "outer-append", "stderr"])
def test_side_effects_are_acc4(marker, tmp_path, line_of, capsys):
    acc = dlaccelerate(effects)
    acc(X, str(tmp_path / "out.txt"))
    found(acc, effects, marker, "ACC4", line_of)


def test_nonlocal_writes_are_acc4(line_of):
    calls = 0

    def counting(x):
        nonlocal calls
        calls += 1  # nonlocal
        return x

    acc = dlaccelerate(counting)
    acc(X)
    acc(X)
    assert calls == 1
    found(acc, counting, "nonlocal", "ACC4", line_of)


def test_clean_function_records_nothing():
    def clean(x):
        y = where(x > 0, x, 0.0 * x)
        n = x.shape[0] + len(x)  # static views are safe
        return sum(y) * n

    acc = dlaccelerate(clean)
    acc(X)
    assert acc.hazards == []


def test_hazards_are_recorded_once_per_line_and_only_when_a_trace_is_built():
    acc = dlaccelerate(branchy)
    acc(X)
    acc(X + 1.0)  # cache hit: nothing re-recorded
    assert len(acc.hazards) == 1
    acc.clear_cache()
    assert acc.hazards == []


def test_strict_mode_raises_at_the_offending_line(line_of):
    acc = dlaccelerate(branchy, strict=True)
    with pytest.raises(AccelerationHazardError) as info:
        acc(X)
    assert info.value.hazard.lineno == line_of(branchy, "acc2")
    assert info.value.hazard.family == "ACC2"
    user_frames = [(str(e.path), e.lineno + 1) for e in info.traceback if str(e.path) == __file__]
    assert user_frames[-1][1] == line_of(branchy, "acc2")  # raised from that line
    assert acc.occupancy == 0  # nothing baked in


def test_strict_mode_raises_for_hooked_events_too(tmp_path):
    acc = dlaccelerate(effects)
    acc.strict = True
    with pytest.raises(AccelerationHazardError, match="ACC4"):
        acc(X, str(tmp_path / "out.txt"))
    assert acc.occupancy == 0


def test_record_hazards_sees_acc3_in_dlfeval(line_of):
    def loss(x):
        y = sum(x * x)
        scale = float(y)  # float-in-dlfeval
        return dlgradient(y, x) * scale

    with record_hazards() as recorder:
        dlfeval(loss, X)
    hits = [h for h in recorder.hazards if h.family == "ACC3"]
    assert [h.lineno for h in hits] == [line_of(loss, "float-in-dlfeval")]
    assert "derivative" in hits[0].message


def test_dlfeval_control_flow_on_concrete_values_is_not_a_hazard():
    def loss(x):
        y = sum(x * x)
        if y > 0:  # works under autodiff: only ACC3 applies to dlfeval
            y = y * 2.0
        return dlgradient(y, x)

    with record_hazards() as recorder:
        dlfeval(loss, X)
    assert recorder.hazards == []


def test_record_hazards_strict_raises_in_dlfeval():
    with record_hazards(strict=True), pytest.raises(AccelerationHazardError, match="ACC3"):
        dlfeval(lambda x: extractdata(x), X)


def test_record_hazards_also_collects_trace_builds():
    acc = dlaccelerate(branchy)
    with record_hazards() as recorder:
        acc(X)
    assert [h.family for h in recorder.hazards] == ["ACC2"]


def test_untraced_values_are_not_hazards():
    def fun(x):
        constant = dlarray(jnp.ones(3), "C")
        if sum(constant) > 0:  # a constant, not traced
            return x + float(sum(constant))
        return x

    acc = dlaccelerate(fun)
    acc(X)
    assert acc.hazards == []


def test_another_threads_effects_are_not_attributed(tmp_path):
    stop = threading.Event()

    def noisy():
        while not stop.is_set():
            np.random.rand()
            (tmp_path / "other.txt").write_text("x")

    def quiet(x):
        return x * 2.0

    worker = threading.Thread(target=noisy)
    worker.start()
    try:
        acc = dlaccelerate(quiet)
        for n in range(3):
            acc(dlarray(jnp.ones(n + 1), "C"))
    finally:
        stop.set()
        worker.join()
    assert acc.hazards == []


def test_concurrent_builds_record_their_own_hazards():
    def draws_numpy(x):
        return x + np.random.rand()

    def clean(x):
        return x * 3.0

    barrier = threading.Barrier(2)
    accs = {"draws": dlaccelerate(draws_numpy), "clean": dlaccelerate(clean)}

    def build(name):
        barrier.wait()
        for n in range(1, 4):
            accs[name](dlarray(jnp.ones(n), "C"))

    threads = [threading.Thread(target=build, args=(name,)) for name in accs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert families(accs["draws"]) == ["ACC1"] and accs["clean"].hazards == []
    assert np.random.rand.__module__ != __name__  # numpy.random restored after the builds
    assert not hasattr(np.random.rand, "__wrapped__")

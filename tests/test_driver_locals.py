"""A program whose state lives in `main()`'s locals: the ordered model of trace time follows them.

Property: a value that a traced body reads (a global it names, a closure cell it closes over, an
attribute of an object it is given or that holds it) is a hidden input just the same when the
program binds it as a local of `main()` (or any driver function) instead of a module global.
benchmarks/reports/perturb.py rewrite R4 (module code moved into `main()`) lost keras_13348 (the
lambda layer and the model that holds it became locals: no call through them was seen to build
the lambda's trace) and pytorch_57592 (`traced = torch.jit.trace(m, x)` of a local module `m`:
its calls were not seen as calls of `m`'s trace).

1. (ACC601, ACC605) A driver's names bound to what holds a closure it defines (`layer =
   Lambda(lambda x: ...)`, `step = jax.jit(lambda x: ...)`) and to values made from those
   (`model = keras.Model(inp, layer(inp))`) call its trace, as module-level names holding a
   module-level function do (acclint.analysis.closure_holders).
2. (ACC604) A driver's local bound to a cached marker applied to a local object itself
   (`torch.jit.trace(m, x)`) runs that object's traced method: an attribute of it written between
   the build (the binding, where the marker traces when applied) and a later call is stale.
3. (ACC604, across modules) An object a function makes (`v = Box(100)` in the importer's
   `main()`) and passes to another module's compiled function at a static position, written
   there between two calls, is stale in the defining module, as a module-level object is
   (acclint.analysis.stale_out: passed objects keyed by the scope that binds them).
4. Keras: a traced closure's variable of its defining function is read once (ACC605 applies to
   Keras, acclint/frameworks/keras.toml; run on Keras 3 / TF 2.21: `i = 0`, predict, `i = 1`,
   predict gives shape (2, 16, 1) twice, eager (2, 8, 1)).

Runs (jax 0.10, torch 2.13 CPU): a jitted lambda reading main()'s `scale` gives 1.0 after
`scale = 2.0` (eager 2.0); a module traced by `torch.jit.trace` in main() still drops every unit
(p = 1) after `m.p = torch.tensor(0.0)` (sum 0.0; eager keeps them all).
All 8 HAZARDS and the cross-module hazard fail on 8626bed9; the FINE cases guard what must not
change.
"""

import pytest

from labelled import assert_labels_match
from test_order_across_modules import STATIC
from two_modules import found_in, write_files

KERAS_LAMBDA = """
import numpy as np
import keras


def main():{declared}
    strides = [1, 2, 4]
    i = 0
    inp = keras.Input((16, 1))
    layer = keras.layers.Lambda(lambda x: x[:, ::strides[i], :])  # expect: {code}
    model = keras.Model(inp, layer(inp))
    x = np.ones((2, 16, 1), dtype="float32")
    model.predict(x, verbose=0)
    i = 1
    model.predict(x, verbose=0)


if __name__ == "__main__":
    main()
"""

TRACED_MODULE = """
import torch


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.p = torch.tensor(1.0)

    def forward(self, x):
        return torch.dropout(x, self.p, True){label}


def main():
    m = M()
{body}


if __name__ == "__main__":
    main()
"""

HAZARDS = {
    # the global (keras#13348 under perturb R4) and main()'s own local the lambda closes over
    "a global a lambda layer in main() reads, rebound between two predicts of a local model": KERAS_LAMBDA.format(
        declared="\n    global i", code="ACC601"),
    "main()'s local the lambda layer closes over, rebound between two predicts of a local model": KERAS_LAMBDA.format(
        declared="", code="ACC605"),
    "a closure cell of main() a jitted lambda reads, rebound between two calls": """
import jax


def main():
    scale = 1.0
    step = jax.jit(lambda x: x * scale)  # expect: ACC605
    step(1.0)
    scale = 2.0
    step(1.0)


if __name__ == "__main__":
    main()
""",
    "a closure cell rebound through a nested helper's nonlocal between two calls": """
import jax


def main():
    scale = 1.0

    def set_scale(v):
        nonlocal scale
        scale = v

    step = jax.jit(lambda x: x * scale)  # expect: ACC605
    step(1.0)
    set_scale(2.0)
    step(1.0)


if __name__ == "__main__":
    main()
""",
    "an attribute of a local object a jitted lambda reads, written after the first call": """
import jax


class Config:
    def __init__(self):
        self.lr = 0.1


def main():
    cfg = Config()
    step = jax.jit(lambda w: w - cfg.lr)  # expect: ACC605
    step(1.0)
    cfg.lr = 0.01
    step(1.0)


if __name__ == "__main__":
    main()
""",
    "a local list a jitted lambda reads, appended to between two calls": """
import jax


def main():
    scales = [1.0]
    step = jax.jit(lambda x: x * scales[-1])  # expect: ACC605
    step(1.0)
    scales.append(2.0)
    step(1.0)


if __name__ == "__main__":
    main()
""",
    "an attribute of a local module traced by torch.jit.trace, written between two calls of the trace (pytorch#57592 under perturb R4)": TRACED_MODULE.format(
        label="  # expect: ACC604", body="    x = torch.rand(2, 3)\n    traced = torch.jit.trace(m, x, check_trace=False)\n    traced(x)\n    m.p = torch.tensor(0.0)\n    traced(x)"),
    "an attribute of a local module written after torch.jit.trace built its trace, before its first call": TRACED_MODULE.format(
        label="  # expect: ACC604", body="    x = torch.rand(2, 3)\n    traced = torch.jit.trace(m, x, check_trace=False)\n    m.p = torch.tensor(0.0)\n    return traced(x)"),
    # Stop 58: the holder's own call and the steps its framework's data name (`fit`) run the trace
    "main()'s local the lambda layer closes over, rebound between a fit and a predict of a local model": """
import numpy as np
import keras


def main():
    k = 1.0
    inp = keras.Input((4,))
    model = keras.Model(inp, keras.layers.Lambda(lambda x: x * k)(inp))  # expect: ACC605
    model.compile(loss="mse")
    x = np.ones((8, 4), dtype="float32")
    model.fit(x, x, verbose=0)
    k = 2.0
    model.predict(x, verbose=0)


if __name__ == "__main__":
    main()
""",
    "a lambda bound to a name first, then jitted through that name": """
import jax


def main():
    scale = 1.0
    f = lambda x: x * scale  # expect: ACC605
    step = jax.jit(f)
    step(1.0)
    scale = 2.0
    step(1.0)


if __name__ == "__main__":
    main()
""",
    "a closure cell rebound on each pass of a loop that calls the jitted lambda": """
import jax


def main():
    scale = 1.0
    step = jax.jit(lambda x: x * scale)  # expect: ACC605
    for _ in range(3):
        step(1.0)
        scale = scale * 2.0


if __name__ == "__main__":
    main()
""",
}

# Review of stop 58: a name bound to a holder's name holds the same compiled callable (the
# property sentence of acclint.analysis.closure_holders: the binding reaching the call binds the
# name to a compiled callable holding the closure). Run (jax 0.10.2): each gives the first
# value again after the rebinding; they failed on integ58 (no finding).
CELL = HAZARDS["a closure cell of main() a jitted lambda reads, rebound between two calls"]
CALLS = "    step(1.0)\n    scale = 2.0\n    step(1.0)\n"
HAZARDS.update({
    "a jitted lambda called through another name bound to it": CELL.replace(
        CALLS, "    run = step\n    run(1.0)\n    scale = 2.0\n    run(1.0)\n",
    ),
    "a jitted lambda called through a chain of two other names": CELL.replace(
        CALLS, "    run = step\n    go = run\n    go(1.0)\n    scale = 2.0\n    go(1.0)\n",
    ),
    "a jitted nested def called in a loop through another name bound to it": """
import jax


def main(xs):
    scale = 2.0

    def scaled(x):
        return x * scale  # expect: ACC605

    step = jax.jit(scaled)
    run = step
    for x in xs:
        run(x)
        scale = scale + 1.0


if __name__ == "__main__":
    main([1.0, 1.0, 1.0])
""",
})

FINE = {
    "what a call of the jitted lambda returns, used before and after the rebinding: computed, not held": """
import jax


def main():
    scale = 1.0
    step = jax.jit(lambda x: x * scale)
    y = step(1.0)
    y.block_until_ready()
    scale = 2.0
    print(y.block_until_ready(), scale)


if __name__ == "__main__":
    main()
""",
    "the local module's attribute written before the trace is built": TRACED_MODULE.format(
        label="", body="    m.p = torch.tensor(0.5)\n    x = torch.rand(2, 3)\n    traced = torch.jit.trace(m, x, check_trace=False)\n    traced(x)\n    return traced(x)"),
    "a fresh lambda, and a fresh cache, per pass": """
import jax


def main():
    for scale in (1.0, 2.0, 3.0):
        step = jax.jit(lambda x: x * scale)
        step(1.0)
        step(2.0)


if __name__ == "__main__":
    main()
""",
    "main()'s locals bound once before the first predict and never changed": """
import numpy as np
import keras


def main():
    strides = [1, 2, 4]
    i = 1
    inp = keras.Input((16, 1))
    layer = keras.layers.Lambda(lambda x: x[:, ::strides[i], :])
    model = keras.Model(inp, layer(inp))
    x = np.ones((2, 16, 1), dtype="float32")
    model.predict(x, verbose=0)
    model.predict(x, verbose=0)


if __name__ == "__main__":
    main()
""",
    "a local list appended to before the first call and after the last": """
import jax


def main():
    scales = [1.0]
    scales.append(2.0)
    step = jax.jit(lambda x: x * scales[-1])
    step(1.0)
    step(1.0)
    scales.append(3.0)


if __name__ == "__main__":
    main()
""",
    "the jitted lambda made anew after the rebinding: a new cache": """
import jax


def main():
    scale = 1.0
    step = jax.jit(lambda x: x * scale)
    step(1.0)
    scale = 2.0
    step = jax.jit(lambda x: x * scale)
    step(1.0)


if __name__ == "__main__":
    main()
""",
}


# Stop 58: what the real-code benchmark showed a holder is NOT (15 false ACC605 at stop 57), in
# other spellings: what a wrapper applied at once returns (a result, not the closure), a method
# of a value that is no step of a compiled callable (a dataset's, an array's), and a name's calls
# before the binding that made it hold the closure.
FINE.update({
    "a name bound to what a jitted lambda applied at once returns, its methods called around the rebinding": """
import jax


def main(x):
    scale = 1.0
    y = jax.jit(lambda v: v * scale)(x)
    y.block_until_ready()
    scale = 2.0
    return y.sum() * scale


if __name__ == "__main__":
    main(1.0)
""",
    "a vmapped lambda applied at once in a jitted step, its result's methods called around the rebinding (JaxMARL)": """
import jax


@jax.jit
def step(state, idx):
    scale = state.sum()
    freeze = jax.vmap(lambda i: state[i] * scale)(idx)
    freeze = freeze.transpose()
    scale = freeze.sum()
    return freeze.reshape(-1) * scale
""",
    "a closure lax.cond traces at once, its result's methods called around the rebinding (ott)": """
import jax


def solve(x, tol):
    out = jax.lax.cond(tol > 0, lambda: x * tol, lambda: x)
    out.block_until_ready()
    tol = -tol
    return out.sum(), tol
""",
    "a dataset mapped by a closure, its other methods called after the closure's variable is rebound (tf.data)": """
import tensorflow as tf


def pipeline(scale):
    ds = tf.data.Dataset.range(8).map(lambda v: v * scale)
    ds.cardinality()
    scale = 3
    return ds.batch(2), scale
""",
    "a dataset's methods called before a closure that reads a later local is mapped onto it (vision_transformer)": """
import tensorflow as tf


def pipeline(batch):
    ds = tf.data.Dataset.range(64)
    ds = ds.batch(batch)
    n = 4
    ds = ds.map(lambda d: tf.reshape(d, [n, -1]))
    return ds.prefetch(1)
""",
    "a name called before it is bound to the jitted lambda": """
import jax


def main(x, make):
    step = make()
    step(x)
    scale = 2.0
    step(x)
    step = jax.jit(lambda v: v * scale)
    return step(x)


if __name__ == "__main__":
    main(1.0, lambda: abs)
""",
    "a local model's methods that run no step around the rebinding": """
import numpy as np
import keras


def main(path):
    k = 1.0
    inp = keras.Input((4,))
    model = keras.Model(inp, keras.layers.Lambda(lambda x: x * k)(inp))
    x = np.ones((8, 4), dtype="float32")
    model.predict(x, verbose=0)
    k = 2.0
    model.save(path)


if __name__ == "__main__":
    main("m.keras")
""",
})


FINE["a name bound to a holder's name after that name was bound to another compiled lambda"] = CELL.replace("  # expect: ACC605", "").replace(
    CALLS, "    step = jax.jit(lambda x: x + 1.0)\n    run = step\n    run(1.0)\n    scale = 2.0\n    run(1.0)\n",
)


@pytest.mark.parametrize("source", [*HAZARDS.values(), *FINE.values()], ids=[*HAZARDS, *FINE])
def test_driver_locals(source):
    assert_labels_match(source)


IN_MAIN = """
    from model import add


    class Box:
        def __init__(self, val):
            self.val = val


    def main():
        v = Box(100)
        r1 = int(add(v, 1))
        v.val = 0
        return r1, int(add(v, 1))


    if __name__ == "__main__":
        main()
"""


def test_an_object_main_makes_and_passes_to_another_modules_jit_written_between_calls(tmp_path):
    """jax_13992 with `add` in a module of its own and the object a local of the importer's
    `main()` (jax 0.10: the second call hits the entry the first built, which read `val == 100`)."""
    root = write_files(tmp_path, {"model.py": STATIC, "main.py": IN_MAIN})
    assert {f for f in found_in(root) if f[2].startswith("ACC6")} == {("model.py", 9, "ACC604")}


def test_an_object_main_makes_written_before_the_first_call_or_another_functions_object_is_fine(tmp_path):
    before = IN_MAIN.replace("        r1 = int(add(v, 1))\n        v.val = 0\n", "        v.val = 0\n        r1 = int(add(v, 1))\n")
    other = IN_MAIN.replace("        v.val = 0\n", "        reset()\n") + """

    def reset():
        v = Box(1)
        v.val = 0
        return v
"""
    for text in (before, other):
        root = write_files(tmp_path, {"model.py": STATIC, "main.py": text})
        assert {f for f in found_in(root) if f[2].startswith("ACC6")} == set()

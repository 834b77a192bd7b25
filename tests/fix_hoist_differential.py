"""ACC501's fix run: each program applies a wrapper on every pass of a loop; it is fixed with
`--fix --unsafe-fixes` (its traced code counts its traces in a module list, which makes the fix
unsafe: the count is what changes), and the original and the fixed program are run side by side.
They must return the same values, the original trace once per pass and the fixed one once.

    python tests/fix_hoist_differential.py    # the frameworks importable here (jax; TF with
                                              # /work/venvs/tftorch/bin/python)

torch has no case: `torch.compile` caches on the code object, so ACC501 reports no rewrap there.
"""

from __future__ import annotations

import importlib.util
import sys

import numpy as np

from acclint.api import lint_bytes, options_for
from acclint.fix.apply import fix_source
from acclint.run.config import Settings

PASSES = 4

# framework -> {case: program}; each program defines `run()` and `TRACES`.
PROGRAMS = {
    "jax": {
        "for_lambda": """
import jax
import jax.numpy as jnp
TRACES = []
def run():
    params, grads = jnp.arange(3.0), jnp.ones(3)
    for step in range(PASSES):
        params = jax.jit(lambda p, g: (TRACES.append(1), p - 0.1 * g)[1])(params, grads)
    return params
""",
        "while_grad_bound_name": """
import jax
import jax.numpy as jnp
TRACES = []
def loss(p, x):
    TRACES.append(1)
    return jnp.sum((p * x) ** 2)
def run():
    params, i = jnp.arange(3.0), 0
    while i < PASSES:
        grad_fn = jax.jit(jax.grad(loss))
        params = params - 0.1 * grad_fn(params, jnp.ones(3) * 2.0)
        i += 1
    return params
""",
        "partial_config": """
import functools
import jax
import jax.numpy as jnp
TRACES = []
def update(p, g, lr):
    TRACES.append(1)
    return p - lr * g
def run():
    params = jnp.arange(3.0)
    for b in range(PASSES):
        params = jax.jit(functools.partial(update, lr=0.5))(params, jnp.ones(3))
    return params
""",
    },
    "tensorflow": {
        "tf_function": """
import tensorflow as tf
TRACES = []
def doubled(x):
    TRACES.append(1)
    return x * 2.0
def run():
    x = tf.constant([1.0, 2.0])
    for step in range(PASSES):
        x = tf.function(doubled)(x)
    return x.numpy()
""",
    },
}


def fixed(source: str) -> str:
    settings = Settings()
    options = options_for(settings)
    data = source.encode()
    outcome = fix_source(data, "case.py", lambda d: lint_bytes(d, "case.py", settings, options), unsafe=True)
    return outcome.fixed.decode()


def execute(source: str):
    namespace: dict = {"PASSES": PASSES}
    exec(compile(source, "case.py", "exec"), namespace)
    out = np.asarray(namespace["run"]())
    return out, len(namespace["TRACES"])


def check(framework: str, name: str) -> tuple[bool, str]:
    """Whether the case's fixed program computes the original's values with one trace (and
    the original traces on every pass), and a line saying what ran."""
    source = PROGRAMS[framework][name]
    after = fixed(source)
    if after == source:
        return False, f"{framework}/{name}: no fix applied"
    (out, traces), (fixed_out, fixed_traces) = execute(source), execute(after)
    same = out.shape == fixed_out.shape and np.allclose(out, fixed_out)
    ok = same and traces == PASSES and fixed_traces == 1
    return ok, f"{framework}/{name}: same values {same}, traces {traces} -> {fixed_traces}"


def available(framework: str) -> bool:
    return importlib.util.find_spec(framework) is not None


def main() -> int:
    failed = 0
    for framework, cases in PROGRAMS.items():
        if not available(framework):
            print(f"{framework}: not installed here, skipped")
            continue
        for name in cases:
            ok, line = check(framework, name)
            failed += not ok
            print(("ok   " if ok else "FAIL ") + line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

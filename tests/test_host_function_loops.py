"""A loop in a function that module-level code calls is host code, as a module-level loop is.

Property (ACC501, JAX's control-flow primitives called from host code): `lax.scan`,
`lax.fori_loop`, `lax.map` called outside any trace compile the function they are given, cached
on it; acclint counts such a call only where host code for sure runs it on every pass, which it
took to be a loop at module level (the primitives are mostly written in functions some trace
reaches elsewhere). A function that module-level code calls (a script's `main()`, directly or
under `if __name__ == "__main__":`) and no trace reaches runs on the host too, and so do its
loops and what they call. Written for the dev report eks_78 (a smoother's loop over keypoints in
a function the script calls, each pass handing `lax.scan` a new local step). Look-alikes: the
same loop in a function the module never calls (a library's: left alone, as before), and a
module-level function given to `lax.fori_loop` on each pass (cached on it).
Run (jax 0.10.2, compiles of `jit(scan)` in the compile log, 6 passes; fori_loop and lax.map
lower to a scan): 6, 6, 6; the
look-alikes 6 (not flagged: the call is not known to run on the host) and 1.
"""

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

CASES = {
    "a helper scanning a local step, called in the loop of a function the script calls (eks#78)": """
def smoother(params, ys):
    def _step(carry, y):
        return carry + params * y, carry
    return jax.lax.scan(_step, 0.0, ys)  # expect: ACC501

def run_all(ys, params):
    for k in range(len(params)):
        smoother(params[k], ys[k])

run_all(jnp.ones((6, 5)), jnp.ones(6))
""",
    "fori_loop given a new lambda in main's loop, main run under __main__": """
def main(n):
    x = jnp.ones(3)
    for step in range(n):
        x = jax.lax.fori_loop(0, 3, lambda i, c: c * 1.01 + step, x)  # expect: ACC501

if __name__ == "__main__":
    main(6)
""",
    "lax.map in a while loop of a function the module calls": """
def sweep(xs, n):
    i = 0
    while i < n:
        jax.lax.map(jnp.sin, xs)  # expect: ACC501
        i += 1

sweep(jnp.ones(4), 6)
""",
    "look-alike: the same loop in a function the module never calls": """
def smoother(params, ys):
    def _step(carry, y):
        return carry + params * y, carry
    return jax.lax.scan(_step, 0.0, ys)

def run_all(ys, params):
    for k in range(len(params)):
        smoother(params[k], ys[k])
""",
    "look-alike: a module-level function given to fori_loop on each pass": """
def body(i, c):
    return c * 1.01

def main(n):
    x = jnp.ones(3)
    for step in range(n):
        x = jax.lax.fori_loop(0, 3, body, x)

main(6)
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_loop_of_a_function_the_module_calls_is_host_code(body):
    expected, found = family_labels_and_findings(HEADER + body, "ACC5")
    assert found == expected

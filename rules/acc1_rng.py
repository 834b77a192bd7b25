"""ACC1xx: random numbers that a cached trace freezes."""

from __future__ import annotations

import libcst as cst

from acclint.fix.calls import draw_like_fix
from acclint.fix.report import report_with_fix
from acclint.frameworks.markers import CACHED, KERNEL
from acclint.lint.rule import Rule, RuleContext
from acclint.rules.tables import apis


def host_draw(qualified: str | None) -> bool:
    """Whether calling `qualified` draws from NumPy's or the stdlib's host generators."""
    if qualified is None:
        return False
    rng = apis()["rng"]
    for factory in rng["generator_factories"]:
        if qualified.startswith(factory + "."):
            method = qualified[len(factory) + 1:]
            return "." not in method and method not in rng["generator_methods_not_draws"]
    if qualified.startswith(rng["numpy_prefix"]):
        return "(" not in qualified and qualified not in rng["not_draws"]
    module, _, name = qualified.rpartition(".")
    return module == "random" and name in rng["stdlib_draws"]


class HostRandomDraw(Rule):
    """A NumPy or stdlib random draw inside a cached trace.

    What it does:
        Flags calls that draw from `numpy.random` (module functions and `default_rng()` /
        `RandomState` generators, also module-level ones) or from the stdlib `random` module
        inside a function whose trace is cached (`jax.jit`, `lax.scan` bodies, `dlaccelerate`,
        `Acceleratable.predict/forward`, helpers they call).

    Why is this bad:
        The draw runs on the host once, while the trace is built, and its result is stored in
        the trace as a constant. Every later call replays the same "random" numbers: dropout
        masks, noise and augmentations silently stop changing.

    Example:
        @jax.jit
        def noisy(x):
            return x + np.random.normal(size=x.shape)

    Use instead:
        @jax.jit
        def noisy(x, key):
            return x + jax.random.normal(key, x.shape)

        (with the runtime: `x + randn(size(x), like=x)`)

    Fix safety:
        No fix: the replacement needs a PRNG key threaded through the caller.
    """

    code = "ACC101"
    name = "host-random-draw"
    contexts = frozenset({CACHED, KERNEL})
    VALID = [
        """
import jax
import numpy as np

@jax.jit
def noisy(x, key):
    return x + jax.random.normal(key, x.shape)

def host_side(x):
    return x + np.random.normal(size=3)
""",
    ]
    INVALID = [
        """
import jax
import numpy as np

@jax.jit
def noisy(x):
    return x + np.random.normal(size=x.shape)  # expect: ACC101
""",
        """
import random
import jax
import numpy as np

RNG = np.random.default_rng(0)

@jax.jit
def jitter(x):
    return x * random.uniform(0.9, 1.1) + RNG.normal()  # expect: ACC101
""",
    ]

    def visit_Call(self, node: cst.Call, ctx: RuleContext) -> None:
        qualified = ctx.resolve(node.func)
        if host_draw(qualified):
            ctx.report(
                node,
                f"host random draw '{ctx.code_for(node.func)}' in a cached trace is frozen into it: "
                "every call replays the same numbers; use jax.random with a key (or rand(..., like=x))",
            )


class RuntimeDrawWithoutLike(Rule):
    """The runtime's `rand`/`randn` without `like=` a traced value, inside a cached trace.

    What it does:
        Flags `rand(...)` / `randn(...)` from `acclint.runtime` in an accelerated function when
        no `like=` argument names a traced value (a missing `like`, or `like=` a host constant).

    Why is this bad:
        `dlaccelerate` records the numbers drawn while building the trace as constants; only
        a draw `like` a traced input is recorded as a random operation that draws anew on each
        call. MATLAB's documentation describes the same hazard.

    Example:
        @dlaccelerate
        def dropout(x):
            return x * (rand(size(x)) > 0.5)

    Use instead:
        @dlaccelerate
        def dropout(x):
            return x * (rand(size(x), like=x) > 0.5)

    Fix safety:
        `--fix` adds `like=x` when `x` is the only traced input of the function (a draw with a
        `like=` that names an untraced value, or in a function with several traced inputs, is
        left to you). Safe: the draw is then recorded as a random operation and gives fresh
        numbers on every call, as intended; like any `like=` draw, the result takes `x`'s
        dtype (and its format when the number of dimensions matches) and is a dlarray.
    """

    code = "ACC102"
    name = "runtime-draw-without-like"
    contexts = frozenset({CACHED, KERNEL})
    VALID = [
        """
from acclint.runtime import dlaccelerate, rand, size

@dlaccelerate
def dropout(x):
    return x * (rand(size(x), like=x) > 0.5)
""",
    ]
    INVALID = [
        """
from acclint.runtime import dlaccelerate, rand, size

@dlaccelerate
def dropout(x):
    return x * (rand(size(x)) > 0.5)  # expect: ACC102
""",
    ]

    def visit_Call(self, node: cst.Call, ctx: RuleContext) -> None:
        qualified = ctx.resolve(node.func)
        if qualified not in apis()["rng"]["runtime_draws"]:
            return
        like = next((a.value for a in node.args if a.keyword is not None and a.keyword.value == "like"), None)
        if like is not None and not ctx.is_static(like):
            return  # like= a traced value (or, unless pedantic, one that may be traced)
        name = ctx.code_for(node.func)
        if like is None:
            reason = f"'{name}' without like= in a cached trace"
        else:
            reason = f"'{name}' like= the untraced value '{ctx.code_for(like)}' in a cached trace"
        message = f"{reason} is frozen into it: every call replays the same numbers; draw like= a traced input"
        report_with_fix(ctx, node, message, draw_like_fix(node, ctx))

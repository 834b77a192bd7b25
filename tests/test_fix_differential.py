"""The safe-fix contract, tested by running code (issue 25): a function changed by plain
`--fix` computes, eagerly and jitted, what the original computed eagerly: the same values,
dtypes, shapes and printed text, and the same gradients where the original's are finite.

A seeded run of generated functions (tests/fix_differential.py; about 20 s here, the long run
is benchmarks/fix_differential.py), then one case per way the select and print fixes once
changed results, each checked the same way and for the reason its fix is withheld or unsafe.
"""

from __future__ import annotations

import pytest

from acclint.api import lint_bytes, options_for
from acclint.run.config import Settings
import numpy as np

from fix_differential import HEADER, _load, _run, acclint_fix, check, generate

pytestmark = pytest.mark.filterwarnings("ignore")  # generated code divides by zero and the like

SETTINGS = Settings()
OPTIONS = options_for(SETTINGS)
SEEDS = range(40)


def _fix_of(source: str):
    """The fix (or None) of each finding of `source`, by code."""
    return {f.code: f for f in lint_bytes(source.encode(), "gen.py", SETTINGS, OPTIONS).findings}


def test_generated_functions_compute_what_the_original_computed():
    outcomes = [check(generate(seed)) for seed in SEEDS]
    changed = [o for o in outcomes if o.changed]
    assert [o.differ for o in outcomes if o.differ] == []
    # not vacuous: functions were fixed whole (selects applied and jitted) and compared
    assert len(changed) >= 8 and sum(not o.partly for o in changed) >= 3
    assert sum(o.compared for o in changed) >= 100


def _checked(body: str) -> tuple[str, dict]:
    source = HEADER + body
    outcome = check(source)
    assert outcome.differ == [], outcome.differ
    return acclint_fix(source)[0], _fix_of(source)


@pytest.mark.parametrize(("body", "reason"), [
    # an int32 x: the select would promote x * 2.0 and x - x.sum() to float32; a cond cannot
    # take them either: x.sum() is strongly typed where a Python scalar x is weak
    ("    if x.sum() > 0:\n        return x * 2.0\n    return x - x.sum()\n", "may differ in dtype"),
    # y a scalar, x a vector: the select would broadcast
    ("    if x.sum() > 0:\n        z = jnp.abs(x)\n    else:\n        z = jnp.abs(y)\n    return z\n", "may differ in dtype and shape"),
    ("    return x if x.sum() > 0 else 0.0\n", "may differ"),
    # d exp(x)/dx overflows where the select does not pick it: 0 * inf
    ("    return jnp.exp(x) if x.sum() > 0 else x + y\n", "derivative of 'jnp.exp(x)'"),
    # the kept value's own derivative is nan where it is not picked
    ("    z = jnp.sqrt(x)\n    if x.sum() < 0:\n        z = y * 0.0 + 1.0\n    return z\n", "(in the value of 'z')"),
])
def test_selects_that_cannot_be_proven_are_unsafe(body, reason):
    fixed, fixes = _checked(body)
    fix = next(f.fix for f in fixes.values() if f.code in ("ACC201", "ACC203"))
    assert not fix.safe and reason in fix.reason
    assert "jnp.where(x.sum()" not in fixed  # plain --fix leaves it


@pytest.mark.parametrize(("body", "cond", "loud"), [
    # an int32 x: the branches differ in dtype, and the traced cond raises instead of promoting
    ("    if x.sum() > 0:\n        return x * 2.0\n    return x\n", "lambda: x * 2.0, lambda: x", True),
    ("    return x * 2 if x.sum() > 0 else x * 2.0\n", "lambda: x * 2, lambda: x * 2.0", True),
    # derivatives that a select would turn into nan: a cond differentiates the picked branch only
    ("    return jnp.exp(x) if x.sum() > 0 else x\n", "lambda: jnp.exp(x), lambda: x", False),
    ("    if x.sum() > 0:\n        return x ** 2\n    return x * x\n", "lambda: x ** 2, lambda: x * x", False),
    ("    z = x * 3\n    if x.sum() < 0:\n        z = jnp.abs(x) + 1.0\n    return z\n",
     "z = jax.lax.cond(x.sum() < 0, lambda: jnp.abs(x) + 1.0, lambda: z)", True),
    # a local read by both arms gets the cotangent the original gave it: its own derivative
    # (d sqrt(x)/dx, inf at 0) needs no bound
    ("    z = jnp.sqrt(x)\n    if x.sum() > 0:\n        z = jnp.exp(z)\n    return z\n",
     "z = jax.lax.cond(x.sum() > 0, lambda: jnp.exp(z), lambda: z)", False),
    # a matrix product promotes as `*` does: both branches have one weak type; their shapes,
    # which a select cannot prove, the cond checks when traced
    ("    if x.sum() > 0:\n        return x @ y\n    return x @ -y\n", "lambda: x @ y, lambda: x @ -y", False),
    # several names: one cond yields them all
    ("    if x.sum() > 0:\n        z = x * 2.0\n        w = jnp.exp(y)\n    else:\n        z = x\n        w = -y\n    return z, w\n",
     "z, w = jax.lax.cond(x.sum() > 0, lambda: (x * 2.0, jnp.exp(y)), lambda: (x, -y))", False),
])
def test_branches_no_select_is_proven_for_become_exact_conds(body, cond, loud):
    source = HEADER + body
    outcome = check(source)
    assert outcome.changed and not outcome.partly and outcome.differ == []
    assert outcome.loud or not loud  # an int32 x: a TypeError when traced, never another value
    fixes = _fix_of(source)
    assert next(f.fix for f in fixes.values() if f.code in ("ACC201", "ACC203")).safe
    assert cond in acclint_fix(source)[0]


@pytest.mark.parametrize(("body", "select"), [
    # every branch reads one part through numeric derivatives: where its derivative is inf/nan,
    # the original's gradient is not finite either, so the select needs no bound for it
    ("    if x.sum() > 0:\n        return jnp.abs(x * y)\n    return x * y\n", "jnp.where(x.sum() > 0, jnp.abs(x * y), x * y)"),
    ("    return -jnp.exp(x) if x.sum() > 0 else jnp.exp(x)\n", "jnp.where(x.sum() > 0, -jnp.exp(x), jnp.exp(x))"),
    ("    if x.sum() > 0:\n        z = jnp.sqrt(x) * 2.0\n    else:\n        z = jnp.sqrt(x) - 1.0\n    return z\n",
     "z = jnp.where(x.sum() > 0, jnp.sqrt(x) * 2.0, jnp.sqrt(x) - 1.0)"),
    # a host value in arithmetic with an array for sure leaves an array
    ("    n = np.float32(0.5)\n    z = jnp.abs(x + n)\n    if x.sum() > 0:\n        z = -z\n    return z\n",
     "z = jnp.where(x.sum() > 0, -z, z)"),
])
def test_a_part_every_branch_reads_needs_no_bound(body, select):
    source = HEADER + body
    outcome = check(source)
    assert outcome.changed and not outcome.partly and outcome.differ == [] and outcome.compared >= 10
    assert next(f.fix for f in _fix_of(source).values() if f.code in ("ACC201", "ACC203")).safe
    assert select in acclint_fix(source)[0]


@pytest.mark.parametrize(("body", "select"), [
    # zeros_like / ones_like: the dtype (weak type included) and shape of their argument, and
    # values that do not depend on it
    ("    if x.sum() > 1:\n        z = jnp.ones_like(x)\n    else:\n        z = x\n    return z\n",
     "z = jnp.where(x.sum() > 1, jnp.ones_like(x), x)"),
    ("    return jnp.zeros_like(x) if x.max() > 1 else -x\n", "jnp.where(x.max() > 1, jnp.zeros_like(x), -x)"),
    ("    if x.sum() < 0:\n        z = jnp.zeros_like(x) + 1.0\n    else:\n        z = x + 1.0\n    return z\n",
     "z = jnp.where(x.sum() < 0, jnp.zeros_like(x) + 1.0, x + 1.0)"),
])
def test_like_constructors_keep_dtype_and_shape(body, select):
    source = HEADER + body
    outcome = check(source)
    assert outcome.changed and not outcome.partly and outcome.differ == [] and outcome.compared >= 10
    assert next(f.fix for f in _fix_of(source).values() if f.code in ("ACC201", "ACC203")).safe
    assert select in acclint_fix(source)[0]


def test_like_of_another_array_is_not_the_branch_s_dtype():
    """Look-alike: `jnp.ones_like(y)` against `x` has y's dtype and shape, not x's."""
    source = HEADER + "    return jnp.ones_like(y) if x.sum() > 0 else x\n"
    assert "jnp.where" not in acclint_fix(source)[0]
    assert check(source).differ == []


@pytest.mark.parametrize(("body", "select"), [
    # an item of x taken with integer literals has a tail of x's shape: it broadcasts within x
    ("    if x[0] > 0:\n        return x * 2.0\n    return x - 1.0\n", "jnp.where(x[0] > 0, x * 2.0, x - 1.0)"),
    ("    return -x if x[-1] < 1 else x\n", "jnp.where(x[-1] < 1, -x, x)"),
    ("    if x[0] > x[1]:\n        z = jnp.abs(x)\n    else:\n        z = -x\n    return z\n", "z = jnp.where(x[0] > x[1], jnp.abs(x), -x)"),
    # full reductions on every side have one shape
    ("    if x.sum() > 0:\n        return x.max()\n    return -x.max()\n", "jnp.where(x.sum() > 0, x.max(), -x.max())"),
    ("    return jnp.sum(x) if x.max() < 1 else -jnp.sum(x)\n", "jnp.where(x.max() < 1, jnp.sum(x), -jnp.sum(x))"),
])
def test_condition_items_and_reductions_on_every_side_keep_the_shape(body, select):
    source = HEADER + body
    outcome = check(source)
    assert outcome.changed and not outcome.partly and outcome.differ == [] and outcome.compared >= 10
    assert next(f.fix for f in _fix_of(source).values() if f.code in ("ACC201", "ACC203")).safe
    assert select in acclint_fix(source)[0]


@pytest.mark.parametrize("body", [
    # a slice is no item: not proven to broadcast within x (the fix is a cond, which checks)
    "    if x[:1].sum() + x[:1] > 0:\n        return x * 2.0\n    return x - 1.0\n",
    # a reduction against an array: the select would broadcast the scalar (no fix)
    "    if x.sum() > 0:\n        return x.sum()\n    return x\n",
])
def test_slices_and_reductions_against_arrays_get_no_select(body):
    assert "jnp.where" not in acclint_fix(HEADER + body)[0]
    assert check(HEADER + body).differ == []


@pytest.mark.parametrize("body", [
    # floor's derivative is a symbolic zero: the picked branch sends `x * y` no cotangent, the
    # select's other branch a zero one, and 0 * inf is nan
    "    if x.sum() > 0:\n        return jnp.floor(x * y)\n    return x * y\n",
    # only one branch reads the unbounded part
    "    return jnp.exp(x) * y if x.sum() > 0 else jnp.exp(y)\n",
])
def test_a_part_one_branch_reads_without_a_derivative_is_no_shared_part(body):
    fix = next(f.fix for f in _fix_of(HEADER + body).values() if f.code in ("ACC201", "ACC203"))
    assert "jnp.where" not in acclint_fix(HEADER + body)[0]
    assert fix is not None and not fix.safe or "lax.cond" in acclint_fix(HEADER + body)[0]


def test_a_name_that_may_be_a_string_is_still_no_array():
    body = "    n = 's'\n    z = x * 2.0 if n else n\n    if x.sum() > 0:\n        z = -x\n    return z\n"
    assert "not an array for sure" in _fix_of(HEADER + body)["ACC201"].message


TREES = """import jax
import jax.numpy as jnp


@jax.jit
def gate(batch):
    if batch["x"].sum() > 0:
        return batch["x"]
    return -batch["x"]


def f(x, y):
    return gate({"x": x, "y": y})
"""


def test_an_item_of_a_pytree_argument_is_a_cond_branch():
    """`batch["x"]` may be a pytree (a select needs arrays), but every leaf of a jitted
    function's argument is a tracer, and lax.cond returns such a pytree as it is."""
    outcome = check(TREES)
    assert outcome.changed and not outcome.partly and outcome.differ == [] and outcome.compared >= 10
    assert 'return jax.lax.cond(batch["x"].sum() > 0, lambda: batch["x"], lambda: -batch["x"])' in acclint_fix(TREES)[0]


def test_conds_are_not_offered_where_they_would_not_be_exact():
    # a value computed before the branch and read by the arm not taken gets a zero cotangent
    # from the cond, and 0 * inf is nan: d sqrt(x)/dx at x < 0
    kept = HEADER + "    z = jnp.sqrt(x)\n    if x.sum() < 0:\n        z = x * 0.0 + 1.0\n    return z\n"
    assert "cond" not in acclint_fix(kept)[0] and check(kept).differ == []
    vmapped = "import jax\n\n\n@jax.vmap\ndef f(x):\n    if x.sum() > 0:\n        return x * 2.0\n    return x\n"
    # an arm that reads a name it assigned: a cond computes an arm's values before assigning any
    reads = HEADER + "    if x.sum() > 0:\n        z = x * 2.0\n        w = z + 1.0\n    else:\n        z = x\n        w = x\n    return z, w\n"
    for source in (vmapped, reads):
        fix = _fix_of(source)["ACC201"].fix
        assert not fix.safe and "cond" not in fix.title


@pytest.mark.parametrize(("body", "reason"), [
    ("    z = None\n    if x.sum() > 0:\n        z = x\n    return z\n", "'z' may not be an array"),
    ("    if x.sum() > 0:\n        return x\n    return (x if x.max() > 1 else None)\n", "'None' is not an array"),
    ("    if (x.sum() > 0) | (y.sum() > 0 and x.max() < 1):\n        return x\n    return -x\n", "truth-tests its operands"),
    ("    if jnp.logical_not(x.sum() > 0 or y.sum() > 0):\n        return x\n    return -x\n", "truth-tests its operands"),
])
def test_selects_that_would_raise_or_still_truth_test_get_no_fix(body, reason):
    fixed, fixes = _checked(body)
    assert fixes["ACC201"].fix is None and reason in fixes["ACC201"].message
    assert fixed == HEADER + body


def test_proven_selects_are_safe_and_exact():
    fixed, fixes = _checked("    z = x + 1.0\n    if x.sum() > 0:\n        z = z * 3.0\n    elif x.max() < -1:\n"
                            "        z = jnp.abs(x) - 1.0\n    return z\n")
    assert fixes["ACC201"].fix.safe
    assert "z = jnp.where(x.sum() > 0, z * 3.0, jnp.where(x.max() < -1, jnp.abs(x) - 1.0, z))" in fixed


def test_a_local_every_branch_reads_needs_no_bounded_derivative():
    # tanh's derivative is nan at nan, but both branches read `h` linearly: whichever the select
    # picks sends `h` the cotangent the original's branch sent it (docs/example's model)
    fixed, fixes = _checked("    h = jnp.tanh(x)\n    if h.mean() > 0:\n        h = h * 2.0\n    return h\n")
    assert fixes["ACC201"].fix.safe and "h = jnp.where(h.mean() > 0, h * 2.0, h)" in fixed
    # a look-alike: `floor` gives `z` no cotangent where the original takes it (a symbolic zero);
    # the select's other branch gives it a zero, and d sqrt(x)/dx at x <= 0 makes that nan
    look_alike = HEADER + "    z = jnp.sqrt(x)\n    if x.sum() < 0:\n        z = jnp.floor(z)\n    return z\n"
    fix = _fix_of(look_alike)["ACC201"].fix
    assert not fix.safe and "derivative of 'jnp.sqrt(x)' (in the value of 'z')" in fix.reason
    outcome = check(look_alike, lambda text: acclint_fix(text, unsafe=True))
    assert any(": gradient" in d for d in outcome.differ), outcome.differ


SHARDED = """import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

MESH = Mesh(np.array(jax.devices()[:1]), ("d",))


def g(x, y):
    if x.sum() > 0:
        return jnp.exp(x) * 2.0
    return x


@jax.jit
def f(x, y):
    return jax.shard_map(g, mesh=MESH, in_specs=(P(), P()), out_specs=P())(x, y)
"""


def test_a_cond_under_shard_map_stays_a_cond():
    """shard_map runs its function once per shard as written (its marker: `batches = false`),
    so a cond there is a cond, where under vmap it would become a select."""
    outcome = check(SHARDED)
    assert outcome.changed and not outcome.partly and outcome.differ == [] and outcome.compared >= 10
    assert "return jax.lax.cond(x.sum() > 0, lambda: jnp.exp(x) * 2.0, lambda: x)" in acclint_fix(SHARDED)[0]
    assert _fix_of(SHARDED)["ACC201"].fix.safe


def test_print_writes_constants_into_the_format_and_arrays_as_print_does():
    fixed, fixes = _checked("    print(x, 0.1, 'loss', -3, True, None, 'a {b}')\n    return x * 2\n")
    assert fixes["ACC401"].fix.safe
    assert """jax.debug.print("{!s} 0.1 loss -3 True None {}", x, 'a {b}')""" in fixed


# `f` runs `g` under vmap, with nothing batched: `g` is in a vmapped context, where the branch
# fix writes no lax.cond, so the select and its reason are what `g`'s branches get.
VMAPPED = ("import jax\nimport jax.numpy as jnp\n\n\n@jax.jit\ndef f(x, y):\n"
           "    return jax.vmap(g, in_axes=None, axis_size=1)(x, y)\n\n\ndef g(x, y):\n")


def _reason_of(source: str) -> str:
    fixes = _fix_of(source)
    return next(f.fix.reason for f in fixes.values() if f.fix is not None and not f.fix.safe)


# Each reason an unsafe fix gives, with an example: applied (`--unsafe-fixes`), the fix shows the
# very difference the reason names on some input of the harness (issue 35: a wrong reason teaches
# users to pass --unsafe-fixes blindly). tf.print's reason (it prints a tensor's values where
# print shows its repr) is run against TensorFlow in tests/test_tf_torch_frameworks.py, and
# ACC001's (another linter may need a bare noqa) is about other tools, not about what code computes.
@pytest.mark.parametrize(("body", "reason", "shown"), [
    # an int32 x: x * 2.0 is float32, x int32, and the select makes both float32 (under vmap,
    # where no lax.cond is written)
    (VMAPPED + "    if x.sum() > 0:\n        return x * 2.0\n    return x\n", "may differ in dtype,", ["dtype"]),
    # x a vector and y a scalar: the select broadcasts (an int x with a positive sum and a float
    # y would show the dtype too; the harness pairs an int x with a float y only where the sum is 0)
    ("    if x.sum() > 0:\n        z = jnp.abs(x)\n    else:\n        z = jnp.abs(y)\n    return z\n",
     "may differ in dtype and shape", ["shape"]),
    # a scalar x chosen by a condition of y's shape (1,): the select has y's axes
    (VMAPPED + "    if x.sum() > y:\n        return x\n    return -x\n", "the condition 'x.sum() > y' may have axes", ["shape"]),
    # d exp(x)/dx at a NaN element the select does not pick: 0 * nan in the gradient
    ("    return jnp.where(x > 50, x, jnp.exp(x)) if x.sum() > 0 else x\n", "derivative of 'jnp.exp(x)' can be inf/nan",
     ["gradient"]),
    # a pytree: print writes Array(...), jax.debug.print array(...)
])
def test_each_unsafe_reason_names_a_difference_its_fix_shows(body, reason, shown):
    source = body if body.startswith("import") else HEADER + body
    assert reason in _reason_of(source)
    outcome = check(source, lambda text: acclint_fix(text, unsafe=True))
    assert outcome.changed
    for difference in shown:
        assert any(f": {difference}" in d for d in outcome.differ), (difference, outcome.differ)


def test_a_pytree_print_reason_shows_on_a_weak_leaf():
    """print writes a weakly typed array (a Python float passed to the jitted function) with
    `weak_type=True`; jax.debug.print, jitted, without: the unsafe reason's difference."""
    source = HEADER + "    z = (x, y)\n    print(z)\n    return x\n"
    assert "may be a pytree, whose weakly typed arrays" in _reason_of(source)
    x, y = np.float32([1.5, 2.0]), 0.5  # a Python float: a weakly typed array
    _, want = _run(_load(source), x, y, eager=True)
    _, got = _run(_load(acclint_fix(source, unsafe=True)[0]), x, y, eager=False)
    assert "weak_type=True" in want and "weak_type=True" not in got and "Array([1.5, 2. ]" in got


def test_a_reason_about_a_part_acclint_has_no_rule_for_claims_no_difference():
    """`jnp.full_like(x, 1)` has the dtype and shape of `x` and a zero derivative: the select of
    a clamp to it is exact, though acclint cannot prove it. Its reason says so, and claims
    neither a difference of dtype or shape nor an inf/nan derivative; applied, the fix shows
    none."""
    source = HEADER + "    if x.sum() > 1:\n        z = jnp.full_like(x, 1)\n    else:\n        z = x\n    return z\n"
    reason = _reason_of(source)
    assert "acclint has no dtype and shape rule for 'jnp.full_like(x, 1)'" in reason
    assert "cannot prove the derivative of 'jnp.full_like(x, 1)' finite" in reason
    assert "may differ" not in reason and "can be inf/nan" not in reason
    outcome = check(source, lambda text: acclint_fix(text, unsafe=True))
    assert outcome.changed and outcome.compared >= 10 and outcome.differ == []

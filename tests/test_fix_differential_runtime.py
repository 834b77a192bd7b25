"""The safe-fix contract on runtime code, tested by running it (tests/fix_differential_runtime.py):
a `dlaccelerate` function changed by plain `--fix` computes, eagerly, on its trace build and
on a replay, what the original computed eagerly: the same values, dtypes, sizes and formats,
and the same gradients where the original's are finite; where it cannot, it raises.
"""

from __future__ import annotations

import pytest

from fix_differential import acclint_fix
from fix_differential_runtime import HEADER, check

pytestmark = pytest.mark.filterwarnings("ignore")


@pytest.mark.parametrize(("body", "fixed", "loud"), [
    # fixtures/runtime_control_flow.py leaky_gate: relu of a logical x is int32, 0.1 * x float32;
    # ifelse raises there, where `where` would promote
    ("    if mean(x) > 0:\n        return relu(x)\n    return 0.1 * x\n",
     "return ifelse(mean(x) > 0, relu(x), 0.1 * x)", True),
    # threshold_by_peak: an elif is a nested ifelse; -x of a logical x raises, as JAX refuses it
    ("    if sum(relu(x)) > 1.0:\n        return relu(x - 0.5)\n    elif mean(x) < 0:\n        return -x\n    return x\n",
     "return ifelse(sum(relu(x)) > 1.0, relu(x - 0.5), ifelse(mean(x) < 0, -x, x))", True),
    # clamp_running_total: x * 0.0 of a logical x is float32
    ("    total = mean(x)\n    total = total + mean(x * x)\n    if total < 0.2:\n        return x * 0.0\n    return x\n",
     "return ifelse(total < 0.2, x * 0.0, x)", True),
    # choose_scale: numbers, picked by a condition a helper receives
    ("    return x * scale(mean(x * x))\n\n\ndef scale(energy):\n    if energy > 1.0:\n        return 0.5\n    return 2.0\n",
     "return ifelse(energy > 1.0, 0.5, 2.0)", False),
    # fixtures/runtime_layers.py GatedScale: both branches read x * y, whose derivative (y, x)
    # may be inf; the original's gradient through it is then not finite either
    ("    if mean(x * y) > 0:\n        return relu(x * y)\n    return x * y\n",
     "return ifelse(mean(x * y) > 0, relu(x * y), x * y)", None),
    # the ACC203 of fixtures/runtime_control_flow.py: sqrt(abs(x)) on both sides
    ("    return sqrt(abs(x)) if sum(x) > 0 else -sqrt(abs(x))\n",
     "return ifelse(sum(x) > 0, sqrt(abs(x)), -sqrt(abs(x)))", None),
    # x and y of other sizes or formats: ifelse raises instead of broadcasting
    ("    if mean(x) > 0:\n        z = x * 2.0\n    else:\n        z = abs(y)\n    return z\n",
     "z = ifelse(mean(x) > 0, x * 2.0, abs(y))", True),
])
def test_runtime_branches_become_checked_selects_that_compute_the_same_or_raise(body, fixed, loud):
    source = HEADER + body
    assert fixed in acclint_fix(source)[0]
    outcome = check(source)
    assert outcome.changed and not outcome.partly and outcome.differ == [] and outcome.compared >= 10
    assert loud is None or bool(outcome.loud) == loud  # None: loud on some logical inputs or not, either is right


def test_a_runtime_branch_with_an_unbounded_derivative_keeps_its_if():
    """`sqrt(x)` not picked at x <= 0: the checked select computes it and multiplies its
    derivative (inf, nan) by zero, so the gradient would be nan; plain --fix leaves it, and the
    unsafe select shows the difference."""
    source = HEADER + "    if mean(x) > 0:\n        return sqrt(x)\n    return x\n"
    assert acclint_fix(source)[0] == source
    outcome = check(source, lambda text: acclint_fix(text, unsafe=True))
    assert any(": gradient" in d for d in outcome.differ), outcome.differ


def test_the_harness_sees_what_a_plain_select_would_change():
    """Not vacuous: `where` in place of `ifelse` promotes a logical x's branch, and the check
    says so."""
    source = HEADER + "    if mean(x) > 0:\n        return relu(x)\n    return 0.1 * x\n"
    outcome = check(source, lambda text: (acclint_fix(text)[0].replace("ifelse(", "where("), False))
    assert any(": dtype" in d for d in outcome.differ), outcome.differ

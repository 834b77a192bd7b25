"""The safe-fix contract on torch code, tested by running it (tests/fix_differential_torch.py): a
`torch.compile`d function changed by plain `--fix` computes, eagerly and compiled, what the
original computed eagerly: the same values, dtypes and shapes, and the same gradients where the
original's are finite. Skipped, saying why, where torch is not installed.
"""

from __future__ import annotations

import importlib.util

import pytest

pytestmark = [
    pytest.mark.filterwarnings("ignore"),
    pytest.mark.skipif(importlib.util.find_spec("torch") is None,
                       reason="torch is not installed (pip install 'acclint[torch]', CPU build: docs/crosscheck.md)"),
]

SEEDS = range(30)


def _torch():
    from fix_differential import acclint_fix, generate  # noqa: PLC0415 (after the skip)
    from fix_differential_torch import HEADER, TORCH, check  # noqa: PLC0415
    return acclint_fix, generate, HEADER, TORCH, check


def test_generated_torch_functions_compute_what_the_original_computed():
    _, generate, _, grammar, check = _torch()
    outcomes = [check(generate(seed, grammar)) for seed in SEEDS]
    assert [o.differ for o in outcomes if o.differ] == []
    changed = [o for o in outcomes if o.changed]
    # not vacuous: selects were written, compiled and compared
    assert len(changed) >= 4 and sum(not o.partly for o in changed) >= 3
    assert sum(o.compared for o in changed) >= 60


@pytest.mark.parametrize(("body", "select"), [
    # fixtures/torch_compile.py positive_part: one tensor, Python literals
    ("    if x.sum() > 0:\n        return x * 2.0\n    return x - 1.0\n", "torch.where(x.sum() > 0, x * 2.0, x - 1.0)"),
    # fixtures/torch_trace.py: an item of x broadcasts within x (an `if` needs one element)
    ("    if x[0] > 0:\n        return x * 2.0\n    return x - 1.0\n", "torch.where(x[0] > 0, x * 2.0, x - 1.0)"),
    # fixtures/torch_func.py row_sign: full reductions on both sides have one shape
    ("    if x.sum() > 0:\n        return x.sum()\n    return -x.sum()\n", "torch.where(x.sum() > 0, x.sum(), -x.sum())"),
])
def test_torch_selects_proven_exact(body, select):
    acclint_fix, _, header, _, check = _torch()
    outcome = check(header + body)
    assert outcome.changed and not outcome.partly and outcome.differ == [] and outcome.compared >= 10
    assert select in acclint_fix(header + body)[0]


def test_branches_of_two_tensors_are_not_proven_one_dtype():
    """torch promotes step by step by number of dimensions: `(x + y) * 2.0` of a 0-d float64 x
    and an int32 vector y is float64, `y * 2.0 + x` float32. The reason says what acclint cannot
    prove, and the select, applied with --unsafe-fixes, shows the difference."""
    acclint_fix, _, header, _, check = _torch()
    source = header + "    if x.sum() > 0:\n        return (x + y) * 2.0\n    return y * 2.0 + x\n"
    assert acclint_fix(source)[0] == source  # plain --fix leaves it
    outcome = check(source, unsafe=True)
    assert any("dtype torch.float32 vs torch.float64" in d for d in outcome.differ), outcome.differ

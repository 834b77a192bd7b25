"""benchmarks/reports/stages.py: the first stage of acclint's analysis that fails for a missed
label, one small written module per stage (and the found labels' reach), so that a stage
computed wrong fails here rather than skewing the held-out counts nobody may read by hand."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
REPORTS = ROOT / "benchmarks" / "reports"

HEADER = "# source: https://example.org/{name}\n# framework: JAX\n"

# name -> (module text, the stage of each label, in the order of their first lines)
MODULES = {
    # S1: no marker anywhere: the project never analyses the module.
    "s1_nothing_traced": ("""
import numpy as np


def noisy(x):
    return x + np.random.rand()  # label: ACC1
""", ["S1"]),
    # S2: a jitted function elsewhere; the label's function is called from no trace.
    "s2_not_in_context": ("""
import jax


@jax.jit
def step(x):
    return x + 1


def report(x):
    print(x)  # label: ACC4
""", ["S2"]),
    # S3: a loop calls a plain function with a new shape: no compiled call on the label.
    "s3_no_compiled_call": ("""
import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x + 1


def plain(x):
    return x


for i in range(10):
    plain(jnp.ones(i))  # label: ACC5
""", ["S3"]),
    # S3 again: the function the loop calls makes a compiled callable on each call but does not
    # run it (it keeps it): the call on the label runs nothing compiled.
    "s3_made_not_run": ("""
import jax

kept = []


def build(store):
    @jax.jit
    def f(x):
        return x + 1

    store.append(f)


for i in range(10):
    build(kept)  # label: ACC5
""", ["S3"]),
    # S4: a compiled call with a new shape, in a function run once, in no loop.
    "s4_not_repeated": ("""
import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x + 1


def run(i):
    return step(jnp.ones(i))  # label: ACC5


run(3)
""", ["S4"]),
    # S5: reached (a compiled call in a loop; a line of a traced function), nothing reported.
    "s5_reached_no_finding": ("""
import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    y = x + 1  # label: ACC4
    return y


x = jnp.ones(3)
for i in range(10):
    step(x)  # label: ACC5
""", ["S5", "S5"]),
    # S5a: a branch on a static parameter, in a jitted function: no value on the line is traced.
    "s5a_no_traced_value": ("""
from functools import partial

import jax


@partial(jax.jit, static_argnums=1)
def step(x, n):
    if n > 0:  # label: ACC2
        return x
    return -x
""", ["S5a"]),
    # S6: a branch on a traced value is ACC2, labelled here as another family.
    "s6_other_family": ("""
import jax


@jax.jit
def step(x):
    if x > 0:  # label: ACC4
        return x
    return -x
""", ["S6"]),
    # unknown: an ACC6 label with no line in any function (a trace the module does not hold).
    "unknown_acc6_at_module_level": ("""
import jax


@jax.jit
def step(x):
    return x + 1


scale = 1.0  # label[a]: ACC6
scale = 2.0  # label[a]
""", ["unknown"]),
    # found: in a traced function, and a compiled callable called a second time in the same
    # scope (S4: the key looked up again). Between them, a compiled call with a new shape,
    # labelled only at the call of its function in a loop: S3 and S4 pass through the module's
    # host calls (without them it would be S3), and the finding is at the compiled call in
    # `run` (issue 36: reported at the call), not on the label: S5.
    "found_reach_holds": ("""
import jax
import jax.numpy as jnp
import numpy as np
from flax.struct import dataclass, field


@jax.jit
def step(x):
    print(x)  # label: ACC4
    return x + 1


def run(i):
    return step(jnp.ones(i))


for i in range(10):
    run(i)  # label: ACC5


@dataclass
class Model:
    c: np.ndarray = field(pytree_node=False)


@jax.jit
def f(model):
    return 1.0


f(Model(np.ones(3)))
f(Model(np.ones(3)))  # label: ACC5
""", ["found", "S5", "found"]),
}


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"reports_{name}_for_stages", REPORTS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def stages():
    sys.path.insert(0, str(REPORTS))  # stages.py imports measure.py beside it, as run as a script
    try:
        return _load("stages")
    finally:
        sys.path.remove(str(REPORTS))


@pytest.fixture(scope="module")
def rows(stages, tmp_path_factory):
    folder = tmp_path_factory.mktemp("stages")
    for name, (text, _) in MODULES.items():
        (folder / f"{name}.py").write_text(HEADER.format(name=name) + text.lstrip("\n"))
    reports = [stages.read_report(p) for p in sorted(folder.glob("*.py"))]
    return {(r.report.path.stem, min(r.hazard.lines)): (r.stage, r.failed, r.why) for r in stages.stages(folder, reports)}


@pytest.mark.parametrize("name", sorted(MODULES))
def test_each_label_gets_its_stage(rows, name):
    got = [rows[key] for key in sorted(key for key in rows if key[0] == name)]
    assert [stage for stage, _, _ in got] == MODULES[name][1], got


def test_found_labels_pass_every_reach_stage(rows):
    found = {key: value for key, value in rows.items() if value[0] == "found"}
    assert len(found) == 2
    assert all(failed is None for _, failed, _ in found.values()), found


def test_the_held_out_half_is_never_listed(stages):
    with pytest.raises(SystemExit, match="counts only"):
        stages.main(["--half", "heldout", "--list"])


def test_how_a_compiled_call_repeats(stages, rows):
    # `for i in range(10)` is unbounded (more than five passes); a second call of the same
    # compiled callable repeats its lookup, which the analysis' storms do not count.
    loop = rows[next(key for key in rows if key[0] == "s5_reached_no_finding" and rows[key][2].startswith("a call"))]
    second = rows[max(key for key in rows if key[0] == "found_reach_holds")]
    assert loop[2].endswith(stages.UNBOUNDED), loop
    assert second[2].endswith(stages.BOUNDED), second

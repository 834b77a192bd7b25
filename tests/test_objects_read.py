"""The classes the data read (acclint.run.registry `objects_read`), and the `CallSite` seeds that
carry only those.

Property: a `CallSite` seed carries to the module it calls only the classes of the objects passed
that some reader looks up (a method marker's class, a host draw's generator, a host conversion's
class: `ModuleAnalysis.types(..., callers=True)`'s readers); any other class changes no answer
there, and a seed of none is not sent (so that module is not analysed again for it). The
findings it leads to are tests/test_objects_passed_across_modules.py's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from acclint.analysis.project import Project
from acclint.analysis.reach import CallSite
from acclint.frameworks.markers import load_markers
from acclint.rules.acc1_rng import draws_from, host_draw
from acclint.rules.tables import apis
from acclint.run.config import Settings
from acclint.run.options import options_for, project_of
from acclint.run.registry import objects_read
from two_modules import write_files

READ = [
    "tensorflow.data.Dataset",  # `ds.map(f)`: a method marker
    "random.Random", "numpy.random.Generator", "numpy.random.RandomState",  # generators' draws
    "scipy.stats.norm",  # `method_draws`' prefix: `norm(0, 1).rvs()`
    "keras.Model",  # `model.predict(x)`: a host conversion
]
UNREAD = ["int", "float", "bool", "typing.Any", "jax.Array", "jax.typing.ArrayLike", "mypkg.models.Net", "numpy.random"]


@pytest.mark.parametrize("cls", READ)
def test_classes_some_reader_looks_up_are_read(cls):
    assert objects_read(load_markers())(cls)


@pytest.mark.parametrize("cls", UNREAD)
def test_other_classes_are_not(cls):
    assert not objects_read(load_markers())(cls)


def test_draws_from_is_host_draw_of_some_method():
    """`draws_from(cls)` holds exactly where `host_draw` of `cls().m` does for some method m."""
    rng = apis()["rng"]
    methods = {*rng["stdlib_draws"], *rng["generator_methods_not_draws"], "normal", "integers", "rvs", "sample", "random"}
    methods |= {m for entry in rng["method_draws"] for m in entry["methods"]}
    classes = [*READ, *UNREAD, "scipy.stats.qmc.Sobol", "objax.random.Generator", "scipy", "random", "numpy.random.SeedSequence"]
    for cls in classes:
        assert draws_from(cls) == any(host_draw(f"{cls}().{m}") for m in methods), cls


def test_keeping_leaves_out_unread_classes_and_empty_places():
    site = CallSite("fn", "main", (("0", ("jax.Array",)), ("1", ("int", "random.Random")), ("gen", ("random.Random",))))
    read = objects_read(load_markers())
    assert site.keeping(read) == CallSite("fn", "main", (("1", ("random.Random",)), ("gen", ("random.Random",))))
    assert CallSite("fn", "main", (("0", ("jax.Array", "int")),)).keeping(read) is None
    kept = CallSite("fn", "main", (("1", ("random.Random",)),))
    assert kept.keeping(read) is kept


FILES = {
    "ops.py": """
        import torch

        @torch.compile
        def fn(x, gen):
            return x + gen.randint(1, 100)
    """,
    # a generator passed: read (ACC101's draw)
    "main.py": """
        import random
        import torch
        from ops import fn

        def run(x: torch.Tensor, n: int):
            return fn(x, random.Random(n))
    """,
    # annotated arrays, numbers and a project class passed: read by no one
    "other.py": """
        import jax
        from ops import fn

        class Box:
            pass

        def go(x: jax.Array, n: int):
            return fn(x, n) + fn(x, gen=Box())
    """,
}


def _sites(project: Project, root: Path) -> set[CallSite]:
    return {seed for seed in project.seeds().get(str(root / "ops.py"), ()) if type(seed) is CallSite}


def test_the_project_sends_only_read_classes(tmp_path):
    root = write_files(tmp_path, FILES)
    files = sorted(str(p) for p in root.glob("*.py"))
    assert _sites(project_of(files, options_for(Settings())), root) == {CallSite("fn", "main", (("1", ("random.Random",)),))}


def test_without_objects_read_every_class_is_sent(tmp_path):
    """The look-alike: the same project with no `objects_read` sends the unread classes too."""
    root = write_files(tmp_path, FILES)
    files = sorted(str(p) for p in root.glob("*.py"))
    sites = _sites(Project(files, load_markers()), root)
    assert any(site.caller == "main" and ("1", ("random.Random",)) in site.classes and len(site.classes) > 1 for site in sites)
    assert {site.caller for site in sites} == {"main", "other"}  # `x: torch.Tensor`, `x: jax.Array`, `n: int` too

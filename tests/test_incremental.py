"""Incremental project analysis: after an edit, a cached run analyses only what the edit can
change, and reports exactly what a run without the cache reports.

The project's per-file summaries (acclint.analysis.project, kept by acclint.run.cache) hold what
each version of a file sends to other files for the seeds it receives; the tests edit a small
package so that contexts come and go across modules and compare every cached run with a cold
one (`cache=False`).
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

import acclint.analysis.project as project_module
from acclint.api import run
from acclint.run.config import Settings

FILES = {
    "pkg/__init__.py": "from .helpers import scale\n",
    "pkg/helpers.py": """
        import numpy as np

        def scale(x):
            if x > 0:
                return x * 2
            return x

        def noisy(x):
            return x + np.random.rand()
        """,
    "pkg/deeper.py": """
        def clip(x):
            print(x)
            return x
        """,
    "pkg/train.py": """
        import jax
        from pkg import scale

        @jax.jit
        def step(x):
            return scale(x)
        """,
    "pkg/leaf.py": """
        def unrelated(x):
            return x + 1
        """,
}

# Each edit: (file, new text or None to delete); applied in order.
EDITS = [
    # the leaf changes: nothing else is analysed
    ("pkg/leaf.py", "def unrelated(x):\n    return x + 2\n"),
    # a second jitted function reaches `noisy` (ACC1 there appears)
    ("pkg/train.py", """
        import jax
        from pkg import scale
        from pkg.helpers import noisy

        @jax.jit
        def step(x):
            return scale(x)

        @jax.jit
        def other(x):
            return noisy(x)
        """),
    # the helper now calls a function of a third module (ACC4 there appears)
    ("pkg/helpers.py", """
        import numpy as np
        from pkg.deeper import clip

        def scale(x):
            if x > 0:
                return clip(x) * 2
            return x

        def noisy(x):
            return x + np.random.rand()
        """),
    # the context goes away: every finding reached from it goes too
    ("pkg/train.py", "def step(x):\n    return x\n"),
    # and comes back through a package re-export
    ("pkg/train.py", """
        import jax
        import pkg

        step = jax.jit(pkg.scale)
        """),
    # a new module joins the project and jits a helper
    ("pkg/extra.py", """
        import jax
        from pkg.deeper import clip

        run = jax.jit(clip)
        """),
    # and leaves again
    ("pkg/extra.py", None),
]


def write(root: Path, name: str, text: str | None) -> None:
    path = root / name
    if text is None:
        path.unlink()
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), "utf-8")


def findings(report) -> list[tuple]:
    return [(f.path, f.line, f.code, f.message) for f in report.findings]


@pytest.fixture
def analysed(monkeypatch) -> list[str]:
    """The module names the project layer analyses with libcst during a run."""
    names: list[str] = []
    real = project_module.ModuleAnalysis

    def counting(module, markers, pedantic, name, *rest, **keywords):
        names.append(name)
        return real(module, markers, pedantic, name, *rest, **keywords)

    monkeypatch.setattr(project_module, "ModuleAnalysis", counting)
    return names


def test_cached_runs_equal_cold_runs_over_edits_that_move_contexts_across_modules(tmp_path, monkeypatch, analysed):
    monkeypatch.chdir(tmp_path)
    for name, text in FILES.items():
        write(tmp_path, name, text)
    settings = Settings(cache_dir=str(tmp_path / "cache"))
    first = run(["pkg"], settings, cache=True)
    assert findings(first) == findings(run(["pkg"], settings))
    assert {f[2] for f in findings(first)} == {"ACC201"}  # scale's `if`, reached from train.step
    seen_codes = set()
    for name, text in EDITS:
        write(tmp_path, name, text)
        cached = run(["pkg"], settings, cache=True)
        cold = run(["pkg"], settings)
        assert findings(cached) == findings(cold), f"after editing {name}"
        seen_codes |= {f[2] for f in findings(cached)}
    assert {"ACC101", "ACC201", "ACC401"} <= seen_codes  # the edits did move contexts around


def test_an_edit_analyses_the_edited_file_and_what_its_seeds_reach(tmp_path, monkeypatch, analysed):
    monkeypatch.chdir(tmp_path)
    for name, text in FILES.items():
        write(tmp_path, name, text)
    settings = Settings(cache_dir=str(tmp_path / "cache"))
    run(["pkg"], settings, cache=True)
    assert set(analysed) == {"pkg.train", "pkg.helpers"}  # the context, and the helper it reaches
    analysed.clear()
    run(["pkg"], settings, cache=True)
    assert analysed == []  # nothing changed
    write(tmp_path, "pkg/leaf.py", "def unrelated(x):\n    return x + 2\n")
    run(["pkg"], settings, cache=True)
    assert analysed == []  # no marker in the leaf: it is screened, never analysed
    write(tmp_path, "pkg/train.py", textwrap.dedent(FILES["pkg/train.py"]) + "# a comment\n")
    run(["pkg"], settings, cache=True)
    # It sends the same seeds, so helpers' summary serves; train is analysed once with no
    # seeds and once with what `scale` returns to it (`x * 2`, traced), kept in that summary.
    assert analysed == ["pkg.train", "pkg.train"]
    analysed.clear()
    write(tmp_path, "pkg/train.py", EDITS[1][1])
    run(["pkg"], settings, cache=True)
    # helpers receives a new seed (noisy), and train what scale and noisy return to it
    assert analysed == ["pkg.train", "pkg.helpers", "pkg.train"]


RETURNS = {
    "pkg/__init__.py": "",
    "pkg/helpers.py": """
        import jax.numpy as jnp

        def energy(x):
            return jnp.sum(x ** 2)
        """,
    "pkg/train.py": """
        import jax
        from pkg.helpers import energy

        @jax.jit
        def step(x):
            if energy(x) > 0:
                return x
            return -x
        """,
}


def test_an_edit_to_a_helpers_return_updates_its_callers_findings(tmp_path, monkeypatch, analysed):
    """What a helper of another module returns reaches its traced caller (`if energy(x) > 0:`
    there is ACC201); an edit that makes the helper return a Python value takes the finding
    away, and one that gives the tracer back restores it, cached as cold."""
    monkeypatch.chdir(tmp_path)
    for name, text in RETURNS.items():
        write(tmp_path, name, text)
    settings = Settings(cache_dir=str(tmp_path / "cache"))

    cached_analysed: list[str] = []

    def train_codes() -> list[tuple]:
        analysed.clear()
        cached = run(["pkg"], settings, cache=True)
        cached_analysed[:] = analysed
        assert findings(cached) == findings(run(["pkg"], settings))
        return [(Path(f[0]).name, f[1], f[2]) for f in findings(cached)]

    assert train_codes() == [("train.py", 6, "ACC201")]
    write(tmp_path, "pkg/helpers.py", "def energy(x):\n    return x.shape[0]\n")
    assert train_codes() == []
    # train's summary (no seeds) serves; the helper returns no tracer, so train gets nothing back
    assert cached_analysed == ["pkg.helpers"]
    write(tmp_path, "pkg/helpers.py", RETURNS["pkg/helpers.py"])
    assert train_codes() == [("train.py", 6, "ACC201")]
    # train's summary still holds what it sends when given that return: only helpers is analysed
    assert cached_analysed == ["pkg.helpers"]

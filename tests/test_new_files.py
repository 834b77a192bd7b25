"""A new file costs what it adds: a cached run after a file is added, edited or deleted analyses
only what the change reaches, and prints byte for byte what a run without the cache prints.

The project layer keeps what each file sends other files under its bytes, module name and
received seeds, with the answers `in_project` gave its analysis (acclint.analysis.project), so
a new module re-analyses only the files that asked about its name. The spellings of "a change
that reaches other files" tested here: a new module that nothing imports (with or without a
marker), a new top-level module an existing script imports by name and jits, and a new
`__init__.py` that renames its directory's modules; the look-alike that is fine: a new module
inside a package whose traced callers already resolved into that package (nothing to ask anew).
A file added that takes no part in the reach (acclint.analysis.footprint) is linted alone, the
project not worked out at all: `ADDED` spells what takes part and what does not.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from acclint.analysis import project as project_module
from acclint.api import run
from acclint.run.config import Settings
from cli_run import acclint
from test_incremental import analysed  # noqa: F401  (the fixture counting libcst analyses)

FILES = {
    "pkg/__init__.py": "",
    "pkg/helpers.py": """
        def scale(x):
            if x > 0:
                return x * 2
            return x
        """,
    "pkg/train.py": """
        import jax
        from pkg.helpers import scale
        from pkg.later import clip

        @jax.jit
        def step(x):
            return clip(scale(x))
        """,
    "script.py": """
        import jax
        import utils

        @jax.jit
        def main(x):
            return utils.shift(x)
        """,
}


def write(root: Path, name: str, text: str | None) -> None:
    path = root / name
    if text is None:
        path.unlink()
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), "utf-8")


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    for name, text in FILES.items():
        write(tmp_path, name, text)
    return tmp_path


def cached(root: Path) -> list[tuple]:
    report = run(["."], Settings(cache_dir=str(root / "cache")), cache=True)
    return [(f.path, f.line, f.code, f.message) for f in report.findings]


def test_a_new_module_nothing_imports_is_all_that_is_analysed(project, analysed):
    cached(project)
    assert set(analysed) == {"pkg.helpers", "pkg.train", "script"}
    analysed.clear()
    write(project, "notes.py", "def unrelated(x):\n    return x + 1\n")  # no marker: screened only
    cached(project)
    assert analysed == []
    write(project, "pkg/extra.py", "import jax\n\n@jax.jit\ndef f(x):\n    print(x)\n    return x\n")
    found = cached(project)
    assert analysed == ["pkg.extra"]  # a context of its own, that nobody imports
    assert ("pkg/extra.py", 5, "ACC401") in [f[:3] for f in found]


def test_a_new_module_inside_a_package_already_named_asks_nothing_anew(project, analysed):
    cached(project)
    analysed.clear()
    # `pkg.later` was already taken for the project's (`pkg` is): train's question is answered
    # alike, and train is analysed again only because it now reaches `clip`, which `later` gets
    write(project, "pkg/later.py", "def clip(x):\n    if x > 1:\n        return 1\n    return x\n")
    found = cached(project)
    # train twice: for its own reach, then with what `clip` returns to it; helpers not at all
    assert set(analysed) == {"pkg.later", "pkg.train"}
    assert ("pkg/later.py", 2, "ACC201") in [f[:3] for f in found]


def test_a_new_top_level_module_a_script_imports_analyses_the_script_again(project, analysed):
    cached(project)
    analysed.clear()
    write(project, "utils.py", "def shift(x):\n    if x > 1:\n        return x\n    return -x\n")
    found = cached(project)
    # `utils.shift` was no name of the project when script.py was analysed: now it is (script is
    # analysed for its own reach, then with what `shift` returns to it)
    assert set(analysed) == {"script", "utils"} and "pkg.train" not in analysed
    assert ("utils.py", 2, "ACC201") in [f[:3] for f in found]
    analysed.clear()
    write(project, "utils.py", None)
    cached(project)
    assert set(analysed) == {"script"}


def test_a_new_init_renames_the_modules_and_their_results_follow(project, analysed):
    write(project, "lib/model.py", "import jax\nfrom .helpers import g\n\n@jax.jit\ndef f(x):\n    return g(x)\n")
    write(project, "lib/helpers.py", "def g(x):\n    if x > 0:\n        return x\n    return -x\n")
    before = cached(project)
    assert [f[3] for f in before if f[0] == "lib/helpers.py"][0].endswith("(reached from model.f (jax.jit))")
    analysed.clear()
    write(project, "lib/__init__.py", "")
    after = cached(project)
    assert {"lib.model", "lib.helpers"} <= set(analysed)  # a module's name is part of what it sends out
    assert [f[3] for f in after if f[0] == "lib/helpers.py"][0].endswith("(reached from lib.model.f (jax.jit))")
    assert after == [(f.path, f.line, f.code, f.message) for f in run(["."], Settings()).findings]


# A file added takes part in the project's reach, which is then worked out again, when its text
# names a marker, imports an installed library, spells a wrapper's name, renames its neighbours
# or is named by another file's import; otherwise every other file keeps its seeds and it alone
# is linted (acclint.analysis.footprint). Each spelling: (file, text, whether it takes part).
ADDED = [
    ("utils.py", "def shift(x):\n    return x\n", True),  # script.py's `import utils` looked it up
    ("runner.py", "def go(p, x):\n    def step(y):\n        print(y)\n        return y\n    return p.partition(step)(x)\n", True),
    ("loader.py", "import yaml\n\ndef load(text):\n    return yaml.safe_load(text)\n", True),  # an installed library
    ("lib/__init__.py", "", True),  # renames lib/model.py
    ("fast.py", "import jax\n\n@jax.jit\ndef f(x):\n    print(x)\n    return x\n", True),
    ("notes.py", "import os\nimport math\n\ndef unrelated(x):\n    return math.floor(x) + len(os.sep)\n", False),
    ("empty.py", "VALUE = 1\n", False),
]


@pytest.mark.parametrize("name, text, takes_part", ADDED, ids=[a[0] for a in ADDED])
def test_a_new_file_works_the_reach_out_again_only_where_it_takes_part(project, monkeypatch, name, text, takes_part):
    write(project, "pkg/part.py", "import jax\n\n\nclass Partitioner:\n    def partition(self, fn):\n        return jax.jit(fn)\n")
    write(project, "lib/model.py", "import jax\n\n@jax.jit\ndef f(x):\n    return x\n")
    cached(project)
    worked: list[int] = []
    real = project_module.Project.seeds
    monkeypatch.setattr(project_module.Project, "seeds", lambda self: worked.append(1) or real(self))
    write(project, name, text)
    found = cached(project)
    assert bool(worked) == takes_part
    assert found == [(f.path, f.line, f.code, f.message) for f in run(["."], Settings()).findings]
    if name == "runner.py":  # the wrapper method called by name traces `step`
        assert ("runner.py", 3, "ACC401") in [f[:3] for f in found]
    worked.clear()
    assert cached(project) == found and not worked  # and the next run is warm


# Each step: (file, new text or None to delete), applied in order, then every format compared.
STEPS = [
    ("notes.py", "def unrelated(x):\n    return x + 1\n"),  # added, imports nothing traced
    ("empty.py", "VALUE = 1\n"),  # added, takes no part in the reach: linted alone
    ("runner.py", "def go(p, x):\n    def step(y):\n        print(y)\n        return y\n    return p.partition(step)(x)\n"),
    ("utils.py", "def shift(x):\n    if x > 1:\n        return x\n    return -x\n"),  # added, imported
    ("pkg/later.py", "def clip(x):\n    print(x)\n    return x\n"),  # added inside the package
    ("pkg/helpers.py", "def scale(x):\n    return float(x) * 2\n"),  # edited
    ("utils.py", None),  # deleted
    ("lib/model.py", "import jax\nfrom .helpers import g\n\n@jax.jit\ndef f(x):\n    print(x)\n    return g(x)\n"),
    ("lib/helpers.py", "def g(x):\n    if x > 0:\n        return x\n    return -x\n"),
    ("lib/__init__.py", ""),  # the directory becomes a package
    ("pkg/later.py", None),  # deleted, its caller stays
]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_cached_reports_are_byte_identical_to_cold_ones_as_files_come_go_and_change(project, jobs):
    write(project, "pkg/part.py", "import jax\n\n\nclass Partitioner:\n    def partition(self, fn):\n        return jax.jit(fn)\n")
    for n in range(16):  # enough files for the first run to spread over workers with --jobs 2
        write(project, f"pkg/step{n}.py", f"import jax\nfrom pkg.helpers import scale\n\nstep = jax.jit(lambda x: scale(x) + {n})\n")
    cache = str(project / "cache")
    for name, text in STEPS:
        write(project, name, text)
        for form in ("json", "full", "concise"):
            warm = acclint("check", "--output-format", form, "--cache-dir", cache, "--jobs", jobs, ".", cwd=project)
            cold = acclint("check", "--output-format", form, "--no-cache", ".", cwd=project)
            assert warm.returncode == cold.returncode and warm.stderr == cold.stderr, (name, form)
            assert warm.stdout == cold.stdout, f"after {name}, {form}"
    assert '(reached from lib.model.f (jax.jit))' in acclint("check", "--output-format", "json", "--no-cache", ".", cwd=project).stdout

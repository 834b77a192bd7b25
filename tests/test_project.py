"""Project-wide contexts: functions of one file traced from another (acclint.analysis.project)."""

from pathlib import Path

from acclint.api import lint_paths
from acclint.cli import main
from acclint.analysis.project import module_name
from two_modules import write_files

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "example" / "project"


def _found(root: Path) -> set[tuple[str, int, str]]:
    return {(Path(f.path).relative_to(root).as_posix(), f.line, f.code) for f in lint_paths([root])}


def test_the_bundled_example_has_every_hazard_outside_the_step_module():
    findings = lint_paths([EXAMPLE])
    where = {(Path(f.path).name, f.line, f.code) for f in findings}
    assert where == {
        ("data.py", 8, "ACC101"),
        ("model.py", 8, "ACC201"),
        ("utils.py", 9, "ACC403"),
        ("utils.py", 10, "ACC302"),
    }
    assert all("(reached from trainer.train." in f.message for f in findings)
    assert all(Path(f.path).name != "train.py" for f in findings)


def test_module_names_follow_packages_and_scripts(tmp_path):
    write_files(tmp_path, {"pkg/__init__.py": "", "pkg/sub/__init__.py": "", "pkg/sub/m.py": "", "script.py": ""})
    assert module_name(tmp_path / "pkg" / "sub" / "m.py") == "pkg.sub.m"
    assert module_name(tmp_path / "pkg" / "sub" / "__init__.py") == "pkg.sub"
    assert module_name(tmp_path / "script.py") == "script"


def test_every_import_form_and_transitive_helpers(tmp_path):
    root = write_files(tmp_path, {
        "pkg/__init__.py": "from .effects import shout\n",
        "pkg/effects.py": """
            def shout(x):
                print(x)
        """,
        "pkg/deep.py": """
            from pkg import shout

            def deeper(x):
                shout(x)
                return float(x.sum())
        """,
        "pkg/helpers.py": """
            from .deep import deeper

            def helper(x):
                return deeper(x * 2.0)
        """,
        "pkg/main.py": """
            import jax
            import pkg.helpers as h

            @jax.jit
            def step(x):
                return h.helper(x)
        """,
    })
    assert _found(root) == {("pkg/effects.py", 3, "ACC401"), ("pkg/deep.py", 6, "ACC302")}


def test_marker_applied_to_an_imported_function_and_a_script_layout(tmp_path):
    root = write_files(tmp_path, {
        "model.py": """
            def forward(w, x, training=False):
                if training:
                    return x
                if (x @ w).sum() > 0:
                    return x @ w
                return -(x @ w)
        """,
        "train.py": """
            import jax
            from model import forward

            fast_forward = jax.jit(forward, static_argnames="training")
        """,
    })
    assert _found(root) == {("model.py", 5, "ACC201")}


def test_recursion_across_modules_ends_and_unreached_code_is_silent(tmp_path):
    root = write_files(tmp_path, {
        "a.py": """
            import jax
            from b import ping

            @jax.jit
            def start(x):
                return ping(x, 3)

            def pong(x, n):
                print(n)
                return ping(x, n - 1)
        """,
        "b.py": """
            from a import pong

            def ping(x, n):
                return pong(x, n) if n else x

            def unreached(x):
                print(x)
        """,
    })
    assert _found(root) == {("a.py", 10, "ACC401")}


def test_a_package_module_named_alone_is_linted_in_its_package_reach(capsys):
    utils = EXAMPLE / "trainer" / "utils.py"
    assert {(f.line, f.code) for f in lint_paths([utils])} == {(9, "ACC403"), (10, "ACC302")}
    assert main(["check", "--no-config", str(utils)]) == 1
    out = capsys.readouterr().out
    assert "utils.py" in out and "train.py" not in out and "data.py" not in out


def test_one_file_alone_says_nothing_it_cannot_know(tmp_path):
    root = write_files(tmp_path, {
        "utils.py": "def log(x):\n    print(x)\n",
        "train.py": "import jax\nfrom utils import log\n\n@jax.jit\ndef step(x):\n    log(x)\n    return x\n",
    })
    assert _found(root) == {("utils.py", 2, "ACC401")}
    assert lint_paths([root / "utils.py"]) == []


def test_fix_rewrites_a_helper_in_another_module(tmp_path, capsys):
    root = write_files(tmp_path, {
        "model.py": """
            def act(x):
                if x.sum() > 0:
                    return -x
                return x
        """,
        "train.py": """
            import jax
            from model import act

            @jax.jit
            def step(x):
                return act(x)
        """,
    })
    assert main(["check", "--no-config", "--fix", str(root)]) == 0
    assert "jnp.where(x.sum() > 0, -x, x)" in (root / "model.py").read_text()
    assert "import jax.numpy as jnp" in (root / "model.py").read_text()


def test_what_a_helper_of_another_module_returns_reaches_its_traced_caller(tmp_path):
    """`float`, `assert` and `if` on what a helper of another module returns are found when
    the helper returns an array computed from the traced argument, per call: the same helper
    given a Python value, or returning a static view, stays silent."""
    root = write_files(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/helpers.py": """
            import jax.numpy as jnp

            def energy(x):
                return jnp.sum(x ** 2)

            def pair(x, n):
                return jnp.tanh(x), n * 2

            def size(x):
                return x.shape[0]
        """,
        "pkg/train.py": """
            import jax
            from pkg import helpers
            from pkg.helpers import energy, pair, size

            @jax.jit
            def step(x):
                e = float(energy(x))
                assert helpers.energy(x) > 0
                if energy(x) > 0:
                    x = x + 1
                y, m = pair(x, 3)
                if m > 2:
                    x = x * 2
                if size(x) > 2:
                    x = x * 3
                return x

            @jax.jit
            def other(x, n: int):
                if energy(n) > 0:
                    return x
                return x
        """,
    })
    assert _found(root) == {("pkg/train.py", 8, "ACC302"), ("pkg/train.py", 9, "ACC204"), ("pkg/train.py", 10, "ACC201")}

"""libcst parses a module only where its analysis can find something a rule or another module reads.

Property (acclint.analysis.worth_parsing): a module is parsed with libcst only when it
receives a reach from another module (a traced call or hand-off, a value returned to its trace,
an object an imported function makes), spells a name that may resolve to a context marker or
accelerated base somewhere other than the import binding it, or spells the name of a wrapper of
another module it imports. A module that only imports such a name (a package `__init__`
re-exporting a wrapper, a module importing `jit` it never uses) has no context, sends no reach
and has no finding, so the run skips its parse and says the same.

Each shape the context analysis follows is parsed, and reports the hazard in the function it
puts in a context (an `if` on a traced value, ACC201).
"""

import pytest

from acclint.api import run
from acclint.run.config import Settings
from two_modules import write_files

WRAPPER = """
import jax

def my_jit(f):
    return jax.jit(f)
"""

BODY = """
def g(x):
    if x > 0:
        return x
    return -x
"""


def _run(tmp_path, files):
    write_files(tmp_path, files)
    report = run([str(tmp_path)], Settings())
    parsed = {r.path.replace("\\", "/").rsplit(str(tmp_path).replace("\\", "/") + "/", 1)[-1]: r.parsed for r in report.results}
    findings = [(f.path.rsplit("/", 1)[-1], f.line, f.code) for f in report.findings]
    return parsed, findings


SKIPPED = {
    "a marker imported, never used": {"user.py": "from jax import jit\n" + BODY},
    "a marker module imported as a name, never used": {"user.py": "from jax import jit as compile_it\nimport jax.numpy as jnp\n" + BODY},
    "a wrapper of another module imported, never used": {"compile.py": WRAPPER, "user.py": "from compile import my_jit\n" + BODY},
    "a marker imported from a module its path also names, never used": {"user.py": "from jax.experimental.pjit import pjit\n" + BODY},
    "a marker imported under its own name again, never used": {"user.py": "from jax.experimental.pjit import pjit as pjit\n" + BODY},
    "a package re-exporting a wrapper": {
        "pkg/__init__.py": "from .compile import my_jit\n__all__ = ['my_jit']\n",
        "pkg/compile.py": WRAPPER,
        "pkg/other.py": "import numpy as np\nfrom . import compile\n" + BODY,
    },
}


@pytest.mark.parametrize("name", sorted(SKIPPED))
def test_a_module_that_applies_nothing_is_not_parsed(tmp_path, name):
    files = SKIPPED[name]
    parsed, findings = _run(tmp_path, files)
    skipped = [path for path in files if path.endswith(("user.py", "__init__.py", "other.py"))]
    assert skipped and all(parsed[path] is False for path in skipped), parsed
    assert findings == []


# (files, the module that must be parsed, its line with the ACC201 finding)
FOLLOWED = {
    "decorator": ({"user.py": "from jax import jit\n\n@jit" + BODY}, "user.py", 5),
    "call with the function": ({"user.py": "import jax\n" + BODY + "\nh = jax.jit(g)\n"}, "user.py", 4),
    "the marker passed to a function": (
        {"user.py": "from jax import jit\n" + BODY + "\ndef apply(t, f):\n    return t(f)\n\nh = apply(jit, g)\n"}, "user.py", None),
    "a wrapper applied": ({"compile.py": WRAPPER, "user.py": "from compile import my_jit\n" + BODY + "\nh = my_jit(g)\n"}, "user.py", 4),
    "a wrapper imported under another name": (
        {"compile.py": WRAPPER, "user.py": "from compile import my_jit as mj\n" + BODY + "\nh = mj(g)\n"}, "user.py", 4),
    "a wrapper decorating": ({"compile.py": WRAPPER, "user.py": "import compile\n\n@compile.my_jit" + BODY}, "user.py", 5),
    "a returned wrapper application": (
        {"compile.py": WRAPPER, "user.py": "from compile import my_jit\n" + BODY + "\ndef make():\n    return my_jit(g)\n"}, "user.py", 4),
    "a class whose method is wrapped": (
        {"user.py": "import jax\n\nclass A:\n    def __init__(self):\n        self.f = jax.jit(self.g)\n\n"
                    "    def g(self, x):\n        if x > 0:\n            return x\n        return -x\n"}, "user.py", 8),
    "partial": (
        {"user.py": "from functools import partial\nfrom jax import jit\n\n@partial(jit, static_argnums=())" + BODY}, "user.py", 6),
    "an alias assignment": ({"user.py": "from jax import jit\nj = jit\n\n@j" + BODY}, "user.py", 6),
    "an alias of a wrapper": (
        {"compile.py": WRAPPER, "user.py": "from compile import my_jit\nj = my_jit\n" + BODY + "\nh = j(g)\n"}, "user.py", 5),
    # (a name a star import binds is not resolved: no finding, before or after; parsed all the same)
    "a star import of a marker's module": ({"user.py": "from jax import *\n\n@jit" + BODY}, "user.py", None),
    "a re-export named in __all__": (
        {"pkg/__init__.py": "from .compile import my_jit\n__all__ = ['my_jit']\n", "pkg/compile.py": WRAPPER,
         "user.py": "import pkg\n" + BODY + "\nh = pkg.my_jit(g)\n"}, "user.py", 4),
    # (a name bound by an import whose module path also spells it, `pjit` of
    # `jax.experimental.pjit`: the import spells the word once, any use of it is beyond)
    "a marker its module path also names, decorating": ({"user.py": "from jax.experimental.pjit import pjit\n\n@pjit" + BODY}, "user.py", 5),
    "a marker its module path also names, applied": (
        {"user.py": "from jax.experimental.shard_map import shard_map\n" + BODY + "\nh = shard_map(g, mesh=None, in_specs=None, out_specs=None)\n"},
        "user.py", 4),
    "a marker its module path also names, handed to partial in a method": (
        {"user.py": "import functools\nfrom jax.experimental.pjit import pjit\n\nclass P:\n    def wrap(self, fn):\n"
                    "        return functools.partial(pjit, in_shardings=None)(fn)\n\nh = P().wrap\n" + BODY + "\nk = P().wrap(g)\n"},
        "user.py", None),
    "a marker its module path also names, imported in a function": (
        {"user.py": BODY + "\ndef make():\n    from jax.experimental.pjit import pjit\n    return pjit(g)\n"}, "user.py", 3),
    "a reach from another module": (
        {"main.py": "import jax\nfrom user import g\n\nh = jax.jit(g)\n", "user.py": "from jax import jit\n" + BODY}, "user.py", 4),
}


@pytest.mark.parametrize("name", sorted(FOLLOWED))
def test_each_shape_the_analysis_follows_is_parsed(tmp_path, name):
    files, module, line = FOLLOWED[name]
    parsed, findings = _run(tmp_path, files)
    assert parsed[module] is True, parsed
    if line is not None:
        assert (module, line, "ACC201") in findings, findings


def test_an_unused_noqa_naming_acclint_in_such_a_module_is_still_reported(tmp_path):
    """ACC001 judges `# noqa: ACC...` on module-level code of every module it parses, so a
    module with one is parsed even where nothing is applied (what the run said before)."""
    parsed, findings = _run(tmp_path, {"user.py": "from jax import jit\nx = 1  # noqa: ACC201\n" + BODY})
    assert parsed["user.py"] is True
    assert ("user.py", 2, "ACC001") in findings, findings


def test_a_parallel_run_skips_and_reports_alike(tmp_path):
    """A parallel run's parent works the reach out without reading files (`Project.missing`): a
    module whose wrappers only its bytes can tell apart is left to a worker, which skips it."""
    files = {
        "compile.py": WRAPPER, "user.py": "from compile import my_jit\n" + BODY,
        "used.py": "from compile import my_jit\n" + BODY + "\nh = my_jit(g)\n",
    }
    write_files(tmp_path, files)
    alone, together = run([str(tmp_path)], Settings()), run([str(tmp_path)], Settings(), jobs=2)
    assert [(r.path, r.parsed) for r in alone.results] == [(r.path, r.parsed) for r in together.results]
    assert {r.path.rsplit("/", 1)[-1]: r.parsed for r in together.results}["user.py"] is False
    assert [f.sort_key() for f in alone.findings] == [f.sort_key() for f in together.findings] != []

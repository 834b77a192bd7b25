"""Make ``acclint.runtime`` importable from a checkout where the project is not installed.

pyproject.toml maps the directory ``runtime/`` to the package ``acclint.runtime``; an
installation does that mapping, a bare checkout does not, so the runtime is loaded here from
``runtime/`` under that name. Nothing of the linter engine is imported (at most the
``acclint`` package's ``__init__``, which imports nothing).
"""

import importlib.util
import inspect
import pathlib
import sys
import types

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

if "acclint.runtime" not in sys.modules and importlib.util.find_spec("acclint") is None:
    sys.modules["acclint"] = types.ModuleType("acclint")
    sys.modules["acclint"].__path__ = [str(ROOT / "acclint")]
try:
    import acclint.runtime  # noqa: F401
except ModuleNotFoundError:
    spec = importlib.util.spec_from_file_location(
        "acclint.runtime", ROOT / "runtime" / "__init__.py",
        submodule_search_locations=[str(ROOT / "runtime")])
    module = importlib.util.module_from_spec(spec)
    sys.modules["acclint.runtime"] = module
    spec.loader.exec_module(module)
    sys.modules["acclint"].runtime = module


@pytest.fixture
def line_of():
    """``line_of(function, marker)``: the line number of the source line of ``function`` that
    ends with the comment ``# <marker>`` (so tests name lines instead of counting them)."""

    def find(function, marker):
        lines, first = inspect.getsourcelines(function)
        hits = [first + i for i, text in enumerate(lines) if text.rstrip().endswith(f"# {marker}")]
        assert len(hits) == 1, f"marker {marker!r} found {len(hits)} times in {function.__name__}"
        return hits[0]

    return find

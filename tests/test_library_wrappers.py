"""Wrappers of installed libraries inferred from their source (acclint.analysis.library_wrappers):
a fake library installed in a temporary site folder (a package and a dist-info with a version)
is read, never imported; its wrappers are found two calls deep and through a lax loop, a module
that does not parse and recursive chains give no wrapper (and say why), and the cache kept per
library version is read by a second run and dropped when the version changes."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from acclint.analysis.library_wrappers import InstalledLibraries
from acclint.api import lint_paths
from acclint.cli import main
from acclint.frameworks.markers import CACHED, load_markers
from two_modules import write_files

LIBRARY = {
    "fakelib/__init__.py": """
        from ._compile import compiled
        from .loops import fixed_point
        from . import broken_names
        raise RuntimeError("acclint must never import this library")
    """,
    "fakelib/_compile.py": """
        from .core import jit_it

        def compiled(fn, donate=False):
            return jit_it(fn)

        def register(fn, registry={}):
            registry[fn.__name__] = fn
            return fn
    """,
    "fakelib/core.py": """
        import jax

        def jit_it(f):
            return jax.jit(f)
    """,
    "fakelib/loops.py": """
        from jax import lax

        def fixed_point(f, x0, iterations=10):
            def body(i, x):
                return f(x)
            return lax.fori_loop(0, iterations, body, x0)
    """,
    "fakelib/broken_names.py": """
        import jax

        def jitted(fn):
            return jax.jit(fn)

        def oops(:
    """,
    "fakelib/cycles.py": """
        def itself(fn):
            return itself(fn)

        def ping(fn):
            return pong(fn)

        def pong(fn):
            return ping(fn)

        from .cycles_b import there

        def here(fn):
            return there(fn)
    """,
    "fakelib/cycles_b.py": """
        from .cycles import here

        def there(fn):
            return here(fn)
    """,
}


def install(site: Path, version: str = "1.0") -> Path:
    """The fake library and its dist-info under `site`."""
    write_files(site, LIBRARY)
    info = site / f"fakelib-{version}.dist-info"
    for old in site.glob("fakelib-*.dist-info"):
        for file in old.iterdir():
            file.unlink()
        old.rmdir()
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: fakelib\nVersion: {version}\n")
    return site


@pytest.fixture
def site(tmp_path) -> Path:
    return install(tmp_path / "site")


def libraries(site: Path, store: Path | None = None) -> InstalledLibraries:
    return InstalledLibraries(load_markers(), path=[str(site)], store=store)


def test_a_wrapper_two_calls_deep_across_the_library_modules(site):
    found = libraries(site).applied("fakelib.compiled")  # a re-export of _compile.compiled -> core.jit_it -> jax.jit
    assert found is not None and found[0].name == "jax.jit" and found[0].fun == (0,) and found[0].keywords == ("fn",)


def test_a_function_calling_its_callable_in_a_fori_loop_body(site):
    found = libraries(site).applied("fakelib.loops.fixed_point")
    assert found is not None and found[0].kind == CACHED and found[0].fun == (0,)


def test_a_function_storing_its_callable_is_no_wrapper(site):
    assert libraries(site).applied("fakelib._compile.register") is None


def test_a_module_that_does_not_parse_gives_no_wrapper_and_says_why(site):
    found = libraries(site)
    assert found.applied("fakelib.broken_names.jitted") is None
    assert "does not parse" in found.reasons["fakelib.broken_names.jitted"]
    assert "fakelib 1.0" in found.reasons["fakelib.broken_names.jitted"]


@pytest.mark.parametrize("name, why", [
    ("itself", "hands `fn` only to itself"),
    ("ping", "hands it back (fakelib.cycles.ping -> fakelib.cycles.pong -> fakelib.cycles.ping)"),
    ("here", "hands it back (fakelib.cycles.here -> fakelib.cycles_b.there -> fakelib.cycles.here)"),
])
def test_recursive_chains_end_with_no_wrapper_and_say_why(site, name, why):
    found = libraries(site)
    assert found.applied(f"fakelib.cycles.{name}") is None
    [line] = found.report()
    assert line.startswith(f"no wrapper: fakelib.cycles.{name} (installed fakelib 1.0): ") and why in line


def test_the_report_names_the_wrappers_asked_about_and_the_modules_that_do_not_parse(site):
    found = libraries(site)
    found.applied("fakelib.compiled")
    found.applied("fakelib.broken_names.jitted")
    found.applied("fakelib._compile.register")  # stores its callable: hands nothing on, no line
    assert [line.split(":")[0] + ":" + line.split(":")[1] for line in found.report()] == [
        "wrapper: fakelib.compiled (installed fakelib 1.0)",
        "no wrapper: fakelib.broken_names.jitted",
    ]
    assert "does not parse" in found.report()[1]


def test_the_frameworks_own_names_and_the_standard_library_are_never_read(site):
    found = libraries(site)
    assert not found.readable("jax.lax.fori_loop") and not found.readable("functools.partial")
    assert found.readable("fakelib.compiled")


def test_the_cache_is_read_by_a_second_run_and_dropped_when_the_version_changes(site, tmp_path):
    store = tmp_path / "store"
    first = libraries(site, store)
    assert first.applied("fakelib.compiled") is not None
    first.save()
    kept = sorted(p.name for p in store.iterdir())
    assert len(kept) == 1 and kept[0].startswith("fakelib-1.0-")
    assert "fakelib._compile" in json.loads((store / kept[0]).read_text())["modules"]
    # The source changes under the same version: the cache answers (the file is not parsed again).
    (site / "fakelib/core.py").write_text("def jit_it(f):\n    return f\n")
    assert libraries(site, store).applied("fakelib.compiled") is not None
    # Another version: another cache file, and the source is read again.
    install(site, "2.0")
    (site / "fakelib/core.py").write_text("def jit_it(f):\n    return f\n")
    second = libraries(site, store)
    assert second.applied("fakelib.compiled") is None
    second.save()
    assert any(p.name.startswith("fakelib-2.0-") for p in store.iterdir())


def test_a_cache_file_holding_garbage_is_ignored(site, tmp_path):
    store = tmp_path / "store"
    first = libraries(site, store)
    first.applied("fakelib.compiled")
    first.save()
    for file in store.iterdir():
        file.write_text(json.dumps({"format": 1, "modules": {"fakelib._compile": [1, 2], "fakelib": "x"}}))
    assert libraries(site, store).applied("fakelib.compiled") is not None


# -- a project using the installed library: three spellings and a look-alike ----------------
USES = """
    import jax.numpy as jnp
    import fakelib
    import fakelib as fl
    from fakelib import compiled
    from fakelib.loops import fixed_point
    from fakelib._compile import register

    @fakelib.compiled
    def decorated(x):
        print(x)  # expect: ACC401
        return x

    def called(x):
        return float(x.sum())  # expect: ACC302

    def imported(x):
        if x.sum() > 0:  # expect: ACC201
            return x
        return -x

    def step(x):
        return x + jnp.asarray(x).item()  # expect: ACC303

    def kept(x):
        print(x)
        return x

    fast = fl.compiled(called)
    faster = compiled(imported)
    root = fixed_point(step, jnp.ones(3))
    register(kept)
"""


def test_a_project_calling_the_installed_library_wrappers(site, tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(site))
    root = write_files(tmp_path / "project", {"train.py": USES})
    found = {(f.line, f.code) for f in lint_paths([root])}
    expected = {
        (number, line.split("# expect: ")[1].strip())
        for number, line in enumerate(textwrap.dedent(USES).splitlines(), 1) if "# expect: " in line
    }
    assert found == expected


def test_show_wrappers_says_why_each_chain_gives_no_context(site, tmp_path, monkeypatch, capsys):
    """`--show-wrappers` on a project with its own recursive chains (a wrapper passing itself,
    two modules handing the callable to each other) calling the installed library, whose one
    module does not parse: every line says what the run infers, and nothing crashes or hangs."""
    monkeypatch.syspath_prepend(str(site))
    root = write_files(tmp_path / "project", {
        "a.py": """
            import jax
            import fakelib
            from fakelib.broken_names import jitted
            from b import pong

            def itself(fn):
                return itself(fn)

            def ping(fn):
                return pong(fn)

            def mine(fn):
                return fakelib.compiled(fn)

            def step(x):
                return x

            fast = jitted(step)
        """,
        "b.py": """
            from a import ping

            def pong(fn):
                return ping(fn)
        """,
    })
    assert main(["check", "--show-wrappers", str(root)]) == 0
    lines = [line.replace(str(root) + "/", "") for line in capsys.readouterr().out.splitlines()]
    assert lines[:2] == [
        "wrapper: a.mine (a.py): jax.jit (cached) on the function at position 0 or keyword fn",
        "no wrapper: a.itself (a.py): hands `fn` only to itself (itself): a recursive chain traces nothing by itself",
    ]
    assert lines[2].startswith("no wrapper: a.ping (a.py): hands `fn` to b.pong, which hands it back (a.ping -> b.pong -> a.ping)")
    assert lines[3].startswith("no wrapper: b.pong (b.py): ")
    assert lines[4].startswith("wrapper: fakelib.compiled (installed fakelib 1.0): jax.jit")
    assert lines[5].startswith("no wrapper: fakelib.broken_names.jitted: fakelib 1.0's ") and "does not parse" in lines[5]
    assert len(lines) == 6

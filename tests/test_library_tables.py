"""Library tables (acclint/frameworks/libraries/*.toml): the higher-order functions of equinox
(internal loops too), flax, haiku, optax, optimistix, diffrax, jraph and haliax put the functions they
are given in a context without acclint reading the library; where a library is installed its
source (read as text, never imported) decides whether each entry names something real, and
`--show-settings` says which do not (tests need none of the libraries)."""

from __future__ import annotations

import textwrap

import pytest

from acclint.api import lint_text
from acclint.cli import main
from acclint.frameworks import libraries, markers
from acclint.run.config import Settings


def found(source: str) -> list[tuple[int, str]]:
    return [(f.line, f.code) for f in lint_text(textwrap.dedent(source), "m.py", Settings()).findings]


BRANCH = "def body(c, *rest):\n    if c.sum() > 0:\n        return c - 1\n    return c\n\n"
CASES = {
    "equinox.internal.while_loop": "import equinox.internal as eqxi\n" + BRANCH + "out = eqxi.while_loop(lambda c: c.sum() > 0, body, x0, max_steps=9, kind='checkpointed')\n",
    "equinox.internal.scan": "import equinox.internal as eqxi\n" + BRANCH + "out = eqxi.scan(body, x0, xs, kind='lax')\n",
    "flax.linen.while_loop": "from flax import linen as nn\n" + BRANCH + "out = nn.while_loop(lambda m, c: c.sum() > 0, body, mdl, x0)\n",
    "haiku.map": "import haiku as hk\n" + BRANCH + "out = hk.map(body, xs)\n",
    "optimistix.root_find": "import optimistix as optx\n" + BRANCH + "sol = optx.root_find(body, solver, x0)\n",
    "diffrax.ODETerm": "import diffrax\n" + BRANCH + "term = diffrax.ODETerm(body)\n",
    "jraph.GraphNetwork": "import jraph\n" + BRANCH + "net = jraph.GraphNetwork(update_edge_fn=None, update_node_fn=body)\n",
    "jraph.GraphConvolution": "import jraph\n" + BRANCH + "net = jraph.GraphConvolution(body)\n",
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_library_higher_order_function_puts_its_function_in_a_context(case):
    assert found(CASES[case]) == [(3, "ACC201")]


def test_optax_value_and_grad_from_state_differentiates_its_function():
    source = """
        import optax

        def loss(w):
            return float(w.sum())

        value_and_grad = optax.value_and_grad_from_state(loss)
    """
    assert found(source) == [(5, "ACC302")]


def test_a_function_only_stored_by_a_library_is_no_context():
    source = "import jraph\n" + BRANCH + "registry = jraph.batch([graph])\nbody(x0)\n"
    assert found(source) == []


def test_every_table_entry_is_defined_where_its_library_is_installed():
    """The tables' names checked against the installed source (equinox, flax, haiku, optax,
    diffrax, optimistix and jraph come with the test extra)."""
    assert libraries.absent_entries() == ()


@pytest.fixture
def fake_library(tmp_path, monkeypatch):
    """A package `acclint_fake_lib` on sys.path with one real function, and a table naming it,
    a name it lacks and a module it lacks."""
    package = tmp_path / "acclint_fake_lib"
    package.mkdir()
    monkeypatch.syspath_prepend(str(tmp_path))
    table = {
        "library": {"name": "acclint-fake-lib", "package": "acclint_fake_lib", "framework": "jax"},
        "cached": {"acclint_fake_lib.solve": {}, "acclint_fake_lib.missing": {}, "acclint_fake_lib.nowhere.loop": {}},
    }
    monkeypatch.setattr(libraries, "library_files", lambda: (table,))
    libraries.absent_entries.cache_clear()
    yield package
    libraries.absent_entries.cache_clear()


def test_entries_naming_what_the_library_lacks_are_listed_and_left_out(fake_library):
    (fake_library / "__init__.py").write_text("def solve(fn, x0):\n    return fn(x0)\n")
    absent = libraries.absent_entries()
    assert [line.split(":", 1)[0] for line in absent] == ["acclint_fake_lib.missing", "acclint_fake_lib.nowhere.loop"]
    assert "defines no missing" in absent[0] and "has no module acclint_fake_lib.nowhere" in absent[1]


def test_an_array_of_tables_is_not_checked_as_names(fake_library, monkeypatch):
    """numpyro's `[[instances]]` are tables, not names (iterating them as names crashed every lint
    with numpyro importable), and they are kept whatever the source says: only a named entry the
    source lacks is said to be left out."""
    (fake_library / "__init__.py").write_text("class Sampler:\n    pass\n")
    table = {
        "library": {"name": "acclint-fake-lib", "package": "acclint_fake_lib", "framework": "jax"},
        "instances": [{"class": "acclint_fake_lib.Sampler", "makers": ["acclint_fake_lib.Gone"]}],
        "compiled": {"acclint_fake_lib.solve": "jax.jit"},
    }
    monkeypatch.setattr(libraries, "library_files", lambda: (table,))
    absent = libraries.absent_entries()
    assert [line.split(":", 1)[0] for line in absent] == ["acclint_fake_lib.solve"]


def test_a_library_whose_source_does_not_parse_is_read_without_crashing(fake_library):
    (fake_library / "__init__.py").write_bytes(b"def solve(fn, x0:\n    return (((\n\xff\xfe")
    absent = libraries.absent_entries()
    assert len(absent) == 2  # `solve` is still defined as text says; the other two are not


def test_show_settings_says_which_entries_are_left_out(fake_library, capsys):
    (fake_library / "__init__.py").write_text("solve = None\n")
    assert main(["check", "--show-settings"]) == 0
    out = capsys.readouterr().out
    assert "# library table entry left out: acclint_fake_lib.missing:" in out


def test_left_out_entries_are_no_markers(fake_library, monkeypatch):
    (fake_library / "__init__.py").write_text("def solve(fn, x0):\n    return fn(x0)\n")
    monkeypatch.setattr(markers, "library_files", libraries.library_files)
    monkeypatch.setattr(markers, "absent_names", libraries.absent_names)
    markers.load_markers.cache_clear()
    try:
        table = markers.load_markers()
        assert "acclint_fake_lib.solve" in table.markers and "acclint_fake_lib.missing" not in table.markers
    finally:
        markers.load_markers.cache_clear()


def test_show_wrappers_lists_the_entries_left_out_too(fake_library, tmp_path, capsys):
    (fake_library / "__init__.py").write_text("solve = None\n")
    (tmp_path / "m.py").write_text("x = 1\n")
    assert main(["check", "--show-wrappers", str(tmp_path / "m.py")]) == 0
    assert "library table entry left out: acclint_fake_lib.missing: acclint-fake-lib" in capsys.readouterr().out


# haliax's `named_jit` is a jit: the function it is given (first positional or `fn=`, in a call
# or as a decorator, bare or configured) is traced (haliax/partitioning.py: `_NamedJitWrapper`
# calls the function under pjit). Levanter's trainer is the real-code shape: a cached property
# handing a method of its class on (benchmarks/wrappers_set.tsv, stop44).
HALIAX = {
    "call": "import haliax as hax\n" + BRANCH + "step = hax.named_jit(body, axis_resources=mapping)\n",
    "keyword": "import haliax as hax\n" + BRANCH + "step = hax.named_jit(fn=body, donate_args=(True,))\n",
    "module": "from haliax.partitioning import named_jit\n" + BRANCH + "step = named_jit(body)\n",
    "decorator": "import haliax\n@haliax.named_jit\n" + BRANCH.replace("def body", "def body", 1),
    "configured decorator": "import haliax as hax\n@hax.named_jit(axis_resources=mapping)\n" + BRANCH,
}


@pytest.mark.parametrize("case", list(HALIAX))
def test_haliax_named_jit_traces_its_function(case):
    line = 4 if "decorator" in case else 3
    assert found(HALIAX[case]) == [(line, "ACC201")]


def test_haliax_named_jit_of_a_method_in_a_cached_property_traces_the_method():
    source = """
        import functools
        from haliax.partitioning import named_jit

        class Trainer:
            @functools.cached_property
            def _jit_step(self):
                return named_jit(self._step, donate_args=(True,))

            def _step(self, state, batch):
                print("step")
                return state

            def train_step(self, state, batch):
                return self._jit_step(state, batch)
    """
    assert found(source) == [(11, "ACC401")]


def test_a_function_handed_to_haliax_shard_or_to_another_named_jit_is_no_context():
    """Look-alikes: `hax.shard` places arrays (it runs no function it is given), and a
    `named_jit` of a module that is not haliax is not haliax's."""
    assert found("import haliax as hax\n" + BRANCH + "y = hax.shard(body, mapping)\n") == []
    assert found("import mylib\n" + BRANCH + "step = mylib.named_jit(body)\n") == []

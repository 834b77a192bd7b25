"""A module's dataclass field filled at construction holds the instance the constructions pass.

The property: where a flax (or other traced-class) module declares a field with a type that
names no class of its own (`relative_embedding: nn.Module`) and every construction of the
module in its file passes one class's instance for it (`DecoderLayer(relative_embedding=rel_emb)`
after `rel_emb = layers.RelativePositionBiases(...)`), `self.relative_embedding(l, l)` calls that
class's `__call__` with the call's arguments, so the submodule's parameters take the kinds the
call gives (acclint.analysis.modules `_constructed`), not the entry kinds a module's `__call__`
gets when no call is seen to reach it. Found on real code (round11): t5x's decoder-only
`RelativePositionBiases.__call__` builds `np.arange(qlen)` from `qlen`, which
`DecoderLayer.__call__` passes as `inputs.shape[-2]`, a Python int: a false ACC304 (`qlen` is
also compared with a cached bias's shape, so it is no parameter used only as a size, which a
module's entry would take as static).

Snippets are linted whole (`# expect: CODE` marks each line that must be reported); the
cross-module spelling is a project.
"""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

from acclint.api import lint_paths
from labelled import assert_labels_match
from two_modules import found_in, write_files

_BIAS = '''
    import flax.linen as nn
    import jax.numpy as jnp
    import numpy as np

    class Bias(nn.Module):
        heads: int

        @nn.compact
        def __call__(self, qlen, klen):
            if self.has_variable("cache", "bias"):
                cached = self.get_variable("cache", "bias")
                if cached.shape != (1, self.heads, qlen, klen):
                    raise ValueError("stale cache")
                return cached
            pos = np.arange(qlen)[:, None] - np.arange(klen)[None, :]{expect}
            return jnp.asarray(pos) * self.heads
'''

_BLOCK = '''
    class Block(nn.Module):
        bias: nn.Module

        @nn.compact
        def __call__(self, x):
            n = {size}
            return x + self.bias(n, n)
'''


def _module(construct: str, size: str = "x.shape[-2]", expect: str = "") -> str:
    return _BIAS.format(expect=expect) + _BLOCK.format(size=size) + construct


def test_a_field_given_an_instance_by_name_runs_that_class_with_the_call_s_kinds():
    assert_labels_match(_module('''
    class Net(nn.Module):
        @nn.compact
        def __call__(self, x):
            shared = Bias(heads=2)
            for _ in range(2):
                x = Block(bias=shared)(x)
            return x
    '''))


def test_a_field_given_the_instance_in_the_construction():
    assert_labels_match(_module('''
    class Net(nn.Module):
        @nn.compact
        def __call__(self, x):
            return Block(bias=Bias(heads=2))(x)
    '''))


def test_a_traced_argument_still_reaches_the_submodule():
    """The look-alike: the call hands the submodule a tracer, and `np.arange` of it raises."""
    assert_labels_match(_module('''
    class Net(nn.Module):
        @nn.compact
        def __call__(self, x):
            return Block(bias=Bias(heads=2))(x)
    ''', size="x.sum()", expect="  # expect: ACC304"))


def test_constructions_that_disagree_leave_the_field_unknown():
    """Two classes for one field: which `__call__` runs is not known, and the submodule keeps
    the entry kinds of a module no call is seen to reach."""
    assert_labels_match(_module('''
    class Other(nn.Module):
        @nn.compact
        def __call__(self, qlen, klen):
            return qlen

    class Net(nn.Module):
        @nn.compact
        def __call__(self, x):
            x = Block(bias=Other())(x)
            return Block(bias=Bias(heads=2))(x)
    ''', expect="  # expect: ACC304"))


def _namespace_project(tmp_path: Path) -> Path:
    """t5x's layout: `t5x/examples/__init__.py`, and `decoder_only/` without one."""
    return write_files(tmp_path, {
        "proj/__init__.py": "",
        "proj/examples/__init__.py": "",
        "proj/examples/decoder/layers.py": _BIAS.format(expect=""),
        "proj/examples/decoder/network.py": "import flax.linen as nn\nfrom proj.examples.decoder import layers\n" + dedent(
            _BLOCK.format(size="x.shape[-2]")
        ) + dedent('''
            class Net(nn.Module):
                @nn.compact
                def __call__(self, x):
                    rel = layers.Bias(heads=2)
                    return Block(bias=rel)(x)
        '''),
    })


def test_the_submodule_class_in_another_module_of_a_namespace_package(tmp_path: Path):
    assert found_in(_namespace_project(tmp_path)) == set()


def test_a_module_of_a_namespace_subpackage_linted_alone_sees_its_package(tmp_path: Path):
    """The run adds the package a file lies in (acclint.run.plan.with_packages), and a
    directory without `__init__.py` inside a package is part of it: linting `layers.py` alone
    sees `network.py`'s call."""
    root = _namespace_project(tmp_path)
    (root / "pyproject.toml").write_text("")
    layers = root / "proj" / "examples" / "decoder" / "layers.py"
    assert [(f.line, f.code) for f in lint_paths([layers])] == []


def test_a_field_declared_with_its_own_class_keeps_it_whatever_a_factory_passes():
    """levanter's `filter_fn: HyenaFilter`, filled by `HyenaFilter.init(...)`: the declared class
    is the one whose `__call__` runs; a factory's result is no class (found at the merge's
    whole real-code run: an ACC201 in a submodule the factory path left to its entry kinds)."""
    assert_labels_match(_module('''
    class Net(nn.Module):
        @nn.compact
        def __call__(self, x):
            return Typed(bias=Bias.make(2))(x)

    class Typed(nn.Module):
        bias: Bias

        @nn.compact
        def __call__(self, x):
            n = x.shape[-2]
            return x + self.bias(n, n)
    ''').replace("        heads: int\n", "        heads: int\n\n        @classmethod\n        def make(cls, heads):\n            return cls(heads=heads)\n", 1))

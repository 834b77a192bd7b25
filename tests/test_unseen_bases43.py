"""A call in a trace of an instance of another module's class (a submodule, an annotated
parameter) reaches the class's `__call__`/`forward` only where that module can tell what kind
of class it is: its bases its own or a library's. One deriving from a class the module cannot
see (a project class of a third module; haiku's `class hk: Module = module.Module` namespace)
may be a framework module (maxtext's `MLA(Attention)`, an nnx module; haiku's `Linear`) whose
attribute writes are that framework's state, not writes a cached call skips (the real-code
benchmark's ACC409s on maxtext and dm-haiku at stop 43)."""

import pytest

from test_reach43 import _expected, _found
from two_modules import write_files

NNX_BASE = """
    from flax import nnx

    class Attention(nnx.Module):
        def __init__(self, dim):
            self.dim = dim
"""

MLA = """
    from base import Attention

    class MLA(Attention):
        def __call__(self, x):
            self.softmax_scale = self.dim ** -0.5
            return x * self.softmax_scale
"""

FINE = {
    "a_submodule_deriving_from_another_modules_nnx_module": {
        "base.py": NNX_BASE,
        "mla.py": MLA,
        "layer.py": """
            from flax import nnx
            from mla import MLA

            class Layer(nnx.Module):
                def __init__(self):
                    self.attention = MLA(4)

                def __call__(self, x):
                    return self.attention(x)

            @nnx.jit
            def step(layer, x):
                return layer(x)
        """,
    },
    "an_annotated_parameter_of_a_class_deriving_from_another_modules_nnx_module": {
        "base.py": NNX_BASE,
        "mla.py": MLA,
        "step.py": """
            from flax import nnx
            from mla import MLA

            @nnx.jit
            def step(attention: MLA, x):
                return attention(x)
        """,
    },
    "a_haiku_module_spelt_through_a_local_namespace": {
        "hkmod.py": """
            class Module:
                def __init__(self, name=None):
                    self.name = name
        """,
        "basic.py": """
            import hkmod

            class hk:
                Module = hkmod.Module

            class Linear(hk.Module):
                def __call__(self, x):
                    self.input_size = x.shape[-1]
                    return x
        """,
        "model.py": """
            import jax
            from basic import Linear

            @jax.jit
            def forward(layer: Linear, x):
                return layer(x)
        """,
    },
    # the hazard kept: a class deriving from a library's class is followed (gpt-fast's shape)
    "a_torch_module_annotating_a_parameter_of_a_compiled_function": {
        "model.py": """
            import torch

            class Transformer(torch.nn.Module):
                def forward(self, idx):
                    if idx.sum() > 0:  # expect: ACC201
                        return idx
                    return -idx
        """,
        "generate.py": """
            import torch
            from model import Transformer

            @torch.compile(fullgraph=True)
            def decode(model: Transformer, x):
                return model(x)
        """,
    },
}


@pytest.mark.parametrize("name", sorted(FINE))
def test_classes_of_unseen_kind(name, tmp_path):
    root = write_files(tmp_path, FINE[name])
    assert _found(root) == _expected(root, FINE[name])

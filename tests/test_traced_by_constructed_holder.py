"""A module global read by a function that a class's construction hands to a cached marker.

Property (ACC601): an object whose class's code hands a module function to a cached marker
(`self.post = torch.jit.trace(postprocess, x)` in `__init__`, `self._step = jax.jit(step)`)
keeps that function's traces, as a module-level name bound to the marker's result does: calls
through the object reuse them, and a rebinding of a global the function reads, between a
build and such a call, is stale. Where the marker builds when applied (`[cache] built =
"applied"`, torch.jit.trace), constructing the object is the build (benchmarks/blind2
torch_trace_global_threshold_2: the traced post-processor keeps the default offset that
`load_config` rebinds after `Server()`). A rebinding made before the object is built, or
before the first call of a marker that builds on call, is read by the build: fine.
"""

import pytest

from labelled import assert_labels_match

# torch.jit.trace applied in a holder's `__init__` to a function reading a global that a
# function rebinds; `{expect}` marks the read, `{order}` the module's last lines.
TORCH_EXPORTER = """
    import torch

    CUTOFF = 0.0

    def clip(x):
        return torch.clamp(x - CUTOFF, min=0.0){expect}

    def configure(value):
        global CUTOFF
        CUTOFF = value

    class Exporter:
        def __init__(self, example):
            self.fn = torch.jit.trace(clip, example)

        def run(self, x):
            return self.fn(x)

{order}
"""
# jax.jit applied in a holder's `__init__`, to a function reading a global a function rebinds.
JAX_MODEL = """
    import jax
    import jax.numpy as jnp

    OFFSET = 0.0

    def shift(x):
        return x + OFFSET{expect}

    def set_offset(v):
        global OFFSET
        OFFSET = v

    class Model:
        def __init__(self):
            self._shift = jax.jit(shift)

        def predict(self, x):
            return self._shift(x)

{order}
"""
EXPECT = "  # expect: ACC601"

HAZARDS = {
    "torch_trace_in_init_global_set_by_a_function_after": TORCH_EXPORTER.format(expect=EXPECT, order="""
    exporter = Exporter(torch.zeros(3))
    configure(0.5)
    out = exporter.run(torch.ones(3))"""),
    "torch_trace_global_rebound_by_module_code_after_construction": """
        import torch

        SCALE = 1.0

        def scale(x):
            return x * SCALE  # expect: ACC601

        class Pipeline:
            def __init__(self):
                self.scaled = torch.jit.trace(scale, torch.ones(2))

            def __call__(self, x):
                return self.scaled(x)

        pipe = Pipeline()
        SCALE = 3.0
        y = pipe(torch.ones(2))
    """,
    "jax_jit_in_init_global_set_between_calls": JAX_MODEL.format(expect=EXPECT, order="""
    model = Model()
    model.predict(jnp.ones(3))
    set_offset(2.0)
    model.predict(jnp.ones(3))"""),
}

FINE = {
    "torch_trace_global_set_before_construction": TORCH_EXPORTER.format(expect="", order="""
    configure(0.5)
    exporter = Exporter(torch.zeros(3))
    out = exporter.run(torch.ones(3))"""),
    "jax_jit_in_init_global_set_before_the_first_call": JAX_MODEL.format(expect="", order="""
    model = Model()
    set_offset(2.0)
    model.predict(jnp.ones(3))"""),
}


@pytest.mark.parametrize("source", list(HAZARDS.values()) + list(FINE.values()), ids=list(HAZARDS) + list(FINE))
def test_a_holder_built_object_keeps_the_trace(source):
    assert_labels_match(source)

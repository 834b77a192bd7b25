"""Under torch.jit.trace a Python `range` over a traced input's size records the example's
number of passes, silently, with no TracerWarning (benchmarks/torch_docs t2, run on torch 2.13:
a trace made with 3 rows sums 3 of 6; pytorch#11540, SSD#87): the trip count is a host conversion
of a traced int, ACC302's property, which owns the shape (ACC207 keeps the `for` over a tensor
itself). torch.fx.symbolic_trace raises on it ("'Proxy' object cannot be interpreted as an
integer"). Under jax.jit and tf.function `x.shape[0]` is a static int (one trace per shape, the
result right: run on jax 0.10 and TF 2.21, docs/contexts.md), under torch.compile a guard, and
torch.jit.script keeps the loop: look-alikes.
"""

import pytest

from labelled import assert_labels_match

HAZARDS = {
    "function_traced_at_module_level": """
        import torch

        def cumulative(x):
            acc = torch.zeros_like(x[0])
            for i in range(x.size(0)):  # expect: ACC302
                acc = acc + x[i]
            return acc

        traced = torch.jit.trace(cumulative, torch.ones(3, 2))
    """,
    "module_forward_with_shape_arithmetic": """
        import torch
        from torch import nn

        class Diffs(nn.Module):
            def forward(self, x):
                out = []
                for t in range(x.shape[1] - 1):  # expect: ACC302
                    out.append(x[:, t + 1] - x[:, t])
                return torch.stack(out, 1)

        def main():
            return torch.jit.trace(Diffs(), torch.ones(2, 5))
    """,
    "size_bound_to_a_local_first": """
        import torch
        from torch import nn

        class Pool(nn.Module):
            def forward(self, x):
                n = x.size(0)
                total = x[0]
                for i in range(1, n):  # expect: ACC302
                    total = total + x[i]
                return total

        model = torch.jit.trace(Pool().eval(), torch.ones(4, 3))
    """,
    "a_comprehension_over_the_range": """
        import torch

        def doubled(x):
            return torch.stack([x[i] * 2 for i in range(x.shape[0])]).sum(0)  # expect: ACC302

        traced = torch.jit.trace(doubled, torch.ones(3, 2))
    """,
    "the_size_of_an_indexed_row_as_the_stop": """
        import torch
        from torch import nn

        class PostProcessor(nn.Module):
            def forward(self, scores):
                rows = []
                for batch_id in range(scores.size(0)):  # expect: ACC302
                    per_img = scores[batch_id]
                    best = [per_img[:, c].max() for c in range(1, per_img.size(1))]  # expect: ACC302
                    rows.append(torch.stack(best))
                return torch.stack(rows)

        traced = torch.jit.trace(PostProcessor(), torch.rand(2, 8, 4))
    """,
    "a_conversion_inside_the_range_is_one_finding": """
        import torch

        def cumulative(x):
            acc = x[0] * 0
            for i in range(int(x.size(0))):  # expect: ACC302
                acc = acc + x[i]
            return acc

        traced = torch.jit.trace(cumulative, torch.ones(3, 2))
    """,
    "fx_symbolic_trace_raises_on_it": """
        import torch
        import torch.fx

        def cumulative(x):
            acc = x[0] * 0
            for i in range(x.size(0)):  # expect: ACC302
                acc = acc + x[i]
            return acc

        graph = torch.fx.symbolic_trace(cumulative)
    """,
}

LOOK_ALIKES = {
    "the_same_under_torch_compile": """
        import torch

        @torch.compile
        def cumulative(x):
            acc = torch.zeros_like(x[0])
            for i in range(x.size(0)):
                acc = acc + x[i]
            return acc
    """,
    "a_literal_range_under_trace": """
        import torch

        def repeat(x):
            for _ in range(3):
                x = x + 1
            return x

        traced = torch.jit.trace(repeat, torch.ones(3))
    """,
    "the_same_under_jit_script": """
        import torch

        @torch.jit.script
        def cumulative(x):
            acc = torch.zeros_like(x[0])
            for i in range(x.size(0)):
                acc = acc + x[i]
            return acc
    """,
    "a_static_shape_under_jax_jit": """
        import jax

        @jax.jit
        def cumulative(x):
            acc = x[0] * 0
            for i in range(x.shape[0]):
                acc = acc + x[i]
            return acc
    """,
    "a_static_shape_under_tf_function": """
        import tensorflow as tf

        @tf.function
        def cumulative(x):
            acc = x[0] * 0
            for i in range(x.shape[0]):
                acc = acc + x[i]
            return acc
    """,
}


@pytest.mark.parametrize("source", list(HAZARDS.values()) + list(LOOK_ALIKES.values()), ids=list(HAZARDS) + list(LOOK_ALIKES))
def test_a_range_over_a_traced_size_is_found_only_under_trace(source):
    assert_labels_match(source)

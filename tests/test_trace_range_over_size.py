"""Under torch.jit.trace a Python `for` over `range` of a traced input's size records the
example's number of passes, silently, with no TracerWarning
(benchmarks/torch_docs t2, run on torch 2.13: a trace made with 3 rows sums 3 of 6): ACC207.
"""

import pytest

from labelled import assert_labels_match

HAZARDS = {
    "function_traced_at_module_level": """
        import torch

        def cumulative(x):
            acc = torch.zeros_like(x[0])
            for i in range(x.size(0)):  # expect: ACC207
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
                for t in range(x.shape[1] - 1):  # expect: ACC207
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
                for i in range(1, n):  # expect: ACC207
                    total = total + x[i]
                return total

        model = torch.jit.trace(Pool().eval(), torch.ones(4, 3))
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
}


@pytest.mark.parametrize("source", list(HAZARDS.values()) + list(LOOK_ALIKES.values()), ids=list(HAZARDS) + list(LOOK_ALIKES))
def test_a_range_over_a_traced_size_is_found_only_under_trace(source):
    assert_labels_match(source)

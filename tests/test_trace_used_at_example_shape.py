"""A size of a traced input read as a Python number under `torch.jit.trace` (`int(x.shape[2] *
2)`) stores the example's size: a hazard when the program calls the trace with an input of
another shape, none when it only exports or saves the trace or calls it with inputs made as the
example was (the same maker, the same literal shape). Run on torch 2.13:
benchmarks/framework_runs.py trace_size_used_at_example_shape (the trace equals the module at the
example's shape, also saved and loaded; at another shape it upsamples to the old size;
yolov5-dnn-cpp-python-v2#11).
"""

import pytest

from labelled import assert_labels_match

FINE = {
    "called_at_the_example_shape": """
        import torch
        import torch.nn.functional as F

        class Upsample(torch.nn.Module):
            def forward(self, x):
                return F.interpolate(x, size=(int(x.shape[2] * 2), int(x.shape[3] * 2)), mode="nearest")

        block = Upsample()
        x = torch.rand(1, 8, 20, 20)
        traced = torch.jit.trace(block, (x,))
        x2 = torch.rand(1, 8, 20, 20)
        out = traced(x2)
    """,
    "saved_for_export": """
        import torch

        def halve(x):
            return x.reshape(int(x.shape[0] / 2), -1)

        traced = torch.jit.trace(halve, torch.zeros(4, 3))
        traced.save("halve.pt")
    """,
    "exported_to_onnx": """
        import torch

        class Head(torch.nn.Module):
            def forward(self, x):
                return x.view(int(x.size(0)), -1)

        example = torch.randn(1, 3, 8, 8)
        traced = torch.jit.trace(Head(), example)
        torch.onnx.export(traced, example, "head.onnx")
    """,
    "len_called_at_the_example_batch_size": """
        import torch

        def mean(x):
            return x.sum(0) / len(x)

        traced = torch.jit.trace(mean, torch.ones(4, 3))
        print(traced(torch.ones(4, 3)))
    """,
}

HAZARDS = {
    "len_called_at_another_batch_size": """
        import torch

        def mean(x):
            return x.sum(0) / len(x)  # expect: ACC302

        traced = torch.jit.trace(mean, torch.ones(4, 3))
        print(traced(torch.ones(8, 3)))
    """,
    "called_at_another_shape": """
        import torch
        import torch.nn.functional as F

        class Upsample(torch.nn.Module):
            def forward(self, x):
                return F.interpolate(x, size=int(x.shape[2] * 2), mode="nearest")  # expect: ACC302

        traced = torch.jit.trace(Upsample(), torch.rand(1, 8, 20))
        out = traced(torch.rand(1, 8, 30))
    """,
    "called_in_a_loop_over_data": """
        import torch

        def halve(x):
            return x.reshape(int(x.shape[0] / 2), -1)  # expect: ACC302

        traced = torch.jit.trace(halve, torch.zeros(4, 3))
        for batch in [torch.zeros(4, 3), torch.zeros(8, 3)]:
            print(traced(batch))
    """,
    "handed_on": """
        import torch

        def halve(x):
            return x.reshape(int(x.shape[0] / 2), -1)  # expect: ACC302

        def build():
            return torch.jit.trace(halve, torch.zeros(4, 3))
    """,
}


@pytest.mark.parametrize("source", list(FINE.values()) + list(HAZARDS.values()), ids=list(FINE) + list(HAZARDS))
def test_a_baked_size_is_a_hazard_only_at_another_shape(source):
    assert_labels_match(source)

"""`torch.tensor`/`torch.as_tensor` of a Python container holding traced tensors reads their
values on the host.

Property: a new tensor built from a list or tuple whose elements are traced values (a display of
reductions, a comprehension over an input, `list(map(lambda ..., zip(w, g)))`) takes their values:
torch.jit.trace and make_fx record them as constants (a call with other inputs returns the old
values), symbolic_trace and torch.export raise; a tensor given whole (`torch.tensor(x * 2)`) is
copied in the graph, and sizes are Python ints (runs: benchmarks/framework_runs.py
tensor_of_traced_elements, torch 2.13; functorch#1046,
benchmarks/reports/dev/functorch_1046_make_fx_bakes_python_list.py).
"""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings


def found(source: str) -> list[tuple[int, str]]:
    return sorted((f.line, f.code) for f in lint_text(textwrap.dedent(source).lstrip("\n"), "m.py", Settings()).findings)


def test_the_report_a_map_over_zip_of_two_inputs_under_make_fx():
    assert found("""
        import torch
        from torch.fx.experimental.proxy_tensor import make_fx


        def update(w, grad_w):
            return torch.tensor(list(map(lambda x: x[0] - 0.05 * x[1], zip(w, grad_w))))


        graph = make_fx(update)(torch.ones(3), torch.ones(3))
    """) == [(6, "ACC306")]


def test_a_list_of_reductions_under_trace():
    assert found("""
        import torch


        def stats(x):
            return torch.tensor([x.sum(), x.max()]) * 2


        traced = torch.jit.trace(stats, (torch.ones(3),))
    """) == [(5, "ACC306")]


def test_as_tensor_of_a_comprehension_under_trace():
    """`x`, used nowhere as an array, may be a tuple of tensors (a pytree), so iterating it is no
    ACC206 of its own; either way the elements are traced tensors whose values are read."""
    assert found("""
        import torch


        def double(x):
            return torch.as_tensor([v * 2 for v in x])


        traced = torch.jit.trace(double, (torch.ones(3),))
    """) == [(5, "ACC306")]


def test_a_tuple_of_reductions_in_an_exported_forward():
    assert found("""
        import torch
        from torch import nn


        class Net(nn.Module):
            def forward(self, x):
                return x * torch.tensor((x.mean(), x.min()))


        program = torch.export.export(Net(), (torch.ones(3),))
    """) == [(7, "ACC306")]


def test_a_tensor_given_whole_sizes_and_compile_are_fine():
    """Look-alikes: `torch.tensor(x * 2)` (copied in the graph), `torch.tensor([x.shape[0], 2])`
    (sizes), and a list of reductions under torch.compile (traced in the graph)."""
    assert found("""
        import torch


        def copy(x):
            return torch.tensor(x * 2) + torch.tensor([x.shape[0], 2]).sum()


        def stats(x):
            return torch.tensor([x.sum(), x.max()]) * 2


        traced = torch.jit.trace(copy, (torch.ones(3),))
        compiled = torch.compile(stats)
    """) == []


def test_a_map_of_a_lambda_with_positional_only_parameters():
    """`lambda a, b, /: ...` takes its elements as `lambda a, b: ...` does (taint._mapped; run,
    torch 2.13: the graph given zeros returns 0.95 three times, the constants of the ones)."""
    source = """
        import torch
        from torch.fx.experimental.proxy_tensor import make_fx


        def update(w, grad_w):
            return torch.tensor(list(map(lambda a, g{slash}: a - 0.05 * g, w, grad_w)))


        graph = make_fx(update)(torch.ones(3), torch.ones(3))
    """
    assert found(source.format(slash="")) == [(6, "ACC306")]
    assert found(source.format(slash=", /")) == [(6, "ACC306")]

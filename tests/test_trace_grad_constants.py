"""torch.jit.trace records a module-level tensor a traced function reads as a constant, and a
constant cannot require grad.

Property: under torch.jit.trace, a module-level tensor that requires grad (made with
`requires_grad=True`, as an `nn.Parameter`, or switched on with `.requires_grad_()`), read by the
traced function or by what it calls, makes the trace raise ("Cannot insert a Tensor that requires
grad as a constant"); under torch.compile it is guarded and works, and a plain module-level
tensor is a constant whose in-place changes the trace sees (runs: benchmarks/framework_runs.py
trace_global_requiring_grad, torch 2.13; pytorch#12946,
benchmarks/reports/dev/pytorch_12946_global_grad_tensor_in_traced_function.py).
"""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings


def found(source: str) -> list[tuple[int, str]]:
    return sorted((f.line, f.code) for f in lint_text(textwrap.dedent(source).lstrip("\n"), "m.py", Settings()).findings)


def test_a_global_made_with_requires_grad_read_in_a_traced_function():
    """The report's shape."""
    assert found("""
        import torch

        x = torch.randn(3, requires_grad=True)


        def f(inp):
            return (x + inp).sum()


        traced = torch.jit.trace(f, (torch.randn(1),))
    """) == [(7, "ACC608")]


def test_a_parameter_read_in_a_helper_of_a_traced_function():
    """`nn.Parameter(...)` at module level, read in a helper the traced function calls."""
    assert found("""
        import torch
        from torch import nn

        w = nn.Parameter(torch.zeros(3))


        def scale(v):
            return v * w


        def f(inp):
            return scale(inp) + 1


        traced = torch.jit.trace(f, (torch.randn(3),))
    """) == [(8, "ACC608")]


def test_a_global_switched_on_with_requires_grad_in_a_traced_forward():
    """`b.requires_grad_()` at module level, read in a module's forward traced as an instance."""
    assert found("""
        import torch
        from torch import nn

        b = torch.zeros(3)
        b.requires_grad_()


        class Net(nn.Module):
            def forward(self, x):
                return x + b


        traced = torch.jit.trace(Net(), (torch.ones(3),))
    """) == [(10, "ACC608")]


def test_a_global_from_torch_ones_traced_through_an_imported_trace():
    """`from torch.jit import trace` and `torch.ones(..., requires_grad=True)`."""
    assert found("""
        import torch
        from torch.jit import trace

        bias = torch.ones(1, requires_grad=True)


        def f(inp):
            out = inp * 2
            return out + bias


        traced = trace(f, (torch.randn(1),))
    """) == [(9, "ACC608")]


def test_plain_globals_compiled_globals_and_requires_grad_false_are_fine():
    """Look-alikes: a plain module-level tensor (a constant; the trace sees its in-place
    changes), the report's global under torch.compile, and `requires_grad=False`."""
    assert found("""
        import torch

        plain = torch.zeros(3)
        learnt = torch.randn(3, requires_grad=True)
        frozen = torch.randn(3, requires_grad=False)


        def f(inp):
            return (plain + frozen + inp).sum()


        def g(inp):
            return (learnt + inp).sum()


        traced = torch.jit.trace(f, (torch.randn(1),))
        compiled = torch.compile(g)
        plain.add_(1)
    """) == []


def test_a_global_detached_or_switched_off_before_the_trace_is_fine():
    """Look-alikes (review42, run with torch 2.13: both trace without an error): the tensor the
    trace reads is the one the name holds after its last module-level binding or switch, a
    detached copy or one whose grad was switched off."""
    assert found("""
        import torch

        x = torch.randn(3, requires_grad=True)
        x = x.detach()
        w = torch.zeros(3)
        w.requires_grad_()
        w.requires_grad_(False)


        def f(inp):
            return (x + w + inp).sum()


        traced = torch.jit.trace(f, (torch.randn(1),))
    """) == []


def test_a_global_switched_on_after_a_plain_binding_rebinds_nothing():
    """The other order: a plain tensor rebound to a parameter, then read, still raises."""
    assert found("""
        import torch

        x = torch.zeros(3)
        x = torch.nn.Parameter(x)


        def f(inp):
            return (x + inp).sum()


        traced = torch.jit.trace(f, (torch.randn(1),))
    """) == [(8, "ACC608")]

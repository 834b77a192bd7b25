"""make_fx, torch.fx.symbolic_trace and torch.export.export are traces: each runs the function it
is handed (or a module's `forward`) once and replays a graph, and each treats the hazards as a run
shows (benchmarks/framework_runs.py fx_tracers_hazards, torch 2.13; functorch#1046).

Property: what is not a tensor operation is baked into make_fx's graph (host draws, `.tolist()`,
a `for` over an input) and raises while it traces when it decides on data (`if`, `float`,
`.item()`); symbolic_trace's Proxies have no value, so every such use raises (but `.item()`,
recorded); torch.export raises on data-dependent decisions and `.numpy()`, records `.item()` and
`.tolist()`, and specialises to the example's shapes (a call with another raises, so a loop over
an input is no silent hazard there). Effects run once, while tracing, in all three.
"""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings


def found(source: str) -> list[tuple[int, str]]:
    return sorted((f.line, f.code) for f in lint_text(textwrap.dedent(source).lstrip("\n"), "m.py", Settings()).findings)


def test_make_fx_bakes_a_loop_over_an_input_and_a_tolist():
    assert found("""
        import torch
        from torch.fx.experimental.proxy_tensor import make_fx


        def f(w):
            total = w[0] * 0
            for v in w:
                total = total + v
            return total + torch.tensor(w.tolist())


        graph = make_fx(f)(torch.ones(3))
    """) == [(7, "ACC207"), (9, "ACC303")]


def test_functorch_make_fx_freezes_a_host_draw():
    assert found("""
        import functorch
        import numpy as np
        import torch


        def f(x):
            return x + float(np.random.rand())


        graph = functorch.make_fx(f)(torch.ones(3))
    """) == [(7, "ACC101")]


def test_symbolic_trace_raises_on_a_branch_in_a_forward_and_a_float():
    """A module instance handed to `symbolic_trace` traces its `forward`."""
    assert found("""
        import torch
        from torch import fx, nn


        class Net(nn.Module):
            def forward(self, x):
                if x.sum() > 0:
                    return x * 2
                return x


        def scale(x):
            return x * float(x.mean())


        gm = fx.symbolic_trace(Net())
        gs = torch.fx.symbolic_trace(scale)
    """) == [(7, "ACC201"), (13, "ACC302")]


def test_export_runs_a_print_once_and_raises_on_numpy():
    assert found("""
        import torch
        from torch import nn


        class Net(nn.Module):
            def forward(self, x):
                print("x is", x)
                return x * torch.from_numpy(x.numpy())


        program = torch.export.export(Net(), (torch.ones(3),))
    """) == [(7, "ACC401"), (8, "ACC303")]


def test_what_each_tracer_records_is_fine():
    """Look-alikes: `.item()` under symbolic_trace and export, `.tolist()` under export (each
    recorded), a `for` over the input under export (specialised: another length raises at the
    call, nothing runs wrongly), `torch.tensor(x * 2)` under make_fx (copied in the graph)."""
    assert found("""
        import torch
        from torch import nn
        from torch.fx import symbolic_trace
        from torch.fx.experimental.proxy_tensor import make_fx


        def item(x):
            return x * x.sum().item()


        class Net(nn.Module):
            def forward(self, x):
                y = x * x.sum().item() + torch.tensor(x.tolist())
                for v in x:
                    y = y + v
                return y


        def copy(x):
            return torch.tensor(x * 2)


        gm = symbolic_trace(item)
        program = torch.export.export(Net(), (torch.ones(3),))
        graph = make_fx(copy)(torch.ones(3))
    """) == []

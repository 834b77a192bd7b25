"""torch.fx symbolic tracing as batch 25's dev half found it (pytorch#51928, #54602, #77770,
DeepVAC/deepvac#115), each fact run on torch 2.13 (benchmarks/framework_runs.py
fx_symbolic_trace_batch25).

Properties: (1) the FX quantization entry points `prepare_fx`, `prepare_qat_fx` and `fuse_fx`
symbolically trace the module they are given, as `symbolic_trace` does (a branch on a Proxy in
its `forward` raises TraceError); (2) every parameter of the traced function is a Proxy whatever
its default, except those `concrete_args` binds (a dict or `dict(...)` by keyword: FX's
`static_argnames`); (3) a random constructor given no Proxy runs once while FX
traces and its tensor is a constant of the graph (1 distinct value in 3 calls), while one given
a Proxy (`torch.randn_like(x)`, `torch.randn(x.shape)`) is recorded (3 of 3).
"""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings


def found(source: str) -> list[tuple[int, str]]:
    return sorted((f.line, f.code) for f in lint_text(textwrap.dedent(source).lstrip("\n"), "m.py", Settings()).findings)


# (1) FX quantization entry points trace the module's forward.

def test_prepare_fx_traces_the_forward_of_the_module_it_is_given():
    assert found("""
        import torch
        from torch.ao.quantization.quantize_fx import prepare_fx


        class Net(torch.nn.Module):
            def forward(self, x):
                if x.sum() > 0:
                    return x * 2
                return x


        prepared = prepare_fx(Net().eval(), {}, (torch.ones(3),))
    """) == [(7, "ACC201")]


def test_prepare_qat_fx_by_module_path_raises_on_a_float_of_a_proxy():
    assert found("""
        import torch
        import torch.ao.quantization.quantize_fx as quantize_fx


        class Net(torch.nn.Module):
            def forward(self, x):
                return x * float(x.mean())


        model = Net().train()
        prepared = quantize_fx.prepare_qat_fx(model, {}, (torch.ones(3),))
    """) == [(7, "ACC302")]


def test_fuse_fx_from_the_old_namespace_traces_a_size_branch():
    assert found("""
        import torch
        from torch.quantization.quantize_fx import fuse_fx


        class Net(torch.nn.Module):
            def forward(self, x):
                if x.shape[0] > 1:
                    return x * 2
                return x


        fused = fuse_fx(Net().eval())
    """) == [(7, "ACC201")]


def test_prepare_fx_on_a_forward_branching_on_a_constructor_flag_is_fine():
    assert found("""
        import torch
        from torch.ao.quantization.quantize_fx import prepare_fx


        class Net(torch.nn.Module):
            def __init__(self, double):
                super().__init__()
                self.double = double

            def forward(self, x):
                if self.double:
                    return x * 2
                return x


        prepared = prepare_fx(Net(True).eval(), {}, (torch.ones(3),))
    """) == []


# (2) Every parameter is a Proxy, defaults included; concrete_args binds some.

def test_symbolic_trace_makes_a_parameter_defaulting_to_none_a_proxy():
    assert found("""
        import torch
        from torch.fx import symbolic_trace


        class Net(torch.nn.Module):
            def forward(self, x, flag=None):
                if flag:
                    return x * 2
                return x


        gm = symbolic_trace(Net())
    """) == [(7, "ACC201")]


def test_symbolic_trace_makes_an_int_default_a_proxy():
    assert found("""
        import torch.fx as fx


        def f(x, n: int = 3):
            return x.repeat(n) if n > 2 else x


        gm = fx.symbolic_trace(f)
    """) == [(5, "ACC203")]


def test_symbolic_trace_makes_a_bool_default_of_a_forward_a_proxy():
    assert found("""
        import torch


        class Net(torch.nn.Module):
            def forward(self, x, training=False):
                if training:
                    return x * 2
                return x


        gm = torch.fx.symbolic_trace(Net())
    """) == [(6, "ACC201")]


def test_concrete_args_by_keyword_keeps_the_flag_a_python_value():
    assert found("""
        import torch.fx as fx


        def f(a, b):
            if b == True:
                return a
            else:
                return a * 2


        f = fx.symbolic_trace(f, concrete_args={"b": False})
    """) == []


def test_concrete_args_as_a_dict_call_keeps_the_flags():
    assert found("""
        import torch
        from torch import fx


        class Net(torch.nn.Module):
            def forward(self, x, flag=None, training=False):
                if flag:
                    return x * 2
                return x * 3 if training else x


        gn = fx.symbolic_trace(Net(), concrete_args=dict(flag=True, training=False))
    """) == []


def test_concrete_args_leaves_the_other_parameters_traced():
    assert found("""
        import torch.fx as fx


        def f(a, b, c=None):
            if c:
                return a
            return a * 2 if b else a


        g = fx.symbolic_trace(f, concrete_args={"b": False})
    """) == [(5, "ACC201")]


# (3) A random constructor given no Proxy is drawn once, while FX traces.

def test_symbolic_trace_freezes_a_randn_of_constant_shape():
    assert found("""
        import torch
        import torch.fx as fx


        def f(x):
            return x + torch.randn(5)


        traced = fx.symbolic_trace(f)
    """) == [(6, "ACC101")]


def test_symbolic_trace_freezes_rand_and_randint_in_a_forward():
    assert found("""
        import torch
        from torch.fx import symbolic_trace


        class Noisy(torch.nn.Module):
            def forward(self, x):
                noise = torch.rand(5)
                return x + noise + torch.randint(0, 9, (5,))


        gm = symbolic_trace(Noisy())
    """) == [(7, "ACC101"), (8, "ACC101")]


def test_symbolic_trace_freezes_a_draw_under_prepare_fx():
    assert found("""
        import torch
        from torch.ao.quantization.quantize_fx import prepare_fx


        class Noisy(torch.nn.Module):
            def forward(self, x):
                return x[torch.randperm(5)]


        prepared = prepare_fx(Noisy().eval(), {}, (torch.ones(5),))
    """) == [(7, "ACC101")]


def test_symbolic_trace_records_a_draw_given_a_proxy():
    assert found("""
        import torch
        import torch.fx as fx


        def f(x):
            return x + torch.randn_like(x) + torch.randn(x.shape) + torch.rand(x.size(0))


        traced = fx.symbolic_trace(f)
    """) == []


def test_a_constant_draw_under_torch_compile_is_not_this_fact():
    """torch.compile records `torch.randn(5)` as a random op of the graph (drawn each call)."""
    assert found("""
        import torch


        @torch.compile
        def f(x):
            return x + torch.randn(5)
    """) == []


def test_a_draw_in_a_function_fx_wrap_makes_a_leaf_is_recorded():
    """`torch.fx.wrap` makes a function one call of the graph, run on every call (3 of 3)."""
    assert found("""
        import torch
        import torch.fx as fx


        @torch.fx.wrap
        def noise(x, shape):
            return torch.randn(shape)


        def g(x):
            return x + noise(x, 5)


        traced = fx.symbolic_trace(g)
    """) == []

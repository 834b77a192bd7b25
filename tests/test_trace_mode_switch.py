"""torch.jit.trace records the branches a module's train/eval mode took while it was traced.

Property: a module traced by `torch.jit.trace` (or `torch.jit.trace_module`) runs, on every
call, the code of the mode it was in while traced (`nn.Dropout` applied or not, `nn.BatchNorm`
on batch or running statistics); a later switch of the trace's mode (`.train()`, `.eval()`,
`.train(False)`, `.training = False`), or of a module holding a trace made in its construction,
to the other mode changes the flag and nothing the trace runs (runs: benchmarks/framework_runs.py
trace_mode_switched_after_trace, torch 2.13; pytorch#24824, #29177). Switching the traced
module's source, or a `torch.jit.script`ed module (which reads `training` on each call), is fine.
"""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings


def found(source: str) -> list[tuple[int, str]]:
    return sorted(
        (f.line, f.code) for f in lint_text(textwrap.dedent(source).lstrip("\n"), "m.py", Settings()).findings
        if f.code == "ACC609"
    )


def test_a_fresh_module_traced_in_training_mode_then_switched_to_eval_in_a_function():
    """A module is made in training mode: its trace keeps dropout, `.eval()` does not drop it."""
    assert found("""
        import torch
        from torch import nn


        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(8, 8)
                self.drop = nn.Dropout(0.2)

            def forward(self, x):
                return self.drop(self.fc(x))


        def export(example):
            net = Net()
            traced = torch.jit.trace(net, example)
            traced.eval()
            torch.jit.save(traced, "net.pt")
    """) == [(18, "ACC609")]


def test_an_eval_traced_chain_switched_back_with_train_true():
    """`torch.jit.trace(m.eval(), x)` records eval mode; `.train(True)` later trains without dropout."""
    assert found("""
        import torch
        import torch.nn as nn

        model = nn.Sequential(nn.Linear(4, 4), nn.Dropout(0.5))
        x = torch.randn(2, 4)
        fast = torch.jit.trace(model.eval(), x)
        for step in range(10):
            fast.train(True)
            loss = fast(x).sum()
    """) == [(8, "ACC609")]


def test_the_training_flag_written_after_trace_module():
    """`torch.jit.trace_module` of a fresh module, then `.training = False` written on the trace."""
    assert found("""
        import torch
        import torch.nn as nn

        net = nn.Sequential(nn.Linear(4, 4), nn.BatchNorm1d(4))
        traced = torch.jit.trace_module(net, {"forward": torch.randn(8, 4)})
        traced.training = False
        y = traced(torch.randn(8, 4))
    """) == [(6, "ACC609")]


def test_a_holder_of_a_trace_made_in_its_constructor_switched_to_eval():
    """The trace of a fresh `nn.BatchNorm1d` kept as a submodule; the holder's `.eval()` sets the
    flag on it, and the trace keeps using (and updating) batch statistics."""
    assert found("""
        import torch
        from torch import nn


        class Head(nn.Module):
            def __init__(self):
                super().__init__()
                self.norm = torch.jit.trace(nn.BatchNorm1d(16), torch.randn(4, 16))

            def forward(self, x):
                return self.norm(x)


        head = Head()
        head.eval()
        with torch.no_grad():
            out = head(torch.randn(2, 16))
    """) == [(15, "ACC609")]


def test_fine_the_same_mode_set_again_after_tracing():
    """Traced in eval mode and set to eval again: the mode the trace runs is the mode asked for."""
    assert found("""
        import torch
        import torch.nn as nn

        model = nn.Sequential(nn.Linear(4, 4), nn.Dropout(0.5))
        model.eval()
        traced = torch.jit.trace(model, torch.randn(2, 4))
        traced.eval()
        out = traced(torch.randn(2, 4))
    """) == []


def test_fine_the_source_module_switched_after_tracing():
    """The trace is a module of its own: `model.train()` trains the eager model, the trace
    stays in the eval mode it was traced and asked for."""
    assert found("""
        import torch
        import torch.nn as nn

        model = nn.Sequential(nn.Linear(4, 4), nn.Dropout(0.5))
        traced = torch.jit.trace(model.eval(), torch.randn(2, 4))
        model.train()
        loss = model(torch.randn(2, 4)).sum()
        pred = traced(torch.randn(2, 4))
    """) == []


def test_fine_a_scripted_module_switched_to_eval():
    """torch.jit.script keeps `self.training` an attribute read on each call."""
    assert found("""
        import torch
        import torch.nn as nn

        scripted = torch.jit.script(nn.Sequential(nn.Linear(4, 4), nn.Dropout(0.5)))
        scripted.eval()
        out = scripted(torch.randn(2, 4))
    """) == []


def test_not_reported_when_the_traced_mode_is_not_known():
    """A module handed in as a parameter may be in either mode: its `.eval()` after the trace
    may be the mode it was traced in, so nothing is said."""
    assert found("""
        import torch


        def export(model, example):
            traced = torch.jit.trace(model, example)
            traced.eval()
            return traced
    """) == []


def test_a_rebinding_between_trace_and_switch_ends_the_trace():
    """`traced` bound to a new trace of an eval-mode module before `.eval()`: the switch is on that one."""
    assert found("""
        import torch
        import torch.nn as nn

        net = nn.Sequential(nn.Linear(4, 4), nn.Dropout(0.5))
        traced = torch.jit.trace(net, torch.randn(2, 4))
        net.eval()
        traced = torch.jit.trace(net, torch.randn(2, 4))
        traced.eval()
    """) == []


def test_the_module_named_by_keyword_in_a_loop_of_epochs():
    """`torch.jit.trace(func=net, ...)` of a fresh module; `.train(False)` each epoch before evaluating."""
    assert found("""
        import torch
        import torch.nn as nn

        net = nn.Sequential(nn.Linear(4, 4), nn.Dropout(0.1))
        fast = torch.jit.trace(func=net, example_inputs=torch.randn(2, 4))
        for epoch in range(3):
            fast.train(False)
            score = fast(torch.randn(2, 4)).mean()
    """) == [(7, "ACC609")]


def test_not_reported_for_a_factory_or_a_class_switching_itself_in_its_constructor():
    """A factory may return the module in eval mode, and a class whose `__init__` calls
    `self.eval()` is made in eval mode: the traced mode is not known, or is eval."""
    assert found("""
        import torch
        from torch import nn


        class Frozen(nn.Module):
            def __init__(self):
                super().__init__()
                self.drop = nn.Dropout(0.5)
                self.eval()

            def forward(self, x):
                return self.drop(x)


        def load():
            m = Frozen()
            m.eval()
            return m


        a = torch.jit.trace(Frozen(), torch.randn(2, 4))
        a.eval()
        b = torch.jit.trace(load(), torch.randn(2, 4))
        b.eval()
    """) == []

"""torch.fx.symbolic_trace keeps the `self.training` a forward of the program read while tracing.

Property: a module traced by `torch.fx.symbolic_trace` whose code (its class, a base, or a class
it makes) reads `self.training` records the value read then as a constant, so switching the
GraphModule to the other mode afterwards (`.eval()`, `.train(False)`, `.training = False`,
`.train()`) changes nothing it runs; `torch.nn` modules are FX leaves that read their flag on
each call, so a trace of `nn.Sequential(..., nn.Dropout)` follows the switch (runs:
benchmarks/framework_runs.py fx_mode_switched_after_trace, torch 2.13; nni#5470).
"""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings

HEAD = """
import torch
import torch.fx
import torch.nn as nn
import torch.nn.functional as F


class MyDrop(nn.Module):
    def forward(self, x):
        return F.dropout(x, 0.5, training=self.training)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.drop = MyDrop()

    def forward(self, x):
        return self.drop(self.fc(x))


class Branch(nn.Module):
    def forward(self, x):
        if self.training:
            return F.dropout(x, 0.5)
        return x
"""


def found(tail: str) -> list[tuple[int, str]]:
    source = HEAD + textwrap.dedent(tail)
    lines = source.splitlines()
    return sorted(
        (lines[f.line - 1].strip(), f.code) for f in lint_text(source, "m.py", Settings()).findings if f.code == "ACC609"
    )


def test_a_submodule_reading_training_traced_then_eval():
    """nni#5470's shape: a class of the program the traced module makes reads `self.training`."""
    assert found("""
        traced = torch.fx.symbolic_trace(Net())
        traced.eval()
    """) == [("traced.eval()", "ACC609")]


def test_train_false_in_a_function():
    assert found("""
        def export():
            model = Net()
            gm = torch.fx.symbolic_trace(model)
            gm.train(False)
            return gm
    """) == [("gm.train(False)", "ACC609")]


def test_training_flag_written_on_a_branching_module():
    assert found("""
        gm = torch.fx.symbolic_trace(Branch())
        gm.training = False
    """) == [("gm.training = False", "ACC609")]


def test_eval_traced_then_train():
    assert found("""
        gm = torch.fx.symbolic_trace(Net().eval())
        gm.train()
    """) == [("gm.train()", "ACC609")]


def test_fine_torch_nn_dropout_is_a_leaf():
    """`nn.Dropout` is an FX leaf: the GraphModule calls it, and it reads its flag on each call."""
    assert found("""
        gm = torch.fx.symbolic_trace(nn.Sequential(nn.Linear(8, 8), nn.Dropout(0.5)))
        gm.eval()
    """) == []


def test_fine_a_class_reading_no_flag():
    assert found("""
        class Plain(nn.Module):
            def __init__(self):
                super().__init__()
                self.drop = nn.Dropout(0.5)

            def forward(self, x):
                return self.drop(x)


        gm = torch.fx.symbolic_trace(Plain())
        gm.eval()
    """) == []


def test_fine_the_source_module_switched_after_tracing():
    assert found("""
        model = Net().eval()
        gm = torch.fx.symbolic_trace(model)
        model.train()
    """) == []

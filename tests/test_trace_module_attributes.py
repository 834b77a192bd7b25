"""torch.jit.trace records what the traced module's attributes hold while it traces (a float or
an int as a constant, a tensor attribute or buffer as that tensor, a submodule as its copy), so
one rebound on the module after tracing leaves the trace computing with the old value (ACC604
under torch.jit.trace, torch_trace.toml; pytorch#57592: the dropout probability `self.p`, a
tensor passed where `torch.dropout` takes a float; run on torch 2.13: a float, a tensor
attribute, a buffer and a submodule rebound after tracing each leave the traced result as it
was, where the module's own changes). An in-place change of a tensor the module holds, a write
before tracing, and a write followed by a new trace are fine."""

import textwrap

from acclint.api import lint_text


def codes(text: str) -> list[tuple[int, str]]:
    return [(f.line, f.code) for f in lint_text(textwrap.dedent(text)).findings]


def test_an_attribute_rebound_after_tracing_is_a_hidden_input():
    # the report's tensor passed as dropout's float, a float attribute, a buffer rebound, and
    # a submodule replaced
    assert codes("""
        import torch

        class M(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.p = torch.tensor(1.0)
                self.scale = 2.0
                self.register_buffer("cap", torch.tensor(2.0))
                self.act = torch.nn.ReLU()

            def forward(self, x):
                y = torch.dropout(x, self.p, True) * self.scale
                return self.act(torch.clamp(y, max=self.cap))

        m = M()
        x = torch.rand(2, 3)
        traced = torch.jit.trace(m, x, check_trace=False)
        print(traced(x))
        m.p = torch.tensor(0.0)
        m.scale = 3.0
        m.cap = torch.tensor(5.0)
        m.act = torch.nn.Identity()
        print(traced(x))
    """) == [(13, "ACC604"), (13, "ACC604"), (14, "ACC604"), (14, "ACC604")]


def test_in_place_changes_writes_before_tracing_and_a_new_trace_are_fine():
    assert codes("""
        import torch

        class M(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.scale = 2.0
                self.register_buffer("cap", torch.tensor(2.0))

            def forward(self, x):
                return torch.clamp(x * self.scale, max=self.cap)

        m = M()
        x = torch.rand(2, 3)
        m.scale = 4.0
        traced = torch.jit.trace(m, x)
        print(traced(x))
        m.cap.fill_(3.0)
        print(traced(x))
        m.scale = 5.0
        traced = torch.jit.trace(m, x)
        print(traced(x))
    """) == []


def test_an_attribute_only_printed_is_the_prints_finding_alone():
    # pytorch#19349: the name the traced forward prints is rebound after tracing; the print
    # runs only while tracing (ACC401), and no traced result holds the name.
    assert codes("""
        import torch

        class Net(torch.nn.Module):
            def set_test_name(self, name):
                self.test_name = name

            def forward(self, x):
                print(self.test_name, ":", x.shape[2])
                print(f"{self.test_name}")
                return x

        model = Net()
        model.set_test_name("trace")
        traced = torch.jit.trace(model, torch.ones(1, 1, 4))
        model.set_test_name("call")
        traced(torch.ones(1, 1, 4))
    """) == [(9, "ACC401"), (10, "ACC401")]

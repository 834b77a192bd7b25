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


_MODE_READER = """
    import torch
    from torch import nn

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(8, 8)
            self.scale = 2.0

        def forward(self, y):
            y = self.fc(y)
            if self.training:
                y = y + 100.0
            return y * self.scale

    m = Net()
    x = torch.ones(4, 8)
    traced = torch.jit.trace(m, x)
    {switch}
    print(traced(x))
"""


def test_switching_the_source_modules_mode_after_tracing_is_no_hidden_input():
    # run on torch 2.13 (framework_runs.py trace_mode_flag_read_by_forward): the trace keeps its
    # own `training` (still True) and the training branch; the source's switch changes the eager
    # module only, which ACC609 calls fine. Each spelling of the switch is silent.
    for switch in ("m.training = False", "m.eval()", "m.train(False)"):
        assert codes(_MODE_READER.format(switch=switch)) == [], switch


def test_another_attribute_rebound_on_the_source_after_tracing_stays_stale():
    # the look-alike: the float the same forward reads is baked (the trace keeps 2.0)
    assert codes(_MODE_READER.format(switch="m.scale = 3.0")) == [(15, "ACC604")]


def test_switching_the_trace_itself_is_the_mode_switch_finding():
    # the trace's own flag set False while it runs the training branch: ACC609, not ACC604
    assert codes(_MODE_READER.format(switch="traced.training = False")) == [(20, "ACC609")]


def test_a_mode_flag_of_a_jitted_method_is_still_a_hidden_input():
    # no tracer records `training` as a mode under jax.jit: a bound method's object read once
    assert codes("""
        import jax

        class Model:
            def __init__(self):
                self.training = True
                self.apply = jax.jit(self._apply)

            def _apply(self, x):
                return x * 2 if self.training else x

        model = Model()
        model.apply(1.0)
        model.training = False
        model.apply(1.0)
    """) == [(10, "ACC604")]

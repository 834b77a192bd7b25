"""A module instance a function is handed as a parameter is the instance its callers pass: where
every call of a module-level function in the module passes its parameter an instance of one
class of the module (`train(Net(), 12)`, `train(model=net)` with `net = Net()`), a
`torch.compile` of the parameter compiles that class's `forward`, whose guards (an int attribute
the loop writes through the parameter, a counter the call steps) key every call (ACC505), as for
an instance the function makes itself (torch_compile.toml `[cache_key]`: an int attribute of the
compiled module written by the caller, 8 compiles in 10 calls; a float one 2). benchmarks/blind
torch_module_int_attr_2 is the blind set's spelling."""

import pytest

from labelled import assert_labels_match

HAZARDS = {
    "int_attribute_written_through_the_parameter": """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(4, 4)
                self.window = 1

            def forward(self, x):
                return self.fc(x[:, : self.window].sum(1, keepdim=True) * torch.ones_like(x))

        def run(model, steps):
            compiled = torch.compile(model)
            for step in range(steps):
                model.window = step + 1
                compiled(torch.ones(2, 4))  # expect: ACC505

        run(Net(), 20)
    """,
    "passed_by_keyword_through_a_name": """
        import torch
        from torch import nn

        class Gate(nn.Module):
            def __init__(self):
                super().__init__()
                self.level = 0

            def forward(self, x):
                return x * (self.level + 1)

        def train(epochs, model=None):
            fast = torch.compile(model)
            for epoch in range(epochs):
                model.level = epoch
                fast(torch.ones(3))  # expect: ACC505

        net = Gate()
        train(12, model=net)
    """,
    "counter_stepped_by_the_call": """
        import torch
        from torch import nn

        class Counter(nn.Module):
            def __init__(self):
                super().__init__()
                self.calls = 0

            def forward(self, x):
                self.calls += 1
                return x * self.calls

        def serve(m, requests):
            c = torch.compile(m)
            for r in requests:
                c(r)  # expect: ACC505

        def main():
            serve(Counter(), iter(torch.ones(100, 3)))

        main()
    """,
}

LOOK_ALIKES = {
    "written_once_before_the_loop": """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.window = 1

            def forward(self, x):
                return x[:, : self.window].sum()

        def run(model, steps):
            model.window = 3
            compiled = torch.compile(model)
            for step in range(steps):
                compiled(torch.ones(2, 4))

        run(Net(), 20)
    """,
    "float_attribute_written_each_pass": """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.scale = 1.0

            def forward(self, x):
                return x * self.scale

        def run(model, steps):
            compiled = torch.compile(model)
            for step in range(steps):
                model.scale = 0.5 / (step + 1)
                compiled(torch.ones(2, 4))

        run(Net(), 20)
    """,
    "attribute_the_forward_does_not_read": """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.epoch = 0

            def forward(self, x):
                return x * 2

        def run(model, steps):
            compiled = torch.compile(model)
            for step in range(steps):
                model.epoch = step
                compiled(torch.ones(2, 4))

        run(Net(), 20)
    """,
}


@pytest.mark.parametrize("source", list(HAZARDS.values()) + list(LOOK_ALIKES.values()), ids=list(HAZARDS) + list(LOOK_ALIKES))
def test_passed_module_instances_are_followed_and_look_alikes_are_silent(source):
    assert_labels_match(source)

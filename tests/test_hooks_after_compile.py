"""ACC611: a hook registered on a module the compiled code calls, between two compiled calls.

Runs on torch 2.13 (benchmarks/framework_runs.py torch_hooks_registered_after_compile): each of
the five hook registrations, made after the first compiled call, is ignored by the next call -
on a module-level layer a compiled function calls, on the compiled module, on a submodule of a
module the function calls - and seen when made before the first call (pytorch#91665);
pytorch/pytorch#117265, benchmarks/reports/dev/pytorch_117265_backward_hook_registered_after_compile.py.
"""

import pytest

from labelled import assert_labels_match

HAZARDS = {
    "compiled_module_forward_pre_hook": """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(3, 3)

            def forward(self, x):
                return self.fc(x)

        model = Net()
        compiled = torch.compile(model)
        compiled(torch.ones(3))
        model.register_forward_pre_hook(lambda m, i: (i[0] * 2,))  # expect: ACC611
        compiled(torch.ones(3))
    """,
    "submodule_of_a_called_global_in_a_loop": """
        import torch
        from torch import nn

        model = nn.Sequential(nn.Linear(3, 3), nn.ReLU())
        grads = []

        @torch.compile
        def step(x):
            return model(x).sum()

        for epoch in range(3):
            step(torch.ones(3)).backward()
            model[0].register_full_backward_hook(lambda m, gi, go: grads.append(go))  # expect: ACC611
    """,
    "backward_hook_by_a_function_the_program_runs": """
        import torch

        layer = torch.nn.Linear(3, 3)

        def run(x):
            return layer(x)

        compiled = torch.compile(run)

        def attach():
            layer.register_full_backward_pre_hook(lambda m, go: tuple(g * 2 for g in go))  # expect: ACC611

        compiled(torch.ones(3))
        attach()
        compiled(torch.ones(3))
    """,
}

HAZARDS["fullgraph_compiled_function"] = """
    import torch

    layer = torch.nn.Linear(3, 3)

    @torch.compile(fullgraph=True)
    def f(x):
        return layer(x)

    for step in range(4):
        f(torch.ones(3))
        if step == 1:
            layer.register_forward_hook(lambda m, i, o: o * 2)  # expect: ACC611
"""

LOOK_ALIKES = {
    "hook_before_the_first_call": """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(3, 3)

            def forward(self, x):
                return self.fc(x)

        model = Net()
        model.register_forward_hook(lambda m, i, o: o * 2)
        compiled = torch.compile(model)
        compiled(torch.ones(3))
        compiled(torch.ones(3))
    """,
    "hook_after_the_last_call": """
        import torch

        layer = torch.nn.Linear(3, 3)

        @torch.compile
        def f(x):
            return layer(x)

        f(torch.ones(3))
        layer.register_forward_hook(lambda m, i, o: print(o))
    """,
    "hook_on_a_module_the_compiled_code_does_not_call": """
        import torch

        layer = torch.nn.Linear(3, 3)
        probe = torch.nn.Linear(3, 3)

        @torch.compile
        def f(x):
            return layer(x)

        f(torch.ones(3))
        probe.register_forward_hook(lambda m, i, o: print(o))
        f(torch.ones(3))
        probe(torch.ones(3))
    """,
}


@pytest.mark.parametrize("source", list(HAZARDS.values()) + list(LOOK_ALIKES.values()), ids=list(HAZARDS) + list(LOOK_ALIKES))
def test_hooks_registered_between_compiled_calls_are_found_and_look_alikes_are_not(source):
    assert_labels_match(source)

"""torch.compile guards what the compiled code reads by value: an int (or str) read from a
module-level object's attribute, from the compiled module's own attribute, or a global the
body itself steps, new on every pass, recompiles on every pass up to the limit (ACC505); and a
str argument is keyed by value where numbers go dynamic (ACC502; g6: 8 compiles in 10 calls).

Each hazard below is written in the shapes users write whole programs in, and each look-alike
is one the runs show compiles at most twice (benchmarks/torch_docs, run with torch 2.13: g3,
g4, g9 8 compiles in 10 calls; l1 a float attribute, l3 a compiled bound method's own `self`,
l4 an argument object's attribute, l7 a bool toggled: 2 at most).
"""

import pytest

from labelled import assert_labels_match

HAZARDS = {
    "module_attribute_written_by_the_loop": """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(4, 4)
                self.current_epoch = 0

            def forward(self, x):
                return self.fc(x) * self.current_epoch

        model = Net()
        compiled = torch.compile(model)
        for epoch in range(100):
            model.current_epoch = epoch
            compiled(torch.randn(2, 4))  # expect: ACC505
    """,
    "module_attribute_in_main": """
        import torch
        from torch import nn

        class Decoder(nn.Module):
            def __init__(self):
                super().__init__()
                self.proj = nn.Linear(4, 4)
                self.steps = 1

            def forward(self, x):
                for _ in range(self.steps):
                    x = self.proj(x)
                return x

        def main(n):
            net = Decoder()
            fast = torch.compile(net, mode="reduce-overhead")
            for i in range(n):
                net.steps = i + 1
                fast(torch.randn(2, 4))  # expect: ACC505

        main(20)
    """,
    "global_object_attribute_read_by_a_held_function": """
        import torch

        class Config:
            step = 0

        CONFIG = Config()

        def step_fn(model, x):
            return model(x).mean() * CONFIG.step

        class Trainer:
            def __init__(self, model):
                self.model = model
                self.step = torch.compile(step_fn)

            def run(self, n):
                for i in range(n):
                    CONFIG.step = i
                    self.step(self.model, torch.randn(3, 4))  # expect: ACC505
    """,
    "global_object_attribute_at_module_level": """
        import types
        import torch

        state = types.SimpleNamespace(stage=0)

        @torch.compile
        def loss_fn(x):
            return x.sum() * (state.stage + 1)

        for it in range(1000):
            state.stage = it // 10
            loss_fn(torch.ones(3))  # expect: ACC505
    """,
    "global_stepped_by_the_compiled_body": """
        import torch

        CALLS = 0

        @torch.compile
        def step(x):
            global CALLS
            CALLS += 1
            return (x * 2).sum()

        for _ in range(10):
            step(torch.ones(3))  # expect: ACC505
    """,
    "global_stepped_by_the_compiled_body_called_in_main": """
        import torch

        seen = 0

        def count_and_scale(x):
            global seen
            seen += 1
            return x * 2

        fast = torch.compile(count_and_scale)

        def main():
            while True:
                fast(torch.ones(3))  # expect: ACC505
    """,
}

HAZARDS.update({
    "str_argument_f_string_in_a_helper": """
        import torch

        @torch.compile
        def scaled(x, tag):
            return x + len(tag)

        def log_step(x, epoch):
            return scaled(x, f"epoch-{epoch}")  # expect: ACC502

        def main():
            for epoch in range(100):
                log_step(torch.ones(3), epoch)
    """,
    "str_argument_str_call": """
        import torch

        def lookup(x, key):
            return x * 2 if key.endswith("0") else x

        fast = torch.compile(lookup)
        for i in range(100):
            fast(torch.ones(3), str(i))  # expect: ACC502
    """,
    "str_argument_concatenated_in_a_held_method": """
        import torch

        class Runner:
            def __init__(self):
                self.fn = torch.compile(self.apply)

            def apply(self, x, name):
                return x + len(name)

            def run(self, n):
                for i in range(n):
                    self.fn(torch.ones(3), "layer" + str(i))  # expect: ACC502
    """,
    "str_argument_format": """
        import torch
        from torch import nn

        class Net(nn.Module):
            def forward(self, x, phase):
                return x * len(phase)

        model = torch.compile(Net())
        step = 0
        while True:
            step += 1
            model(torch.ones(3), "step{}".format(step))  # expect: ACC502
    """,
    "str_argument_through_a_name_on_a_compiled_bound_method (opentau_114)": """
        import torch
        from torch import nn

        class Policy(nn.Module):
            def sample_actions(self, state, prompt):
                return state * len(prompt)

        policy = Policy()
        policy.sample_actions = torch.compile(policy.sample_actions)
        for episode in range(100):
            prompt = f"task {episode}"
            policy.sample_actions(torch.ones(3), prompt)  # expect: ACC502
    """,
    "str_argument_through_a_name_by_keyword": """
        import torch

        @torch.compile
        def run(x, tag):
            return x + len(tag)

        def main(n):
            for i in range(n):
                tag = "layer" + str(i)
                run(torch.ones(3), tag=tag)  # expect: ACC502
    """,
    "str_argument_through_a_name_from_format": """
        import torch

        fast = torch.compile(lambda x, key: x * len(key))
        step = 0
        while True:
            step += 1
            key = "step-{}".format(step)
            fast(torch.ones(3), key)  # expect: ACC502
    """,
})

LOOK_ALIKES = {
    "str_name_bound_to_a_constant_in_the_loop": """
        import torch

        @torch.compile
        def run(x, mode):
            return x * len(mode)

        for epoch in range(100):
            mode = "train"
            run(torch.ones(3), mode)
    """,
    "int_name_new_on_every_pass (dynamic after one recompile)": """
        import torch

        @torch.compile
        def run(x, k):
            return x * k

        for epoch in range(100):
            k = epoch * 2
            run(torch.ones(3), k)
    """,
    "name_bound_to_a_str_and_to_a_number": """
        import torch

        @torch.compile
        def run(x, k):
            return x * 2

        for epoch in range(100):
            k = f"e{epoch}"
            print(k)
            k = epoch
            run(torch.ones(3), k)
    """,
    "str_argument_of_two_values": """
        import torch

        @torch.compile
        def run(x, mode):
            return x * 2 if mode == "train" else x

        for epoch in range(100):
            run(torch.ones(3), "train" if epoch % 2 else "eval")
    """,
    "str_argument_fixed": """
        import torch

        @torch.compile
        def run(x, mode):
            return x * len(mode)

        for epoch in range(100):
            tag = f"epoch-{epoch}"
            print(tag)
            run(torch.ones(3), "train")
    """,
    "float_module_attribute": """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(4, 4)
                self.temperature = 1.0

            def forward(self, x):
                return self.fc(x) / self.temperature

        model = Net()
        compiled = torch.compile(model)
        for epoch in range(100):
            model.temperature = 1.0 + 0.1 * epoch
            compiled(torch.randn(2, 4))
    """,
    "bool_module_attribute_toggled": """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(4, 4)
                self.residual = True

            def forward(self, x):
                return self.fc(x) + x if self.residual else self.fc(x)

        model = Net()
        compiled = torch.compile(model)
        for epoch in range(100):
            model.residual = epoch % 2 == 0
            compiled(torch.randn(2, 4))
    """,
    "attribute_set_once_before_the_loop": """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(4, 4)
                self.width = 0

            def forward(self, x):
                return self.fc(x) * self.width

        model = Net()
        compiled = torch.compile(model)
        model.width = 4
        for epoch in range(100):
            compiled(torch.randn(2, 4))
    """,
    "compiled_bound_method_reads_its_own_self": """
        import torch

        class Trainer:
            def __init__(self, model):
                self.model = model
                self.step = 0
                self.loss_fn = torch.compile(self._loss)

            def _loss(self, x):
                return self.model(x).mean() * (self.step + 1)

            def run(self, n):
                for i in range(n):
                    self.step = i
                    self.loss_fn(torch.randn(3, 4))
    """,
    "global_object_float_attribute": """
        import types
        import torch

        opt_state = types.SimpleNamespace(lr=0.1)

        @torch.compile
        def update(w, g):
            return w - opt_state.lr * g

        w = torch.zeros(3)
        for it in range(1000):
            opt_state.lr = 0.1 / (it + 1)
            w = update(w, torch.ones(3))
    """,
    "global_tensor_rebound_by_the_body": """
        import torch

        TOTAL = torch.zeros(())

        @torch.compile
        def step(x):
            global TOTAL
            TOTAL = TOTAL + x.sum()
            return x * 2

        for _ in range(10):
            step(torch.ones(3))
    """,
    "under_jax_jit_a_global_attribute_is_no_guard": """
        import types
        import jax
        import jax.numpy as jnp

        state = types.SimpleNamespace(stage=0)

        def loss(x):
            return x.sum()

        f = jax.jit(loss)
        for it in range(1000):
            state.stage = it
            f(jnp.ones(3))
    """,
}


@pytest.mark.parametrize("source", list(HAZARDS.values()) + list(LOOK_ALIKES.values()), ids=list(HAZARDS) + list(LOOK_ALIKES))
def test_guarded_reads_new_on_every_pass_are_found_and_look_alikes_are_not(source):
    assert_labels_match(source)

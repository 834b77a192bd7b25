"""A compiled module's call that steps a Python int counter - in `forward`, in a helper method
`forward` calls, or in a submodule (its `forward` or a method of it) - recompiles on every call
until the recompile limit (ACC505).

Runs with torch 2.13 (benchmarks/framework_runs.py torch_stepped_submodule_ints): 8 graphs in 12
calls for each hazard shape below; a float counter stepped so compiles twice (the second time
dynamic), an int stepped by a tensor twice (it becomes a tensor), an int only read once. torchtune#1663 (benchmarks/reports/dev/
torchtune_1663_kv_cache_int_size_attribute.py): a KV cache's `self.size += seq_len`.
"""

import pytest

from labelled import assert_labels_match

HAZARDS = {
    "submodule_forward_steps_its_int": """
        import torch
        from torch import nn

        class Counter(nn.Module):
            def __init__(self):
                super().__init__()
                self.n = 0

            def forward(self, x):
                self.n += 1
                return x * self.n

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.counter = Counter()

            def forward(self, x):
                return self.counter(x) + 1

        model = torch.compile(Net())
        for step in range(100):
            model(torch.randn(2, 4))  # expect: ACC505
    """,
    "submodule_method_steps_by_a_size": """
        import torch
        from torch import nn

        class Cache(nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("k", torch.zeros(1, 64, 4))
                self.size = 0

            def update(self, k):
                seq_len = k.shape[1]
                self.k[:, self.size : self.size + seq_len] = k
                self.size += seq_len
                return self.k[:, : self.size]

        class Attention(nn.Module):
            def __init__(self):
                super().__init__()
                self.cache = Cache()

            def forward(self, x):
                return self.cache.update(x).sum(1)

        def generate(tokens):
            compiled = torch.compile(Attention())
            while True:
                tokens = compiled(tokens)  # expect: ACC505
    """,
    "helper_method_steps_the_module_int": """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.calls = 0

            def _advance(self):
                self.calls += 2

            def forward(self, x):
                self._advance()
                return x + self.calls

        model = torch.compile(Net())
        outs = [model(torch.randn(3)) for _ in range(50)]  # expect: ACC505
    """,
}

LOOK_ALIKES = {
    "submodule_float_stepped": """
        import torch
        from torch import nn

        class Schedule(nn.Module):
            def __init__(self):
                super().__init__()
                self.scale = 0.5

            def bump(self):
                self.scale += 1.0

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.schedule = Schedule()

            def forward(self, x):
                self.schedule.bump()
                return x * self.schedule.scale

        model = torch.compile(Net())
        for step in range(100):
            model(torch.randn(2, 4))
    """,
    "submodule_int_only_read": """
        import torch
        from torch import nn

        class Cache(nn.Module):
            def __init__(self):
                super().__init__()
                self.size = 4

            def read(self, x):
                return x[:, : self.size]

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.cache = Cache()

            def forward(self, x):
                return self.cache.read(x) + 1

        model = torch.compile(Net())
        for step in range(100):
            model(torch.randn(2, 8))
    """,
    "submodule_int_stepped_by_a_tensor": """
        import torch
        from torch import nn

        class Cache(nn.Module):
            def __init__(self):
                super().__init__()
                self.total = 0

            def update(self, k):
                self.total += k.sum()
                return k

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.cache = Cache()

            def forward(self, x):
                return self.cache.update(x) + 1

        model = torch.compile(Net())
        for step in range(100):
            model(torch.randn(2, 8))
    """,
}


@pytest.mark.parametrize("source", list(HAZARDS.values()) + list(LOOK_ALIKES.values()), ids=list(HAZARDS) + list(LOOK_ALIKES))
def test_stepped_counters_are_found_and_look_alikes_are_not(source):
    assert_labels_match(source)

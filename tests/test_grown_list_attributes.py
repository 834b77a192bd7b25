"""A list attribute of a compiled module that every call grows has its length guarded by
torch.compile: each call compiles again until the recompile limit (ACC505).

Run with torch 2.13 (a counting backend, 10 calls; benchmarks/blind torch_compile_append_storm_1
is the blind set's spelling): `self.history.insert(0, ...)` in a helper `forward` calls 8
graphs, `self.outs += [h]` 8, a submodule's `self.seen.append(...)` 8; a list rebound to `[]`
at the start of `forward` 1, one `clear()`ed there 2, a local list 1.
"""

import pytest

from labelled import assert_labels_match

HAZARDS = {
    "helper_method_inserts": """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(3, 3)
                self.history = []

            def _record(self, h):
                self.history.insert(0, h.mean())

            def forward(self, x):
                h = self.fc(x)
                self._record(h)
                return h

        def train(steps):
            net = Net()
            compiled = torch.compile(net)
            for step in range(steps):
                compiled(torch.ones(1, 3) * step)  # expect: ACC505
    """,
    "forward_adds_a_list": """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(3, 3)
                self.outs = []

            def forward(self, x):
                h = self.fc(x)
                self.outs += [h]
                return h

        model = torch.compile(Net())
        for i in range(10):
            model(torch.ones(1, 3) * i)  # expect: ACC505
    """,
    "submodule_appends": """
        import torch
        from torch import nn

        class Probe(nn.Module):
            def __init__(self):
                super().__init__()
                self.seen = []

            def forward(self, h):
                self.seen.append(h.detach())
                return h

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(3, 3)
                self.probe = Probe()

            def forward(self, x):
                return self.probe(self.fc(x)).sum()

        model = torch.compile(Net())
        for batch in range(10):
            model(torch.ones(1, 3) * batch)  # expect: ACC505
    """,
}

LOOK_ALIKES = {
    "rebound_at_each_call": """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(3, 3)
                self.feats = []

            def forward(self, x):
                self.feats = []
                h = self.fc(x)
                self.feats.append(h)
                return h

        model = torch.compile(Net())
        for i in range(10):
            model(torch.ones(1, 3) * i)
    """,
    "cleared_at_each_call": """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(3, 3)
                self.feats = []

            def forward(self, x):
                self.feats.clear()
                h = self.fc(x)
                self.feats.append(h)
                return h

        model = torch.compile(Net())
        for i in range(10):
            model(torch.ones(1, 3) * i)
    """,
    "local_list": """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(3, 3)
                self.feats = []

            def forward(self, x):
                feats = []
                feats.append(self.fc(x))
                return feats[0]

        model = torch.compile(Net())
        for i in range(10):
            model(torch.ones(1, 3) * i)
    """,
}


@pytest.mark.parametrize("source", list(HAZARDS.values()) + list(LOOK_ALIKES.values()), ids=list(HAZARDS) + list(LOOK_ALIKES))
def test_grown_list_attributes_are_found_and_look_alikes_are_not(source):
    assert_labels_match(source)

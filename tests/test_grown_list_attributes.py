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

_GROWING = """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(3, 3)
                self.feats = []
                self.other = []

            def forward(self, x):
                h = self.fc(x)
                self.feats.append(h)
                return h

        model = Net()
        compiled = torch.compile(model)
"""

# Emptied between two calls, the list's length stays bounded (torch 2.13, backend="eager", 10
# calls: `clear()` before the call 1 graph, after it 1, `= []` through the compiled name 1, `del
# xs[:]` 1, `xs[:] = []` 1); emptied only now and then, it grows in between (every 6th of 12
# calls: 6 graphs).
HAZARDS.update({
    "emptied_only_now_and_then": _GROWING + """
        for i in range(1000):
            if i % 100 == 0:
                model.feats.clear()
            compiled(torch.ones(1, 3) * i)  # expect: ACC505
    """,
    "another_list_emptied": _GROWING + """
        for i in range(1000):
            model.other.clear()
            compiled(torch.ones(1, 3) * i)  # expect: ACC505
    """,
    "emptied_in_the_outer_loop_only": _GROWING + """
        for epoch in range(10):
            model.feats = []
            for batch in range(1000):
                compiled(torch.ones(1, 3) * batch)  # expect: ACC505
    """,
})

EMPTIED = {
    "cleared_before_each_call": _GROWING + """
        for i in range(1000):
            model.feats.clear()
            compiled(torch.ones(1, 3) * i)
    """,
    "rebound_through_the_compiled_name_after_each_call": _GROWING + """
        for i in range(1000):
            compiled(torch.ones(1, 3) * i)
            compiled.feats = []
    """,
    "deleted_slice": _GROWING + """
        def train(batches):
            for b in batches:
                del model.feats[:]
                compiled(b)
    """,
    "slice_assigned_in_a_with_block": _GROWING + """
        for i in range(1000):
            with torch.no_grad():
                model.feats[:] = []
            compiled(torch.ones(1, 3) * i)
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


LOOK_ALIKES.update(EMPTIED)


@pytest.mark.parametrize("source", list(HAZARDS.values()) + list(LOOK_ALIKES.values()), ids=list(HAZARDS) + list(LOOK_ALIKES))
def test_grown_list_attributes_are_found_and_look_alikes_are_not(source):
    assert_labels_match(source)

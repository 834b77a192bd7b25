"""What a torch module's own submodule of torch's (`self.fc = nn.Linear(3, 3)`, `nn.Conv2d`)
returns when its traced `forward` calls it on a tensor is a tensor: a Python branch on it is
data-dependent control flow (benchmarks/torch_docs t4 and n1, run on torch 2.13: the trace keeps
the example's branch; torch.export raises on the branch). Written at stop 44 (tfdocs44) before
the change (`layer_namespaces` in torch_compile.toml; contexts.callee_returns)."""

import pytest

from labelled import assert_labels_match

HAZARDS = {
    "exported_by_a_helper_main_hands_a_new_instance": """
        import torch
        from torch import nn

        class Gate(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(3, 3)

            def forward(self, x):
                h = self.fc(x)
                if h.sum() > 0:  # expect: ACC201
                    return h.relu()
                return h.tanh()

        def deploy(model, example):
            return torch.export.export(model, (example,))

        def main():
            return deploy(Gate(), torch.ones(2, 3))
    """,
    "traced_by_a_helper_main_hands_a_bound_instance": """
        import torch
        from torch import nn

        class Gate(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(3, 3)

            def forward(self, x):
                h = self.fc(x)
                if h.mean() > 0:  # expect: ACC201
                    return h
                return -h

        def export(model):
            return torch.jit.trace(model, torch.ones(1, 3))

        def main():
            model = Gate()
            traced = export(model)
            return traced(torch.ones(1, 3))
    """,
    "a_convolution_under_fullgraph_compile": """
        import torch
        from torch import nn

        class Block(nn.Module):
            def __init__(self):
                super().__init__()
                self.conv = nn.Conv2d(1, 1, 3)

            def forward(self, x):
                y = self.conv(x)
                return y if y.mean() > 0 else -y  # expect: ACC203

        model = torch.compile(Block(), fullgraph=True)
        model(torch.ones(1, 1, 5, 5))
    """,
}

LOOK_ALIKES = {
    "a_helper_that_scripts_the_module": """
        import torch
        from torch import nn

        class Gate(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(3, 3)

            def forward(self, x):
                h = self.fc(x)
                if bool(h.sum() > 0):
                    return h
                return -h

        def export(model):
            return torch.jit.script(model)

        def main():
            return export(Gate())(torch.ones(3))
    """,
    "an_int_attribute_read_from_a_torch_module": """
        import torch
        from torch import nn

        class Gate(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(3, 3)
                self.width = self.fc.in_features

            def forward(self, x):
                if self.width > 2:
                    return self.fc(x)
                return x

        traced = torch.jit.trace(Gate(), torch.ones(1, 3))
    """,
}


@pytest.mark.parametrize("source", list(HAZARDS.values()), ids=list(HAZARDS))
def test_a_torch_submodule_output_is_a_tensor(source):
    assert_labels_match(source)


@pytest.mark.parametrize("source", list(LOOK_ALIKES.values()), ids=list(LOOK_ALIKES))
def test_look_alikes_stay_quiet(source):
    assert_labels_match(source)

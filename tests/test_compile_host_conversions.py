"""Under `torch.compile` (fullgraph=False, the default) `.item()`, `float(t)` and `.tolist()` of a
tensor break the graph and run eagerly: the compiled results and the host values are the eager
ones on every call (run on torch 2.13, backend="eager": benchmarks/framework_runs.py compile_item,
1 break each, same as eager; physical-ai-studio#877's logged loss). ACC303 is a hazard only where
the conversion is baked or raises: `.tolist()` under `fullgraph=True` (Unsupported), anything
under torch.jit.trace (a constant). `.item()` and `float()` under `fullgraph=True` compile, the
scalar captured (fullgraph_item; also with capture_scalar_outputs off, its default).
"""

import pytest

from labelled import assert_labels_match

FINE = {
    "item_in_a_helper_of_a_compiled_forward": """
        import torch

        class Policy(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.net = torch.nn.Linear(6, 2)

            def compute_loss(self, batch):
                loss = torch.nn.functional.mse_loss(self.net(batch["obs"]), batch["action"])
                return loss, {"loss": loss.item()}

            def forward(self, batch):
                return self.compute_loss(batch)

        compiled = torch.compile(Policy())
    """,
    "float_of_a_tensor_in_a_compiled_function": """
        import torch

        @torch.compile
        def centred(x):
            y = x * 2
            return y - float(y.mean())
    """,
    "tolist_in_a_module_compiled_in_place": """
        import torch

        class Net(torch.nn.Module):
            def forward(self, x):
                y = x * 2
                return torch.tensor(y.tolist()) * 2

        model = Net()
        model.compile()
    """,
    "item_under_fullgraph_is_captured": """
        import torch

        @torch.compile(fullgraph=True)
        def scaled(x):
            y = x * 2
            return y * (y.sum().item() + 1)
    """,
}

HAZARDS = {
    "tolist_under_fullgraph_raises": """
        import torch

        @torch.compile(fullgraph=True)
        def listed(x):
            y = x * 2
            return torch.tensor(y.tolist()) * 2  # expect: ACC303
    """,
    "item_under_jit_trace_is_baked": """
        import torch

        def scaled(x):
            y = x * 2
            return y * (y.sum().item() + 1)  # expect: ACC303

        traced = torch.jit.trace(scaled, torch.ones(3))
    """,
    "numpy_under_tf_function_raises": """
        import tensorflow as tf

        @tf.function
        def scaled(x):
            return x * x.numpy().sum()  # expect: ACC303
    """,
}


@pytest.mark.parametrize("source", list(FINE.values()) + list(HAZARDS.values()), ids=list(FINE) + list(HAZARDS))
def test_a_host_conversion_is_a_hazard_only_where_it_is_baked_or_raises(source):
    assert_labels_match(source)

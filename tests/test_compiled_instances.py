"""Instances of one module class compiled one by one share the graphs of one `forward` (Dynamo
caches on the code object), and an int attribute `forward` reads that each instance holds another
value of fails the guard at each instance's first call: a compile per instance up to the
recompile limit (ACC505; dev report pytorch_156520, regional compilation).

Run with torch 2.13 (backend="eager", 12 layers, counting graphs): `layer.compile()` over a
`ModuleList` of `Layer(i)` 8 graphs, over a `Sequential` 8, `torch.compile(Layer(i))` for each
`i` 8; every layer given the same int 2, a float `0.5 * i` 2. A loop's target holds the elements
of what it iterates (acclint.analysis.objects), so `layer.compile()` compiles `Layer.forward`.
"""

import pytest

from labelled import assert_labels_match

_LAYER = """
    import torch
    from torch import nn

    class Layer(nn.Module):
        def __init__(self, idx):
            super().__init__()
            self.idx = idx
            self.fc = nn.Linear(4, 4)

        def forward(self, x, cache):
            return self.fc(x) + cache[self.idx]
"""

HAZARDS = {
    "module_list_compiled_in_place": _LAYER + """
    class Model(nn.Module):
        def __init__(self, depth):
            super().__init__()
            self.layers = nn.ModuleList([Layer(i) for i in range(depth)])
            for layer in self.layers:
                layer.compile()  # expect: ACC505
    """,
    "sequential_enumerated": _LAYER + """
    class Model(nn.Module):
        def __init__(self, depth):
            super().__init__()
            self.blocks = nn.Sequential(*[Layer(idx=2 * i + 1) for i in range(depth)])
            for i, block in enumerate(self.blocks):
                block.compile(mode="reduce-overhead")  # expect: ACC505
    """,
    "each_wrapped_as_made": _LAYER + """
    def build(depth):
        return nn.ModuleList([torch.compile(Layer(i)) for i in range(depth)])  # expect: ACC505
    """,
    "local_list_wrapped_in_a_comprehension": _LAYER + """
    def build():
        layers = [Layer(n) for n, _ in enumerate(range(12))]
        return [torch.compile(layer) for layer in layers]  # expect: ACC505
    """,
}

LOOK_ALIKES = {
    "same_int_in_every_instance": _LAYER + """
    class Model(nn.Module):
        def __init__(self, depth):
            super().__init__()
            self.layers = nn.ModuleList([Layer(3) for i in range(depth)])
            for layer in self.layers:
                layer.compile()
    """,
    "float_attribute": _LAYER + """
    class Model(nn.Module):
        def __init__(self, depth):
            super().__init__()
            self.layers = nn.ModuleList([Layer(i / 2) for i in range(depth)])
            for layer in self.layers:
                layer.compile()
    """,
    "attribute_forward_does_not_read": """
    import torch
    from torch import nn

    class Layer(nn.Module):
        def __init__(self, idx):
            super().__init__()
            self.idx = idx
            self.fc = nn.Linear(4, 4)

        def forward(self, x):
            return self.fc(x)

    class Model(nn.Module):
        def __init__(self, depth):
            super().__init__()
            self.layers = nn.ModuleList([Layer(i) for i in range(depth)])
            for layer in self.layers:
                layer.compile()
    """,
    "few_literal_layers": _LAYER + """
    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.layers = nn.ModuleList([Layer(i) for i in range(4)])
            for layer in self.layers:
                layer.compile()
    """,
}


@pytest.mark.parametrize("source", list(HAZARDS.values()) + list(LOOK_ALIKES.values()), ids=list(HAZARDS) + list(LOOK_ALIKES))
def test_instances_compiled_one_by_one_are_found_and_look_alikes_are_not(source):
    assert_labels_match(source)

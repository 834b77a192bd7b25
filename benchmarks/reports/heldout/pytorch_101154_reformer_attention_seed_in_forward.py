# source: https://github.com/pytorch/pytorch/issues/101154
# framework: PyTorch
# "[Dynamo] TB hf_Reformer graph breaks": the repro's forward calls `_init_attention_seed()`,
# which draws `int(torch.seed() % sys.maxsize)` and `torch.manual_seed(...)` with it, before a
# dropout, "to make dropout deterministic for both forward calls". Run on torch 2.13: Dynamo
# compiles `_init_attention_seed` as its own frame, with `torch.seed()` evaluated once while
# tracing, so every compiled call seeds the generator with the same trace-time value and draws the
# same dropout mask; eagerly each call draws a new seed and a new mask.
# verify: not c.masks_differ and e.masks_differ
import sys

import torch


class MyModel(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(5, 5)
        self.dropout = torch.nn.Dropout()

    def _init_attention_seed(self):
        self.attention_seed = int(torch.seed() % sys.maxsize)  # label: ACC1
        torch.manual_seed(self.attention_seed)

    def forward(self, x):
        self._init_attention_seed()
        return self.dropout(self.linear(x))


torch.manual_seed(0)
model = torch.compile(MyModel())
x = torch.ones(4, 5)
outs = [model(x) != 0 for _ in range(3)]
masks_differ = not torch.equal(outs[0], outs[1]) or not torch.equal(outs[1], outs[2])
print(masks_differ)

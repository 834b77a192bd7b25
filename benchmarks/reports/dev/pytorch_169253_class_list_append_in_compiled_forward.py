# source: https://github.com/pytorch/pytorch/issues/169253
# framework: PyTorch
# A compiled `forward` appends its input to the class-level list `Model.items`. Eagerly two
# calls leave two items; compiled (torch 2.9 in the report) the list stayed empty. On torch
# 2.13 the compiled calls leave two items too. Fine today. The report's compiled half; the
# eager half is the eager twin.
# label: none
# verify: e.count == 2 and c.count == 2
import torch
import torch.nn as nn


class Model(nn.Module):
    items = []

    def __init__(self):
        super().__init__()

    def forward(self, x):
        Model.items.append(x)


Model.items.clear()
m2 = Model()
m2.forward = torch.compile(m2.forward)
m2(torch.randn(2, 4))
m2(torch.randn(2, 4))
count = len(Model.items)
print(f"With compile: {count} items")

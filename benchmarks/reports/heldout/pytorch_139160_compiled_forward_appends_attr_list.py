# source: https://github.com/pytorch/pytorch/issues/139160
# framework: PyTorch
# "fullgraph compilation failed: 'FakeRootModule' object has no attribute 'self___attr_list_0'":
# a module from ExportDB's attribute-mutation example whose forward appends a tensor to
# `self.attr_list` and reads an element of it, compiled with torch.compile (2.5, CUDA). Run on
# torch 2.13 CPU: the append is replayed and the outputs match eager, but the list is guarded on
# its length, which the forward itself changes, so every call compiles again (ten calls reach
# the recompile limit).
# verify: c.torch['forward'] >= 8 and c.n_items == e.n_items and close(c.outs, e.outs)
import torch


class ModelAttrMutation(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.attr_list = [torch.ones(3, 2), torch.full((3, 2), 2.0)]

    def forward(self, x):
        self.attr_list.append(torch.ones(3, 2))  # label[g]: ACC5
        return x.sum() + self.attr_list[1].sum()


model = ModelAttrMutation()
compiled = torch.compile(model)
outs = []
for _ in range(10):
    outs.append(compiled(torch.ones(10)))  # label[g]
n_items = len(model.attr_list)
print(n_items, outs)

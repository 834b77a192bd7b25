# source: https://github.com/miguelvr/dropblock/pull/28
# framework: PyTorch
# label: none
# "Make drop_prob mutable in DropBlock ScriptModules": scheduling `drop_prob` during training
# with the DropBlock modules in JIT mode needed the probability to be a buffer set with
# `m.drop_prob = torch.tensor(.2)` (2019). Reduced to a DropBlock-style module with a float
# `drop_prob` attribute, scripted with `torch.jit.script`, and a linear schedule setting the
# attribute between calls: on torch 2.13 the scripted module's attribute is mutable and each
# call uses the scheduled value, like the Python module.
# verify: close(c.scripted_keep, c.python_keep)
import torch


class DropBlock2D(torch.nn.Module):
    def __init__(self, drop_prob, block_size):
        super().__init__()
        self.drop_prob = drop_prob
        self.block_size = block_size

    def forward(self, x):
        if not self.training or self.drop_prob == 0.0:
            return x
        gamma = self.drop_prob / (self.block_size ** 2)
        return x * (1.0 - gamma)


db = DropBlock2D(drop_prob=0.5, block_size=3)
scripted = torch.jit.script(DropBlock2D(drop_prob=0.5, block_size=3))
x = torch.ones(1, 1, 4, 4)
scripted_keep, python_keep = [], []
for value in [0.0, 0.1, 0.2]:
    scripted.drop_prob = value
    db.drop_prob = value
    scripted_keep.append(scripted(x).mean().item())
    python_keep.append(db(x).mean().item())
print(scripted_keep, python_keep)

# source: https://github.com/pytorch/pytorch/issues/115626
# framework: PyTorch
# "Alternatives to compiling a for loop": the model loops over the temporal dimension of its
# input; the dataloader serves sequences of different lengths, and "every time a new input size
# is encountered it compiles the model again". torch.compile unrolls the Python loop, so the
# graph depends on the length itself, not only on a symbolic size. Reduced: a recurrent cell
# unrolled over `x.shape[1]`, fed lengths 5..14.
# verify: c.torch['forward'] >= 6
import torch
import torch.nn as nn


class Recurrent(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = nn.GRUCell(4, 8)

    def forward(self, x):
        h = torch.zeros(x.shape[0], 8)
        for t in range(x.shape[1]):
            h = self.cell(x[:, t], h)
        return h


model = torch.compile(Recurrent())
for length in range(5, 15):
    out = model(torch.randn(2, length, 4))  # label: ACC5
print(out.shape)

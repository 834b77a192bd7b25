# source: https://github.com/pytorch/pytorch/issues/141225
# framework: PyTorch
# Written from the report (no code in the thread): a compiled model is called with inputs of
# shape [2, 3] and then [1, 3]; the first dimension generalised to s0 >= 2, so the size-1 input
# fails the guard and compiles a second graph ("0/1 specialisation"); the user wanted one graph.
# `mark_unbacked` was the suggested fix. Two compiles for the two batch sizes, then none: a
# bounded set, fine. The model is a stand-in; the two calls are written out, as reported.
# label: none
# verify: c.torch['forward'] == 2 and close(c.outs, e.outs)
import torch


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(3, 4)

    def forward(self, x):
        return torch.relu(self.linear(x))


torch.manual_seed(0)
model = torch.compile(Model())
outs = [model(torch.ones(2, 3)), model(torch.ones(1, 3))]

# source: blind57:torch_range_arg_1
# framework: PyTorch
# Monte-Carlo dropout: the number of stochastic passes is an argument of the compiled
# `predict`, used as a `range()` bound; an uncertainty helper asks for more passes on every
# call, and each new count is a new graph.
# verify: c.torch['predict'] >= 8
import torch
from torch import nn


class MCModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 1)
        self.drop = nn.Dropout(0.2)

    def predict(self, x, passes):
        outs = [self.fc(self.drop(x)) for _ in range(passes)]  # label[a]
        return torch.stack(outs).mean(0)


class Uncertainty:
    def __init__(self, model):
        self.predict = torch.compile(model.predict)

    def estimate(self, x, passes):
        return self.predict(x, passes)  # label[a]: ACC5


def main():
    torch.manual_seed(0)
    model = MCModel().train()
    unc = Uncertainty(model)
    with torch.no_grad():
        return [unc.estimate(torch.ones(2, 4), n) for n in range(2, 14)]


outs = main()

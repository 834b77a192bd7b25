# source: https://github.com/alxiom/jitTutorial/blob/HEAD/train_python/trace_model.py
# framework: PyTorch
# Label: fine look-alike. torch.jit.trace of two stacked linear layers, printed beside the eager
# model on the tracing input: no branch or size read, so the trace holds for every batch. The
# author's code; the `.save` left out (a file the C++ half loads) and a batch of 4 added.
# label: none
# verify: close(c.r4, c.e4)
import torch
from torch import nn
import numpy as np


class Model(nn.Module):

    def __init__(self):
        super(Model, self).__init__()

        self.linear = nn.Sequential(
            nn.Linear(in_features=3, out_features=100),
            nn.Linear(in_features=100, out_features=5)
        )

    def forward(self, inputs):
        return self.linear(inputs)


if __name__ == "__main__":
    model = Model()  # TODO : load trained model
    tracer = torch.Tensor(np.ones((1, 3))).float()
    traced_net = torch.jit.trace(model, tracer)

    print(model(tracer))
    print(traced_net(tracer))

    batch = torch.randn(4, 3)
    r4, e4 = traced_net(batch), model(batch)

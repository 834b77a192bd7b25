# source: https://github.com/pytorch/pytorch/issues/140539
# framework: PyTorch
# A traced `forward` adds into its buffer `self.accumulator`, then rebinds the attribute to
# `self.accumulator * self.accumulator`. torch.jit.trace keeps the in-place add but not the
# rebinding, which no output needs: eagerly 2, 4, 10; traced 2, 4, 6. The report's script
# (dims 1, 1, 1; printing replaced by collected values).
# verify: close(c.eager_outs, [2.0, 4.0, 10.0]) and close(c.traced_outs, [2.0, 4.0, 6.0])
import numpy as np
import torch

dim1 = dim2 = dim3 = 1


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("accumulator", torch.tensor(np.zeros((dim1, dim2, dim3), dtype=np.float16)))

    def forward(self, x):
        self.accumulator += x
        output = self.accumulator * 2
        self.accumulator = self.accumulator * self.accumulator  # label: ACC4
        return output


torch_model = Model().eval()
eager_outs = [float(torch_model(torch.tensor([1]))) for _ in range(3)]

traced_model = torch.jit.trace(Model().eval(), torch.tensor([0]))
traced_outs = [float(traced_model(torch.tensor([1]))) for _ in range(3)]
print(eager_outs, traced_outs)

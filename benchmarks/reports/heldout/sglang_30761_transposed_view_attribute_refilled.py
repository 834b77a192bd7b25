# source: https://github.com/sgl-project/sglang/pull/30761
# framework: PyTorch
# label: none
# "[RL] update_weights_from_disk: load quantized checkpoints like initial loading": to keep weight
# refills visible, the FP8 scheme stores `layer.weight_t = layer.weight.data.t()`, "a transposed VIEW
# of the same storage, so in-place refills are visible"; the review bot warns that "when
# torch.compile is enabled, any plain tensor attribute assigned to a module ... is treated as a
# static constant by the compiler", so weights reloaded in place would not reach the compiled
# graph. Reduced to a linear layer whose forward multiplies by the plain `weight_t` attribute,
# compiled, then refilled in place with `weight.data.copy_` (the quantization and sglang's loader
# left out). On torch 2.13 Dynamo reads the tensor attribute as a graph input, not a constant:
# the compiled layer sees the refilled weights through the view as eager does, fine today.
# verify: close(c.outs, e.outs) and not close(c.outs[0], c.outs[1])
import torch


class FP8Linear(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.randn(4, 4), requires_grad=False)
        self.weight_t = self.weight.data.t()

    def forward(self, x):
        return x @ self.weight_t


torch.manual_seed(0)
layer = FP8Linear()
compiled = torch.compile(layer)
x = torch.randn(2, 4)
outs = [compiled(x)]
layer.weight.data.copy_(torch.randn(4, 4))  # update_weights_from_disk refills in place
outs.append(compiled(x))
print(outs)

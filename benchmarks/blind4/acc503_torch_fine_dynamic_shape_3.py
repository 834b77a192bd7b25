# source: blind58:acc503_torch_fine_dynamic_shape_3
# framework: PyTorch
# label: none
# A widening window fed to a torch.compile'd function with the default dynamic setting: after
# the second length Dynamo marks the dimension dynamic and compiles no more.
# verify: 1 <= c.torch['smooth'] <= 3
import torch


@torch.compile
def smooth(x):
    return torch.cumsum(x, dim=-1) / x.shape[-1]


signal = torch.arange(64.0)
outs = [smooth(signal[: 4 * k]) for k in range(1, 12)]

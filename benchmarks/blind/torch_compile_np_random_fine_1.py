# source: blind55:torch_compile_np_random_fine_1
# framework: PyTorch
# label: none
# NumPy noise inside a torch.compile'd function: Dynamo traces the NumPy call into the graph (or
# breaks on it), so every call draws fresh noise.
# verify: not close(c.outs[0], c.outs[1])
import numpy as np
import torch


@torch.compile
def add_noise(x):
    return x + torch.from_numpy(np.random.normal(0, 0.1, size=(3,)).astype("float32"))


outs = [add_noise(torch.zeros(3)) for _ in range(3)]

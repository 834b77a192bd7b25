# source: https://github.com/JimyMa/FAIT/blob/HEAD/example/loop_assign.py
# framework: PyTorch
# Label: fine look-alike. A scripted module loops over a list of tensors and a list of floats,
# writes `sigmoid_` into a permuted view and appends to a Python list: TorchScript compiles the
# loop and the list, so any number of pairs works. The author's code; the save left out and a
# call with two and three pairs added, compared with the module run as Python.
# label: none
# verify: all(close(a, b) for a, b in zip(c.r2, c.p2)) and len(c.r3) == 3
from typing import List

import torch


class LoopAssign(torch.nn.Module):
    def forward(self, a_list: List[torch.Tensor], b_list: List[float]):
        c_list = []
        for a, b in zip(a_list, b_list):
            a = a.permute(0, 2, 3, 1)
            a[..., :2].sigmoid_()
            c = a + b
            c_list.append(c)

        return c_list


mod = torch.jit.script(LoopAssign())
mod.eval()
mod = torch.jit.freeze(mod)
print(mod.graph)

xs = [torch.randn(1, 4, 3, 3) for _ in range(2)]
r2 = mod([x.clone() for x in xs], [0.5, 1.5])
p2 = LoopAssign()([x.clone() for x in xs], [0.5, 1.5])
r3 = mod([torch.randn(1, 4, 3, 3) for _ in range(3)], [0.0, 1.0, 2.0])

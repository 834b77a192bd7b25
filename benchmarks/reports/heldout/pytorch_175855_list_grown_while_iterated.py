# source: https://github.com/pytorch/pytorch/issues/175855
# framework: PyTorch
# A generator iterates `vals` while appending to it: eagerly the loop sees the appended items
# (result 6); the report's compiled module ignored them (result 1, torch 2.11). On torch 2.13
# the compiled module returns 6 too. Fine today.
# label: none
# verify: close(c.output2, e.output2)
import torch
import torch.nn as nn


class module(nn.Module):
    def forward(self, x):
        vals = [x.sum()]

        def grow_and_read():
            for item in vals:
                if len(vals) < 3:
                    vals.append(item + 1)
                yield item

        seq = list(grow_and_read())
        return torch.stack(seq).sum()


m = module()
x = torch.ones(1)
output2 = torch.compile(m)(x)
print("compiled:", output2)

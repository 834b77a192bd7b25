# run (torch 2.13: compiled prints [2.0, 2.0] [2.0, 2.0]; eager (TORCHDYNAMO_DISABLE=1) prints [2.0, 2.0] [3.0, 3.0])
import torch


class Holder:
    def __init__(self):
        self.left = object()
        self.right = object()
        self.current = self.left


def switch(h):
    h.current = h.right


@torch.compile
def f(x, holder):
    return x * (2.0 if holder.current is holder.left else 3.0)  # read


H = Holder()
a = f(torch.ones(2), H)
switch(H)
b = f(torch.ones(2), H)
print(a.tolist(), b.tolist())

# source: https://github.com/pytorch/pytorch/issues/99609
# framework: PyTorch
# `a[k] = v[t]` with a bool mask `t` in a nested function is a graph break under Dynamo
# ("dynamic Tensor.__getitem__(bool[])"): the user asked why one graph is made when the
# function is nested and none when inlined. A graph break is not a wrong result: the compiled
# call returns what the eager one does. Fine. (`dynamo.explain` replaced by a compiled call,
# and the dict's tensor returned to be compared.)
# label: none
# verify: close(c.result, e.result)
import torch


def func():
    torch.manual_seed(0)
    a = {"str": torch.rand([2, 2, 3])}
    t2 = torch.tensor([0, 1], dtype=torch.int64)

    def inner(t):
        for k, v in a.items():
            a[k] = v[t]

    inner(t2 < 1)
    return a["str"]


result = torch.compile(func)()

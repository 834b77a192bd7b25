# source: https://github.com/pytorch/pytorch/issues/166253
# framework: PyTorch
# Label: fine look-alike as run here. The report: `torch.full((2,), x, dtype=torch.float64)`
# compiled and called with 0-d float64 tensors 5.0 then 10.0 returned 5.0 both times on the CPU
# (torch 2.9, inductor). The report's code; verify.py's counting backend runs Dynamo's graph
# eagerly in place of inductor, so a fault in inductor's lowering does not show here: the graph
# takes `x` as an input (one graph for both calls) and returns 5.0 and 10.0, as eager does. No
# Python value is baked; the stale 5.0 was inductor's, which no rule can see.
# label: none
# verify: close(c.outs, e.outs)
import torch


def func_nojit(x):
    return torch.full((2, ), x, dtype=torch.float64)


func_jit = torch.compile(func_nojit)

outs = []
for func in [func_nojit, func_jit]:
    x1 = torch.tensor(5.0, dtype=torch.float64)
    x2 = torch.tensor(10.0, dtype=torch.float64)
    outs.append(func(x1))
    outs.append(func(x2))
print(outs)

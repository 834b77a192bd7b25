# source: https://github.com/pytorch/pytorch/issues/125313
# framework: PyTorch
# "Dynamo doesn't log backward graphs in compilation metrics": a compiled module whose forward
# calls `torch._dynamo.graph_break()` between a Linear and `F.relu(x) * self.scale` (a tensor
# attribute), run forward and then backward. The break splits the graph; results and gradients
# equal eager. Fine. The reporter's repro.
# label: none
# verify: close(c.res, e.res) and close(c.grad, e.grad)
import torch
import torch.nn.functional as F


class BasicModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear1 = torch.nn.Linear(10, 10)
        self.scale = torch.randn(1, 10)

    def forward(self, x):
        x = self.linear1(x)
        torch._dynamo.graph_break()
        return F.relu(x) * self.scale


torch.manual_seed(0)
x = torch.ones(1, 10)
mod = BasicModule()
mod = torch.compile(mod)
print(mod(x))
res = mod(x).detach()
mod(x).sum().backward()
grad = mod.linear1.weight.grad.detach()

# source: https://github.com/brendanhasz/probflow/pull/71
# framework: PyTorch
# label: none
# "Don't check_trace in torch.jit.trace_module": PyTorch started checking that a traced
# function's output matches the eager output, which "will almost always fail in probflow
# applications, because most model's outputs will be different between two calls, because of
# the random posterior sampling"; the fix passes `check_trace=False`. Reduced to a module whose
# forward samples its weight posterior with `torch.randn`, traced with `trace_module`: the
# sampling op is recorded in the trace (not a constant), so the traced module draws new samples
# on every call, as the Python module does.
# verify: c.traced_differs and e.traced_differs
import torch


class Posterior(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.loc = torch.nn.Parameter(torch.zeros(3))
        self.scale = torch.nn.Parameter(torch.ones(3))

    def forward(self, x):
        w = self.loc + self.scale * torch.randn(3)
        return x @ w


model = Posterior()
x = torch.ones(2, 3)
traced = torch.jit.trace_module(model, {"forward": (x,)}, check_trace=False)
with torch.no_grad():
    traced_differs = not torch.allclose(traced(x), traced(x))
print(traced_differs)

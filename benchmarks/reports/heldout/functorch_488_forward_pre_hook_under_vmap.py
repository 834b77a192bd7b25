# source: https://github.com/pytorch/functorch/issues/488
# framework: PyTorch
# ":bug: register_foward_pre_hook returns incorrect values with vmap": to cache the inputs of an
# `nn.Linear` for per-sample computations the user registers a forward pre-hook that stores
# `input[0]` in a dict and runs the functional model under `vmap` over 4096 samples; the stored
# activations do not hold all samples. Reduced to the user's network with `torch.func.functional_call`
# in place of the removed `functorch.make_functional`; the hook runs while vmap traces the
# per-sample function, so the dict keeps a tensor that escaped the transform with one sample's
# shape, (4,), not the (4096, 4) activations.
# verify: c.a_shape != (4096, 4)
import torch
from torch import nn
from torch.func import functional_call, vmap


class network(nn.Module):
    def __init__(self, ninput, nhidden, noutput):
        super(network, self).__init__()
        self.fc1 = nn.Linear(ninput, nhidden)
        self.fc2 = nn.Linear(nhidden, noutput)
        self.af = nn.Tanh()

    def forward(self, x):
        x = self.fc1(x)
        x = self.af(x)
        x = self.fc2(x)
        return x


nsamples = 4096
ninput = 4
nhidden = 32
noutput = 1
model = network(ninput=ninput, nhidden=nhidden, noutput=noutput)

hooks = {}


def _save_input(module, input) -> None:
    hooks["a"] = input[0]  # label: ACC4


model.fc1.register_forward_pre_hook(_save_input)
x = torch.randn(nsamples, ninput)
params = dict(model.named_parameters())
output = vmap(lambda p, xi: functional_call(model, p, (xi,)), (None, 0))(params, x)
try:
    a_shape = tuple(hooks["a"].shape)
except Exception as exc:
    a_shape = f"{type(exc).__name__}: {exc}"
print("activations shape: ", a_shape)

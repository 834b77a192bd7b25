# source: https://github.com/pytorch/rl/issues/2313
# framework: PyTorch
# "SACLoss module does not allow stochastic modules (i.e. Dropout, etc.) due to vmap": the loss
# evaluates its Q-value ensemble with torch.func.vmap over stacked parameters, and a Dropout in
# the Q-network (training mode) is a random op under vmap, whose default randomness="error"
# refuses it. Reduced without TorchRL: the ensemble evaluated with functional_call under vmap.
# Eagerly, a loop over the ensemble members runs.
# verify: c.error is not None and c.loop_ok
import copy
import torch
from torch import nn
from torch.func import functional_call, stack_module_state, vmap

qnets = [nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.1), nn.Linear(8, 1)) for _ in range(2)]
params, buffers = stack_module_state(qnets)
base = copy.deepcopy(qnets[0]).to("meta")


def qvalue(p, b, obs):
    return functional_call(base, (p, b), (obs,))


obs = torch.randn(5, 4)
error = None
try:
    q = vmap(qvalue, in_dims=(0, 0, None))(params, buffers, obs)  # label: ACC1
except Exception as exc:
    error = type(exc).__name__
loop_ok = all(net(obs).shape == (5, 1) for net in qnets)
print(error, loop_ok)

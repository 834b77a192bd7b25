"""A function torch.func.vmap maps under its default randomness runs a random op: vmap raises.

Property (ACC106): applying `torch.func.vmap` (`torch.vmap`, `functorch.vmap`) without a
`randomness=` other than "error" to a function that runs a random op - a torch draw, functional
dropout not given `training=False`, or a module holding a Dropout layer (not put in `.eval()`)
called directly or through `torch.func.functional_call` - raises RuntimeError; reported where
a draw written in the function is reported there, a random layer inside a module where vmap is
applied, where `randomness=` is written (acclint/frameworks/torch_func.toml `[draws]`).
Written for the dev report torchrl_2313 (an ensemble of Q-networks with Dropout evaluated with
`functional_call` under vmap).

Run (torch 2.13, benchmarks/framework_runs.py func_vmap_randomness): `torch.randn_like`,
`torch.rand`, `F.dropout` (training given or default), a module with a Dropout called directly
and through `functional_call` of a deepcopy of a listed module raise RuntimeError;
`randomness="different"`/`"same"`, `training=False`, the module in `.eval()` and one without a
Dropout run.
"""

import pytest

from labelled import family_labels_and_findings

HAZARDS = {
    "torchrl_2313: functional_call of a deepcopy of a listed module with a Dropout": """
import copy
import torch
from torch import nn
from torch.func import functional_call, stack_module_state, vmap

qnets = [nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.1), nn.Linear(8, 1)) for _ in range(2)]
params, buffers = stack_module_state(qnets)
base = copy.deepcopy(qnets[0]).to("meta")


def qvalue(p, b, obs):
    return functional_call(base, (p, b), (obs,))


q = vmap(qvalue, in_dims=(0, 0, None))(params, buffers, torch.randn(5, 4))  # expect: ACC106
""",
    "a draw in a lambda": """
import torch

noisy = torch.vmap(lambda r: r + torch.randn_like(r))(torch.ones(5, 4))  # expect: ACC106
""",
    "functional dropout with the default training, in a def": """
import torch
import torch.nn.functional as F
from torch.func import vmap


def head(r):
    return F.dropout(r, 0.1)  # expect: ACC106


out = vmap(head)(torch.ones(5, 4))
""",
    "a module with a Dropout called directly, randomness='error' spelt": """
import torch
from torch import nn
from torch.func import vmap

net = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.1), nn.Linear(8, 1))
out = vmap(lambda r: net(r), randomness="error")(torch.ones(5, 4))  # expect: ACC106
""",
}

FINE = {
    "randomness='different'": """
import torch
from torch.func import vmap

noisy = vmap(lambda r: r + torch.randn_like(r), randomness="different")(torch.ones(5, 4))
""",
    "functional dropout with training=False": """
import torch
import torch.nn.functional as F
from torch.func import vmap

out = vmap(lambda r: F.dropout(r, 0.1, training=False))(torch.ones(5, 4))
""",
    "the module put in eval()": """
import torch
from torch import nn
from torch.func import vmap

net = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.1), nn.Linear(8, 1))
net.eval()
out = vmap(lambda r: net(r))(torch.ones(5, 4))
""",
    "a module without a Dropout": """
import torch
from torch import nn
from torch.func import vmap

net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
out = vmap(lambda r: net(r))(torch.ones(5, 4))
""",
}


@pytest.mark.parametrize("source", HAZARDS.values(), ids=HAZARDS.keys())
def test_a_random_op_under_vmaps_default_randomness(source):
    expected, found = family_labels_and_findings(source, "ACC1")
    assert expected and found == expected


@pytest.mark.parametrize("source", FINE.values(), ids=FINE.keys())
def test_randomness_given_training_off_or_no_random_layer(source):
    expected, found = family_labels_and_findings(source, "ACC1")
    assert expected == [] and found == []

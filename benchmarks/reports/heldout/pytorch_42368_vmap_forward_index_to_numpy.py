# source: https://github.com/pytorch/pytorch/issues/42368
# framework: PyTorch
# "RFC: torch.vmap" (a 2024 comment): an ensemble of MLPs run with `vmap` over
# `stack_module_state` parameters, where each member also gets an index and a list of letters;
# `forward` does `letter_choice = letter_index.clone().cpu().numpy()` and prints
# `letters[letter_choice]`. Reduced to the comment's model, CPU tensors and 4 members: under
# `vmap` the index is a batched tensor and `.numpy()` raises (the eager loop over members runs).
# verify: c.error is not None and c.loop_ok
import copy

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import vmap
from torch.func import functional_call, stack_module_state

torch.manual_seed(0)


class SimpleMLP(nn.Module):
    def __init__(self):
        super(SimpleMLP, self).__init__()
        self.fc1 = nn.Linear(784, 128)
        self.fc2 = nn.Linear(128, 128)
        self.fc3 = nn.Linear(128, 10)

    def forward(self, x, letter_index, letters):
        letter_choice = letter_index.clone().cpu().numpy()  # label: ACC3
        print(letters[letter_choice])
        x = x.flatten(1)
        x = self.fc1(x)
        x = F.relu(x)
        x = self.fc2(x)
        x = F.relu(x)
        x = self.fc3(x)
        return x


num_models = 4
letter_list = np.array(["a", "b", "c", "d"])
minibatches = torch.randn(num_models, 8, 1, 28, 28)
models = [SimpleMLP() for _ in range(num_models)]
letter_nums = torch.arange(num_models)
params, buffers = stack_module_state(models)
base_model = copy.deepcopy(models[0]).to("meta")


def fmodel(params, buffers, x, letter_index):
    return functional_call(base_model, (params, buffers), (x, letter_index, letter_list))


error = None
try:
    vmap(fmodel)(params, buffers, minibatches, letter_nums)
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
loop_ok = all(models[i](minibatches[i], letter_nums[i], letter_list).shape == (8, 10) for i in range(num_models))
print(error, loop_ok)

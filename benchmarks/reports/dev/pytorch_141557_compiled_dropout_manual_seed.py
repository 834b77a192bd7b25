# source: https://github.com/pytorch/pytorch/issues/141557
# framework: PyTorch
# "[Inductor] Different behavior of `F.dropout()` in eval mode and mannual seed": a model whose
# forward is `F.dropout(x, p=0.5)` (training defaults to True, so it drops even in eval mode),
# run eagerly and under torch.compile with `torch.manual_seed(SEED)` before each call; inductor's
# RNG gives other numbers than eager's under the same seed. The draw is a tensor op: it runs on
# every call of the compiled model. Fine (inductor numbers differ from eager by design; the
# backend here counts graphs). Reduced: the reporter's model and seeding, on CPU.
# label: none
# verify: c.torch["forward"] == 1 and c.distinct == 2
import torch
import torch.nn as nn
import torch.nn.functional as F

SEED = 0


class Model(nn.Module):
    def __init__(self):
        super(Model, self).__init__()

    def forward(self, x):
        x = F.dropout(x, p=0.5)  # set training=False can avoid the issue
        return x


with torch.no_grad():
    torch.manual_seed(SEED)
    model = Model().eval()
    torch.manual_seed(SEED)
    c_model = torch.compile(model)

    torch.manual_seed(SEED)
    input_tensor = torch.randn(1, 64)
    inputs = [input_tensor]

    c_outputs = []
    for seed in (SEED, SEED, SEED + 1):
        torch.manual_seed(seed)
        c_outputs.append(c_model(*inputs))
distinct = len({tuple(o.flatten().tolist()) for o in c_outputs})

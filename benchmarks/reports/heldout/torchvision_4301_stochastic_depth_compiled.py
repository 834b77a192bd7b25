# source: https://github.com/pytorch/vision/pull/4301
# framework: PyTorch
# "Add StochasticDepth implementation": `stochastic_depth` draws its keep mask with
# `torch.rand(size=(1,) or (N,), ...) < survival_rate` on every call and rescales by
# `1 / survival_rate`; a tensor draw, recorded in the graph, so under torch.compile every call
# draws a new mask (unlike a Python `random` draw). The PR's function in "row" mode, compiled,
# called ten times.
# label: none
# verify: c.distinct_masks > 1 and c.torch['stochastic_depth'] == 1
import torch


def stochastic_depth(input, p, mode, training=True):
    if not training or p == 0.0:
        return input

    survival_rate = 1.0 - p
    if mode == "batch":
        keep = torch.rand(size=(1,), dtype=input.dtype, device=input.device) < survival_rate
    elif mode == "row":
        keep = torch.rand(size=(input.size(0),), dtype=input.dtype, device=input.device) < survival_rate
        keep = keep[(None,) * (input.ndim - 1)].T
    else:
        raise ValueError("mode has to be either 'batch' or 'row', but got {}".format(mode))
    return input / survival_rate * keep


torch.manual_seed(0)
compiled = torch.compile(stochastic_depth)
x = torch.ones(8, 4)
masks = [compiled(x, 0.5, "row") != 0 for _ in range(10)]
distinct_masks = len({tuple(m[:, 0].tolist()) for m in masks})
print(distinct_masks)

# source: https://github.com/pytorch/pytorch/pull/145293
# framework: PyTorch
# "[dynamo] Fix numpy test accuracy error induced by randomness divergence": inside a
# torch.compile region `np.random.random()` is traced through torch's NumPy layer and draws from
# torch's generator, not NumPy's, so its numbers differ from eager (the PR sets
# `use_numpy_random_stream=True` for the test). The draw is still part of the graph and is new on
# every call. Fine. Reduced: a compiled function adding `np.random.random(size)` to its input.
# label: none
# verify: c.distinct == 3
import numpy as np
import torch


@torch.compile
def fn(x):
    return x + np.random.random(x.shape)


x = np.zeros(4)
outs = [fn(x) for _ in range(3)]
distinct = len({tuple(np.asarray(o).tolist()) for o in outs})

# source: https://github.com/pytorch/pytorch/issues/114293
# framework: PyTorch
# `range(start+1, end)` in the compiled function guards on the Python ints `start` and `end`;
# the loop passes new values on every step, so each step recompiles (up to the limit).
# verify: c.torch['accumulate'] >= 8
import torch

torch._logging.set_logs(recompiles=True)


@torch.compile
def accumulate(X0, start, end):
    result = X0[start]
    for i in range(start + 1, end):
        result += X0[i]
    return result


X0 = torch.randn(100, 100)

for i in range(10):
    print(i)
    accumulate(X0, i, i + 10)  # label: ACC5

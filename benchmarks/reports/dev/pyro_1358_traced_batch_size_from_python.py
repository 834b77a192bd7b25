# source: https://github.com/pyro-ppl/pyro/issues/1358
# framework: PyTorch
# "JitTrace*ELBO does not work with irregular batch sizes": "somewhere we are computing the batch
# size through pure python, and dependency is being hidden from the JIT"; the traced ELBO built
# for batches of 10 fails on a last batch of 3. The workaround: pass `batch_size` as a kwarg so
# each size is traced separately. Reduced: a model computing its batch size with `len(data)`
# under `torch.jit.trace` at 10, then called with 3.
# verify: c.error is not None and c.eager_ok
import warnings

import torch


def model(data):
    batch_size = len(data)  # label: ACC3
    loc = torch.zeros(batch_size)
    return (data - loc.expand(batch_size)).pow(2).sum()


warnings.simplefilter("ignore")
traced = torch.jit.trace(model, (torch.ones(10),))
eager_ok = float(model(torch.ones(3))) == 3.0
error = None
try:
    traced(torch.ones(3))
except Exception as exc:
    error = type(exc).__name__
print(error, eager_ok)

# source: https://docs.pytorch.org/docs/stable/compile/programming_model.recompilation.html
# framework: PyTorch
# property: (as d1) with dynamic=False an int argument is guarded by value: a new int on every
# pass recompiles each pass.
# spelling: a class holds the compiled function; a loop at module level calls it with the epoch.
# verify: c.torch['_warmup'] >= 8
import torch


class Scheduler:
    def __init__(self):
        self.fn = torch.compile(self._warmup, dynamic=False)

    @staticmethod
    def _warmup(lr, step):
        return lr * min(1.0, (step + 1) / 5)


sched = Scheduler()
for step in range(10):
    lr = sched.fn(torch.tensor(0.1), step)  # label: ACC5

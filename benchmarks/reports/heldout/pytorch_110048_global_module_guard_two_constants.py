# source: https://github.com/pytorch/pytorch/issues/110048
# framework: PyTorch
# A compiled `generate(x, c)` reads the global module `mod` and is called with the ints 0 and 1
# in turn; the report (torch 2.1) was a recompile on every call from a guard on the module's
# parameters. On torch 2.13 it compiles for the two constants (then dynamically) and stops:
# a bounded number. Fine today. (CPU instead of CUDA; backend left to the harness.)
# label: none
# verify: c.torch['generate'] <= 3
import torch

mod = torch.nn.Linear(10, 10)


@torch.compile(backend="aot_eager")
def generate(x, c):
    return mod(x) + c


for _ in range(0, 10):
    generate(torch.randn(10, 10), 0)
    generate(torch.randn(10, 10), 1)

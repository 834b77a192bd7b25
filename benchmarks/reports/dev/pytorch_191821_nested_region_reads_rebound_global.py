# source: https://github.com/pytorch/pytorch/issues/191821
# framework: PyTorch
# `region` (a nested compile region) reads the global `region_input`, which `fn` rebinds before
# each of its two calls. Compiled, the region reuses the first pass's capture: 1 instead of 2
# (torch 2.14 nightly in the report). The report's script, with its assertion turned into
# values to check (fullgraph refuses to run with compilation switched off: the eager value is
# the report's own `expected`).
# verify: int(c.expected) == 2 and int(c.actual) == 1
from dataclasses import dataclass

import torch


@dataclass
class RegionInput:
    hidden: torch.Tensor


region_input = RegionInput(torch.tensor(0))


@torch.compiler.nested_compile_region
def region():
    return region_input.hidden + 1  # label[g]: ACC6


def fn(hidden):
    global region_input
    for _ in range(2):
        region_input = RegionInput(hidden)  # label[g]
        hidden = region()
    return hidden


hidden = torch.tensor(0)
expected = fn(hidden)
actual = torch.compile(fn, backend="eager", fullgraph=True)(hidden)
print(f"expected: {expected}")
print(f"actual:   {actual}")

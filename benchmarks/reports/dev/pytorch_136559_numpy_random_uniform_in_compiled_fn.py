# source: https://github.com/pytorch/pytorch/issues/136559
# framework: PyTorch
# `np.random.uniform` inside a `torch.compile(fullgraph=True)` function: with NumPy 2 the report
# (torch 2.4) got an error while Dynamo traced the call. The report's minimal script, called
# twice here. On torch 2.13 with NumPy 2.4 it compiles, and Dynamo turns the NumPy draw into a
# draw of the graph: each call gets new numbers, as eagerly. Fine today.
# label: none
# verify: c.error is None and not close(c.first, c.second)
import numpy as np
import torch


def f1():
    a = np.random.uniform(low=-1, high=1, size=(20, 1))
    return torch.tensor([a, a, a, a], dtype=torch.float64, device="cpu")


optimize = torch.compile(backend="inductor", fullgraph=True)
error = None
try:
    first = optimize(f1)()
    second = optimize(f1)()
except Exception as exc:  # noqa: BLE001 - the report's error, checked below
    error = f"{type(exc).__name__}: {exc}"
print(error)

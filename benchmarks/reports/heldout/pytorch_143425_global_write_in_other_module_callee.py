# source: https://github.com/pytorch/pytorch/issues/143425
# framework: PyTorch
# "Dynamo fails to propagate updates to global variable": the compiled `foo` calls a function
# of a second module, `run_fn(fn, x)`, and `fn` (made in the main module) sets `global k = 100`;
# `z = k + 10` after it reads the old `k`, "k is not updated to 100", because the write made in
# a frame of another module's globals is not seen by the main frame's symbolic globals. Fixed
# since: torch 2.13 propagates the write and the compiled `foo` leaves `z = 110`, `k = 100`, the
# eager values (the eager twin cannot run: `fullgraph=True` with compilation disabled raises).
# The report's two files, the second one built in memory with its own globals.
# label: none
# verify: c.z == 110 and c.k == 100
import types

import torch

other_file = types.ModuleType("other_file")
exec("def run_fn(fn, x):\n    fn(x)\n", other_file.__dict__)

z = 1
k = 2


def create_fn():
    def fn(x):
        global k
        k = 100
        return x.sin()

    return fn


@torch.compile(backend="eager", fullgraph=True)
def foo(x):
    fn = create_fn()
    global z
    other_file.run_fn(fn, x)
    z = k + 10  # k is not updated to 100


x = torch.randn(2, 3)
foo(x)
print(f"{z=} - {k=}")

# source: https://github.com/pytorch/pytorch/issues/138112
# framework: PyTorch
# Inside a compiled function, `run_fn` sets the nonlocal `z` to 3 and then calls `fn`, which
# copies `z` into the nonlocal `k`; Dynamo replayed the two cells' updates out of order and `k`
# kept the old value (torch 2.6). The report's asserts (z == 3, k == 3, what eager Python
# gives) are recorded as values (no eager twin: with compilation disabled, `fullgraph=True`
# refuses to run). torch 2.13 gives z == 3 and k == 3. Fine today.
# label: none
# verify: c.z == 3 and c.k == 3
import torch

def nonlocal_test():
    z = 1
    k = 2

    def create_fn():
        def fn(x):
            nonlocal k, z
            k = z
        return fn

    def run_fn(fn, x):
        nonlocal z
        z = 3
        fn(x)
        return x.cos()

    @torch.compile(backend="eager", fullgraph=True)
    def foo(x):
        fn = create_fn()
        return run_fn(fn, x)

    x = torch.randn(2, 3)
    foo(x)
    print(f'{z=} - {k=}')
    return z, k

z, k = nonlocal_test()

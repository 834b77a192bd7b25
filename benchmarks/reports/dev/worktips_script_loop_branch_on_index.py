# source: https://github.com/xingjinglu/WorkTips/blob/HEAD/torchscript/inspect.py
# framework: PyTorch
# Label: fine look-alike. `torch.jit.script` compiles the Python loop over `range(len)` and the
# branch on the loop index `i < 10` into the graph (prim::Loop, prim::If), so `foo` is right for
# every `len`. The author printed `foo.code`; calls with 5 and 15 are added and compared with the
# same body run as Python (`foo_py`, a copy).
# label: none
# verify: close(c.r5, c.p5) and close(c.r15, c.p15)
import torch

@torch.jit.script
def foo(len):
    # type: (int) -> torch.Tensor
    rv = torch.zeros(3, 4)
    for i in range(len):
        if i < 10:
            rv = rv - 1.0
        else:
            rv = rv + 1.0
    return rv

print(foo.code)


def foo_py(len):
    rv = torch.zeros(3, 4)
    for i in range(len):
        if i < 10:
            rv = rv - 1.0
        else:
            rv = rv + 1.0
    return rv


r5, p5 = foo(5), foo_py(5)
r15, p15 = foo(15), foo_py(15)

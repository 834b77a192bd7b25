# source: https://dev-discuss.pytorch.org/t/what-is-the-mental-model-for-torch-compile-to-deal-with-stateful-objects-in-general/2080
# framework: PyTorch
# Label: fine look-alike. The question: how does torch.compile guard stateful arguments such as an
# nn.Module; the asker needed `TORCHDYNAMO_INLINE_INBUILT_NN_MODULES=1` to stop recompiles, and
# the answer says Dynamo guarded on a module's id() unless the module is inlined. With torch 2.13,
# where inlining built-in modules is the default, a compiled function called with a new
# `nn.Linear` on each of six passes compiles once: the module's parameters are inputs, not
# constants. The loop is a stand-in for the asker's (not shown) code.
# label: none
# verify: sum(c.torch.values()) == 1 and close(c.outs, e.outs)
import torch
import torch.nn as nn


@torch.compile
def f(model, x):
    return model(x)


torch.manual_seed(0)
x = torch.ones(2, 4)
outs = [f(nn.Linear(4, 4), x) for _ in range(6)]
print(outs[-1])

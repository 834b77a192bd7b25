# source: https://github.com/pytorch/pytorch/issues/168206
# framework: PyTorch
# A submodule's forward is wrapped in a context manager that pushes to and pops from a global
# list, and then in activation checkpointing; compiling the outer module graph-breaks with a
# poor message. The report is about the message: Dynamo replays the list's mutations, so the
# compiled run leaves `stack` as the eager run does and returns the same values. Fine.
# The report's print of the result is kept; its compile line is cut off in the thread and is
# written `torch.compile(mod, backend="eager")` as it begins. A seed is set so that the eager
# twin draws the same input.
# label: none
# verify: c.stack == e.stack and close(c.result[0], e.result[0])
import torch
import functools


stack = []

def gn(x):
    global stack
    stack.append(1)
    return torch.sin(x)



def functionalize(module_or_fn):
    def wrapped(*args, **kwargs):
        with CtxManager() as ctx:
            out = module_or_fn(*args, **kwargs)
        return out, ctx

    return wrapped

class CtxManager:
    def __enter__(self):
        global stack
        stack.append(1)
        return self

    def __exit__(self, *args):
        global stack
        stack.pop()


class BaseMod(torch.nn.Module):
    def make_func(self):
        fn = self.forward
        fn = functionalize(fn)
        self.forward = fn



class SubMod(BaseMod):
    def __init__(self):
        super().__init__()

    def make_func(self):
        fn = self.forward
        fn = functionalize(fn)
        fn = functools.partial(torch.utils.checkpoint.checkpoint, fn, use_reentrant=False)
        self.forward = fn

    def forward(self, x):
        return torch.sin(x)

class Mod(BaseMod):
    def __init__(self):
        super().__init__()
        self.submod = SubMod()
        self.submod.make_func()

    def forward(self, x):
        return torch.cos(x) + self.submod(x)[0]

mod = Mod()
mod.make_func()

torch.manual_seed(0)
x = torch.rand(4)
print(mod(x))


opt_mod = torch.compile(mod, backend="eager")
result = opt_mod(x)
print(result)

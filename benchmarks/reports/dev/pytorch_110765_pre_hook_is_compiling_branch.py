# source: https://github.com/pytorch/pytorch/issues/110765
# framework: PyTorch
# label: none
# "Dynamo forward hooks registered before compile region (inlined) w/o tensor ops, don't respect
# is_compiling control flow": a module registers a forward pre-hook that returns early when
# `torch._utils.is_compiling()` and otherwise prints (the second version logs a warning "I don't
# want this to be printed"); compiled, the hook has no tensor ops, Dynamo hands it to eager and
# the print still ran. Kept as reported: on torch 2.13 the compiled module takes the
# `is_compiling()` branch the user wrote for it (no print) and returns what eager returns, while
# eager prints on every call: the divergence is the one the code asks for, fine today.
# verify: c.out.count("path B") == 0 and e.out.count("path B") == 3 and close(c.outs, e.outs)
import torch


class MyModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_forward_pre_hook(self.pre_forward, with_kwargs=True)

    def pre_forward(self, module, args, kwargs):
        if torch._utils.is_compiling():
            return args, kwargs

        print("path B")
        return args, kwargs

    def forward(self, x):
        return x


mod = MyModule()
m = torch.compile(mod, backend="eager")
outs = [m(torch.tensor([i])) for i in range(3)]
print(outs)

# source: https://github.com/pytorch/pytorch/issues/98487
# framework: PyTorch
# A forward that branches on `self.training`, compiled with a custom backend that prints the
# GraphModule's `training` attribute: the attribute is always True, whatever `eval()`/`train()`
# says. The outputs themselves follow the mode (3, 3, 2, 2, 3, 3): Dynamo guards on the flag and
# compiles one graph per mode. A fine look-alike for the results; the report's code (the custom
# backend is the counting backend when verified).
# label: none
# verify: close(c.outs, e.outs) and close(c.outs[2], [2.0] * 10)
import torch


def my_custom_backend(gm, example_inputs):
    print(gm.training)
    return gm.forward


class MockModule(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        if self.training:
            return x + 2
        else:
            return x + 3


mod = MockModule()

optimized_mod = torch.compile(mod, backend=my_custom_backend)

outs = []
mod.eval()
optimized_mod.eval()
outs.append(optimized_mod(torch.zeros(10)))
outs.append(optimized_mod(torch.zeros(10)))

mod.train()
optimized_mod.train()
outs.append(optimized_mod(torch.zeros(10)))
outs.append(optimized_mod(torch.zeros(10)))

mod.eval()
optimized_mod.eval()
outs.append(optimized_mod(torch.zeros(10)))
outs.append(optimized_mod(torch.zeros(10)))
print(outs)

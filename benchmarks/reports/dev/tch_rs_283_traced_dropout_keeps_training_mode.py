# source: https://github.com/LaurentMazare/tch-rs/pull/283
# framework: PyTorch
# tch-rs's jit-train example adds a dropout layer to the Python module it exports "to see that
# eval call affects accuracy", and notes "for some reasons trace doesn't work with dropout
# layer", switching from torch.jit.trace to torch.jit.script. torch.jit.trace records the
# dropout of the module's mode at trace time (training), so calling `.eval()` on the traced
# module later does not switch it off: its outputs stay random, where the eager module in eval
# mode is deterministic (the scripted one follows `.eval()` too).
# verify: c.traced_random and not c.eager_random and not c.scripted_random
import torch
import torch.nn as nn


class DemoModule(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 4, 3)
        self.flatten = nn.Flatten()
        self.dropout = nn.Dropout(0.5)
        self.linear1 = nn.Linear(4 * 26 * 26, 10)

    def forward(self, x):
        x = self.conv1(x)
        x = self.flatten(x)
        x = self.dropout(x)  # label[g]: ACC6
        return self.linear1(x)


module = DemoModule()
example = torch.rand(1, 1, 28, 28)
traced_script_module = torch.jit.trace(module, example, check_trace=False)
scripted = torch.jit.script(DemoModule())

traced_script_module.eval()  # label[g]
module.eval()
scripted.eval()
x = torch.rand(1, 1, 28, 28)
traced_random = not torch.equal(traced_script_module(x), traced_script_module(x))
eager_random = not torch.equal(module(x), module(x))
scripted_random = not torch.equal(scripted(x), scripted(x))
print(traced_random, eager_random, scripted_random)

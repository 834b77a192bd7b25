# source: blind58:acc505_torch_range_attr_3
# framework: PyTorch
# A refinement model runs `self.iters` Python iterations, and a scheduler object raises the
# count every epoch through setattr: a range() bound read from the module is specialised, so
# every new count recompiles.
# verify: c.torch['forward'] >= 8
import torch


class Refiner(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.iters = 1

    def forward(self, x):
        for _ in range(self.iters):  # label[g]
            x = torch.tanh(x) + 0.1
        return x


class IterSchedule:
    def __init__(self, model):
        self.model = model

    def on_epoch(self, epoch):
        setattr(self.model, "iters", epoch + 1)


model = Refiner()
compiled = torch.compile(model)
sched = IterSchedule(model)
outs = []
for epoch in range(10):
    sched.on_epoch(epoch)
    outs.append(compiled(torch.zeros(3)))  # label[g]: ACC505

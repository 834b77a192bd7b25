# source: blind58:acc505_torch_module_counter_1
# framework: PyTorch
# A trainer bumps an int `num_updates` attribute of the model after every step, and the
# compiled forward reads it: an int attribute of an nn.Module is specialised in the guards,
# so every new value recompiles.
# verify: c.torch['forward'] >= 8
import torch


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 3)
        self.num_updates = 0

    def forward(self, x):
        return self.lin(x) * (1 + self.num_updates % 1000)  # label[g]


class Trainer:
    def __init__(self, model):
        self.model = model
        self.compiled = torch.compile(model)

    def step(self, x):
        out = self.compiled(x)  # label[g]: ACC505
        self.model.num_updates += 1  # label[g]
        return out


trainer = Trainer(Net())
with torch.no_grad():
    outs = [trainer.step(torch.ones(2, 3)) for _ in range(10)]

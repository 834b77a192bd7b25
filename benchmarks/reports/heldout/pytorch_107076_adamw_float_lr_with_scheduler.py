# source: https://github.com/pytorch/pytorch/issues/107076
# framework: PyTorch
# AdamW's `lr` is a Python float in the param group; an LR scheduler changes it every step, and
# the compiled optimizer step was recompiled each time (torch 2.1). The reprod script's model is
# kept; its training part is cut off in the stored thread and is written from the report's
# description: a compiled `optimizer.step`, `StepLR` changing the lr each step, `num_steps`
# steps. Smaller sizes. torch 2.13 compiles the optimizer's `step` twice (the second time with
# the float lr dynamic) for the ten steps. Fine today.
# label: none
# verify: c.torch['step'] <= 3
import torch
import torch.nn as nn
import torch.optim as optim


class SimpleModel(nn.Module):
    def __init__(self, input_size, hidden_size,  num_classes):
        super(SimpleModel, self).__init__()
        self.fc1 = nn.Linear(input_size, hidden_size)
        self.fc2 = nn.Linear(hidden_size, num_classes)

    def forward(self, x):
        x = torch.relu(self.fc1(x))
        x = self.fc2(x)
        return x


input_size = 32
hidden_size = 16
num_classes = 10

model = SimpleModel(input_size, hidden_size, num_classes)
optimizer = optim.AdamW(model.parameters(), lr=0.01)
scheduler = optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.9)


@torch.compile
def opt_step():
    optimizer.step()


num_steps = 10
for step in range(num_steps):
    loss = model(torch.randn(8, input_size)).sum()
    loss.backward()
    opt_step()
    optimizer.zero_grad()
    scheduler.step()

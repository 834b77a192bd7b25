# source: blind55:torch_item_logging_fine_2
# framework: PyTorch
# label: none
# The training loop logs loss.item() outside the compiled model: a host sync, not a trace
# problem.
# verify: close(c.history, e.history)
import torch
from torch import nn

torch.manual_seed(0)
model = torch.compile(nn.Sequential(nn.Linear(3, 8), nn.ReLU(), nn.Linear(8, 1)))
opt = torch.optim.SGD(model.parameters(), lr=0.05)
x, y = torch.ones(16, 3), torch.zeros(16, 1)
history = []
for step in range(5):
    loss = nn.functional.mse_loss(model(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    history.append(loss.item())

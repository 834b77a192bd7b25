# source: https://github.com/saforem2/ezpz/pull/190
# framework: PyTorch
# Label: fine look-alike as to recompiles. Written from the pull request's description (the
# training script is not quoted): a compiled model trained from a DataLoader with
# `drop_last=False` gets a ragged last batch (2 -> 1) at the end of each epoch; the first
# ragged batch "trips torch.compile's automatic-dynamic guard" (`size mismatch: expected 2,
# actual 1`), the batch dimension becomes dynamic, and the run goes on with that graph: one
# recompile in all, not one per epoch (the pull request's harm, an out-of-memory from the fusion
# the dynamic graph loses, is not a trace hazard). The model and data are stand-ins; the fix
# sets `drop_last=True`.
# label: none
# verify: c.torch['forward'] <= 2
import torch
from torch.utils.data import DataLoader, TensorDataset


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(16, 16)

    def forward(self, x):
        return torch.nn.functional.gelu(self.proj(x))


model = torch.compile(Model())
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
dataset = TensorDataset(torch.randn(5, 16), torch.randn(5, 16))
loader = DataLoader(dataset, batch_size=2, drop_last=False)

num_epochs = 10
for epoch in range(num_epochs):
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()

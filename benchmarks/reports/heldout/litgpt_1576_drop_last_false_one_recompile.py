# source: https://github.com/Lightning-AI/litgpt/pull/1576
# framework: PyTorch
# litgpt's discussion of `drop_last=False`: "can have a negative consequence when the model is
# compiled, because it would have to recompile when an input shape changes". Reduced: a compiled
# model trained for three epochs on 10 samples in batches of 4, so each epoch ends with a batch
# of 2. Run on torch 2.13: the last batch compiles once more (the batch dimension becomes
# dynamic) and later epochs reuse it. Bounded: fine as to storms.
# label: none
# verify: c.torch['forward'] <= 2
import torch
from torch.utils.data import DataLoader, TensorDataset

model = torch.compile(torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.ReLU(), torch.nn.Linear(8, 1)))
opt = torch.optim.SGD(model.parameters(), lr=0.01)
data = DataLoader(TensorDataset(torch.randn(10, 8), torch.randn(10, 1)), batch_size=4, drop_last=False)
for epoch in range(3):
    for x, y in data:
        loss = torch.nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
print(float(loss))

# source: https://docs.pytorch.org/docs/stable/torch.compiler_faq.html
# framework: PyTorch
# property: (look-alike) a DataLoader whose last batch is smaller recompiles once, and the
# second graph has a dynamic batch size: two graphs, no storm.
# spelling: written at stop 44 before any change; a compiled training step in train(), called
# from main.
# verify: c.torch['train_step'] <= 2
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.01)


@torch.compile
def train_step(x, y):
    return ((model(x) - y) ** 2).mean()


def train(loader):
    for epoch in range(3):
        for x, y in loader:
            loss = train_step(x, y)  # label: none
            loss.backward()
            opt.step()
            opt.zero_grad()


def main():
    data = TensorDataset(torch.randn(10, 4), torch.randn(10, 1))
    train(DataLoader(data, batch_size=4))


main()

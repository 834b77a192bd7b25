# source: https://docs.pytorch.org/docs/stable/compile/programming_model.recompilation.html
# framework: PyTorch
# property: look-alike of g3: a float attribute of the compiled module changed every pass
# compiles twice (the second graph is dynamic in it).
# label: none
# verify: c.torch['forward'] <= 2
import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.temperature = 1.0

    def forward(self, x):
        return torch.softmax(self.fc(x) / self.temperature, -1)


def main():
    model = Net()
    compiled = torch.compile(model)
    for epoch in range(10):
        model.temperature = 1.0 + 0.1 * epoch
        compiled(torch.randn(2, 4)).sum().backward()


main()

# source: blind55:torch_compile_attr_fine_2
# framework: PyTorch
# label: none
# A compiled policy whose float epsilon attribute is lowered once per episode (three episodes):
# guarded, so every episode uses its own epsilon; results match the eager run.
# verify: close(c.outs, e.outs)
import torch
from torch import nn


class Policy(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)
        self.epsilon = 0.9

    def forward(self, obs):
        return (1 - self.epsilon) * torch.softmax(self.fc(obs), -1) + self.epsilon / 2


torch.manual_seed(0)
policy = Policy()
act = torch.compile(policy)
outs = []
for episode in range(3):
    outs.append(act(torch.ones(1, 4)))
    policy.epsilon *= 0.5

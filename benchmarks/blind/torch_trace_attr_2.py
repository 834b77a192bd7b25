# source: blind55:torch_trace_attr_2
# framework: PyTorch
# A traced policy network reads its Python float `epsilon` attribute; the exploration schedule
# lowers `policy.epsilon` after tracing, but the traced copy keeps the value seen at trace time.
# verify: not close(c.traced_out, c.eager_out)
import torch
from torch import nn


class Policy(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)
        self.epsilon = 0.9

    def forward(self, obs):
        logits = self.fc(obs)
        return (1 - self.epsilon) * torch.softmax(logits, -1) + self.epsilon / 2  # label[a]: ACC6


torch.manual_seed(0)
policy = Policy()
obs = torch.ones(1, 4)
fast_policy = torch.jit.trace(policy, obs)
for episode in range(5):
    policy.epsilon = max(0.05, policy.epsilon * 0.5)  # label[a]
traced_out = fast_policy(obs)
eager_out = policy(obs)

# source: blind57:torch_task_head_fine_1
# framework: PyTorch
# label: none
# A multitask model compiled once picks its head from a ModuleDict by a task-name string
# argument; three task names are three graphs, a bounded set, not a storm.
# verify: c.torch['forward'] <= 4
import itertools

import torch
from torch import nn

TASKS = ("cls", "reg", "seg")


class MultiTask(nn.Module):
    def __init__(self):
        super().__init__()
        self.trunk = nn.Linear(4, 8)
        self.heads = nn.ModuleDict({t: nn.Linear(8, 2) for t in TASKS})

    def forward(self, x, task):
        return self.heads[task](torch.relu(self.trunk(x)))


def task_batches(n):
    for task in itertools.islice(itertools.cycle(TASKS), n):
        yield task, torch.ones(2, 4)


def train(n=15):
    model = torch.compile(MultiTask())
    with torch.no_grad():
        return [model(x, task) for task, x in task_batches(n)]


outs = train()

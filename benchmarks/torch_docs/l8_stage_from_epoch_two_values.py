# source: https://docs.pytorch.org/docs/stable/compile/programming_model.recompilation.html
# framework: PyTorch
# property: look-alike of g1: a global int the loop sets to one of two stages (epoch // 5 over 10
# epochs) compiles twice: bounded.
# label: none
# verify: c.torch['train_step'] <= 2
import torch

model = torch.nn.Linear(4, 4)
STAGE = 0


@torch.compile
def train_step(x):
    return model(x).pow(2).mean() * (STAGE + 1)


for epoch in range(10):
    STAGE = epoch // 5
    train_step(torch.randn(8, 4)).backward()

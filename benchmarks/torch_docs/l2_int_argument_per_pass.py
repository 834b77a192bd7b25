# source: https://docs.pytorch.org/docs/stable/compile/programming_model.recompilation.html
# framework: PyTorch
# property: look-alike of g1: an int ARGUMENT new on every pass compiles twice (automatic dynamic).
# label: none
# verify: c.torch['train_step'] <= 2
import torch

model = torch.nn.Linear(4, 4)


@torch.compile
def train_step(x, step):
    scale = min(1.0, (step + 1) / 10)
    return (model(x) * scale).pow(2).mean()


for step in range(10):
    train_step(torch.randn(8, 4), step).backward()

# source: https://docs.pytorch.org/docs/stable/compile/programming_model.recompilation.html
# framework: PyTorch
# property: an int or str a torch.compile'd body reads from a global, from an attribute of a
# module-level object or of the compiled nn.Module, changed by host code on every pass, fails a
# guard each pass: one compile per pass up to the recompile limit (8), then eager.
# spelling: a training loop at module level rebinds a global int the compiled step reads.
# verify: c.torch['train_step'] >= 8
import torch

model = torch.nn.Linear(4, 4)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
WARMUP_STEP = 0


@torch.compile
def train_step(x):
    scale = min(1.0, (WARMUP_STEP + 1) / 10)
    return (model(x) * scale).pow(2).mean()


for step in range(10):
    WARMUP_STEP = step
    loss = train_step(torch.randn(8, 4))  # label: ACC5
    loss.backward()
    opt.step()
    opt.zero_grad()

# source: https://docs.pytorch.org/docs/stable/compile/programming_model.recompilation.html
# framework: PyTorch
# property: (as g1) an int attribute of a module-level object the compiled body reads,
# written on every pass, recompiles each pass.
# spelling: a Trainer class holds the compiled step; its run() loop writes CONFIG.step.
# verify: c.torch['step_fn'] >= 8
import torch


class Config:
    step = 0
    total = 10


CONFIG = Config()


def step_fn(model, x):
    frac = CONFIG.step / CONFIG.total
    return model(x).mean() * (1 - frac)


class Trainer:
    def __init__(self, model):
        self.model = model
        self.step = torch.compile(step_fn)

    def run(self):
        for i in range(CONFIG.total):
            CONFIG.step = i
            loss = self.step(self.model, torch.randn(3, 4))  # label: ACC5
            loss.backward()


Trainer(torch.nn.Linear(4, 2)).run()

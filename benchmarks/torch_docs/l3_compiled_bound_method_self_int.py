# source: https://docs.pytorch.org/docs/stable/compile/programming_model.recompilation.html
# framework: PyTorch
# property: look-alike of g4: a compiled bound method's own instance is an argument, so its int
# attribute, changed every pass, compiles twice (dynamic), not once per pass.
# label: none
# verify: c.torch['_loss'] <= 2
import torch


class Trainer:
    def __init__(self, model):
        self.model = model
        self.step = 0
        self.loss_fn = torch.compile(self._loss)

    def _loss(self, x):
        return self.model(x).mean() * (self.step + 1)

    def run(self, n):
        for i in range(n):
            self.step = i
            self.loss_fn(torch.randn(3, 4)).backward()


Trainer(torch.nn.Linear(4, 2)).run(10)

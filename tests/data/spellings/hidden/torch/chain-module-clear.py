# spelling: framework=torch what=chain who=module order=clear
# label: fine (compiled prints 2.0 3.0; eager prints 2.0 3.0)
import torch

X = torch.tensor(1.0)


class Inner:
    def __init__(self):
        self.scale = 2.0

    def set_scale(self, v):
        self.scale = v


class Config:
    def __init__(self):
        self.inner = Inner()


cfg = Config()


@torch.compile
def f(x, c):
    return x * c.inner.scale  # read


print(float(f(X, cfg)))
cfg.inner.scale = 3.0
torch._dynamo.reset()
print(float(f(X, cfg)))

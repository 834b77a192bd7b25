# spelling: framework=torch what=chain who=method order=loop_write_call
# label: fine (compiled prints 2.0 3.0 4.0; eager prints 2.0 3.0 4.0)
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


for v in (2.0, 3.0, 4.0):
    cfg.inner.set_scale(v)
    print(float(f(X, cfg)))

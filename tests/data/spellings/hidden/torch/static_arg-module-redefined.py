# spelling: framework=torch what=static_arg who=module order=redefined
# label: fine (compiled prints 2.0 3.0; eager prints 2.0 3.0)
import torch

X = torch.tensor(1.0)


class Config:
    def __init__(self):
        self.scale = 2.0

    def set_scale(self, v):
        self.scale = v


cfg = Config()


@torch.compile
def f(x, c):
    return x * c.scale  # read


print(float(f(X, cfg)))
cfg.scale = 3.0
@torch.compile
def f(x, c):
    return x * c.scale  # read
print(float(f(X, cfg)))

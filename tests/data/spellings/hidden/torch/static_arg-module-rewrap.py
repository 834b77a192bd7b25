# spelling: framework=torch what=static_arg who=module order=rewrap
# label: fine (compiled prints 2.0 3.0; eager prints 2.0 3.0)
import torch

X = torch.tensor(1.0)


class Config:
    def __init__(self):
        self.scale = 2.0

    def set_scale(self, v):
        self.scale = v


cfg = Config()


def f_impl(x, c):
    return x * c.scale  # read


f = torch.compile(f_impl)


print(float(f(X, cfg)))
cfg.scale = 3.0
f = torch.compile(f_impl)
print(float(f(X, cfg)))

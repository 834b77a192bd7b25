# spelling: framework=torch what=global_attr who=method order=between
# label: fine (compiled prints 2.0 3.0; eager prints 2.0 3.0)
import torch

X = torch.tensor(1.0)


class State:
    def __init__(self):
        self.scale = 2.0

    def set_scale(self, v):
        self.scale = v


STATE = State()


@torch.compile
def f(x):
    return x * STATE.scale  # read


print(float(f(X)))
STATE.set_scale(3.0)
print(float(f(X)))

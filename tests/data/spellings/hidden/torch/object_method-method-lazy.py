# spelling: framework=torch what=object_method who=method order=lazy
# label: fine (compiled prints 3.0 3.0 3.0; eager prints 3.0 3.0 3.0)
import torch

X = torch.tensor(1.0)


class State:
    def __init__(self):
        self.scale = None

    def set_scale(self, v):
        self.scale = v

    def value(self):
        return self.scale  # read


STATE = State()


@torch.compile
def f(x):
    return x * STATE.value()


for step in range(3):
    if STATE.scale is None:
        STATE.set_scale(3.0)
    print(float(f(X)))

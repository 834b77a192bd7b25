# spelling: framework=torch what=object_method who=module order=loop_write_call
# label: fine (compiled prints 2.0 3.0 4.0; eager prints 2.0 3.0 4.0)
import torch

X = torch.tensor(1.0)


class State:
    def __init__(self):
        self.scale = 2.0

    def set_scale(self, v):
        self.scale = v

    def value(self):
        return self.scale  # read


STATE = State()


@torch.compile
def f(x):
    return x * STATE.value()


for v in (2.0, 3.0, 4.0):
    STATE.scale = v
    print(float(f(X)))

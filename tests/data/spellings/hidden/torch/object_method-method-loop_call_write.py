# spelling: framework=torch what=object_method who=method order=loop_call_write
# label: fine (compiled prints 2.0 3.0; eager prints 2.0 3.0)
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


for v in (3.0, 4.0):
    print(float(f(X)))
    STATE.set_scale(v)

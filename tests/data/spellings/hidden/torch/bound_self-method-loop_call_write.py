# spelling: framework=torch what=bound_self who=method order=loop_call_write
# label: fine (compiled prints 2.0 3.0; eager prints 2.0 3.0)
import torch

X = torch.tensor(1.0)


class Model:
    def __init__(self):
        self.scale = 2.0
        self.step = torch.compile(self._step)

    def set_scale(self, v):
        self.scale = v

    def _step(self, x):
        return x * self.scale  # read


obj = Model()


for v in (3.0, 4.0):
    print(float(obj.step(X)))
    obj.set_scale(v)

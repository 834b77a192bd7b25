# spelling: framework=torch what=bound_self who=module order=loop_write_call
# label: fine (compiled prints 2.0 3.0 4.0; eager prints 2.0 3.0 4.0)
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


for v in (2.0, 3.0, 4.0):
    obj.scale = v
    print(float(obj.step(X)))

# spelling: framework=torch what=bound_self who=method order=lazy
# label: fine (compiled prints 3.0 3.0 3.0; eager prints 3.0 3.0 3.0)
import torch

X = torch.tensor(1.0)


class Model:
    def __init__(self):
        self.scale = None
        self.step = torch.compile(self._step)

    def set_scale(self, v):
        self.scale = v

    def _step(self, x):
        return x * self.scale  # read


obj = Model()


for step in range(3):
    if obj.scale is None:
        obj.set_scale(3.0)
    print(float(obj.step(X)))

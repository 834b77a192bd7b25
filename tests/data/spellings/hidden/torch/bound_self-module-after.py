# spelling: framework=torch what=bound_self who=module order=after
# label: fine (compiled prints 2.0 2.0; eager prints 2.0 2.0)
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


print(float(obj.step(X)))
print(float(obj.step(X)))
obj.scale = 3.0

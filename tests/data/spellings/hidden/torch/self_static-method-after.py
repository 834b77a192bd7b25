# spelling: framework=torch what=self_static who=method order=after
# label: fine (compiled prints 2.0 2.0; eager prints 2.0 2.0)
import torch

X = torch.tensor(1.0)


class Model:
    def __init__(self):
        self.scale = 2.0

    def set_scale(self, v):
        self.scale = v

    @torch.compile
    def step(self, x):
        return x * self.scale  # read


obj = Model()


print(float(obj.step(X)))
print(float(obj.step(X)))
obj.set_scale(3.0)

# spelling: framework=torch what=class_attr_self who=class order=between
# label: fine (compiled prints 2.0 3.0; eager prints 2.0 3.0)
import torch

X = torch.tensor(1.0)


class Model(torch.nn.Module):
    scale = 2.0

    def forward(self, x):
        return x * self.scale  # read


model = torch.compile(Model())
print(float(model(X)))
Model.scale = 3.0
print(float(model(X)))

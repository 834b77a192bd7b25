# spelling: framework=torch what=global who=module order=rewrap
# label: fine (compiled prints 2.0 3.0; eager prints 2.0 3.0)
import torch

X = torch.tensor(1.0)


SCALE = 2.0


def f_impl(x):
    return x * SCALE  # read


f = torch.compile(f_impl)


print(float(f(X)))
SCALE = 3.0
f = torch.compile(f_impl)
print(float(f(X)))

# spelling: framework=torch what=global who=module order=before
# label: fine (compiled prints 3.0 3.0; eager prints 3.0 3.0)
import torch

X = torch.tensor(1.0)


SCALE = 2.0


@torch.compile
def f(x):
    return x * SCALE  # read


SCALE = 3.0
print(float(f(X)))
print(float(f(X)))

# spelling: framework=torch what=global who=module order=between
# label: fine (compiled prints 2.0 3.0; eager prints 2.0 3.0)
import torch

X = torch.tensor(1.0)


SCALE = 2.0


@torch.compile
def f(x):
    return x * SCALE  # read


print(float(f(X)))
SCALE = 3.0
print(float(f(X)))

# spelling: framework=torch what=global who=module order=lazy
# label: fine (compiled prints 3.0 3.0 3.0; eager prints 3.0 3.0 3.0)
import torch

X = torch.tensor(1.0)


SCALE = None


@torch.compile
def f(x):
    return x * SCALE  # read


for step in range(3):
    if SCALE is None:
        SCALE = 3.0
    print(float(f(X)))

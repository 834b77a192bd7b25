# spelling: framework=torch what=global who=module order=loop_write_call
# label: fine (compiled prints 2.0 3.0 4.0; eager prints 2.0 3.0 4.0)
import torch

X = torch.tensor(1.0)


SCALE = 2.0


@torch.compile
def f(x):
    return x * SCALE  # read


for v in (2.0, 3.0, 4.0):
    SCALE = v
    print(float(f(X)))

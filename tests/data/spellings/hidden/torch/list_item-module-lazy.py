# spelling: framework=torch what=list_item who=module order=lazy
# label: fine (compiled prints 3.0 3.0 3.0; eager prints 3.0 3.0 3.0)
import torch

X = torch.tensor(1.0)


COEFS = [None]


@torch.compile
def f(x):
    return x * COEFS[0]  # read


for step in range(3):
    if COEFS[0] is None:
        COEFS[0] = 3.0
    print(float(f(X)))

# spelling: framework=torch what=list_item who=module order=redefined
# label: fine (compiled prints 2.0 3.0; eager prints 2.0 3.0)
import torch

X = torch.tensor(1.0)


COEFS = [2.0]


@torch.compile
def f(x):
    return x * COEFS[0]  # read


print(float(f(X)))
COEFS[0] = 3.0
@torch.compile
def f(x):
    return x * COEFS[0]  # read
print(float(f(X)))

# spelling: framework=torch what=list_item who=module order=before
# label: fine (compiled prints 3.0 3.0; eager prints 3.0 3.0)
import torch

X = torch.tensor(1.0)


COEFS = [2.0]


@torch.compile
def f(x):
    return x * COEFS[0]  # read


COEFS[0] = 3.0
print(float(f(X)))
print(float(f(X)))

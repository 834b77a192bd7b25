# spelling: framework=torch what=list_item who=module order=after
# label: fine (compiled prints 2.0 2.0; eager prints 2.0 2.0)
import torch

X = torch.tensor(1.0)


COEFS = [2.0]


@torch.compile
def f(x):
    return x * COEFS[0]  # read


print(float(f(X)))
print(float(f(X)))
COEFS[0] = 3.0

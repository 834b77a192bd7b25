# spelling: framework=torch what=list_item who=module order=rewrap
# label: fine (compiled prints 2.0 3.0; eager prints 2.0 3.0)
import torch

X = torch.tensor(1.0)


COEFS = [2.0]


def f_impl(x):
    return x * COEFS[0]  # read


f = torch.compile(f_impl)


print(float(f(X)))
COEFS[0] = 3.0
f = torch.compile(f_impl)
print(float(f(X)))

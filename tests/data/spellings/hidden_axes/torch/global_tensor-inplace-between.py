# spelling: framework=torch what=global_tensor who=inplace order=between
# label: fine (compiled prints 2.0 3.0; eager prints 2.0 3.0)
import torch

X = torch.tensor(1.0)


T = torch.tensor(2.0)


@torch.compile
def f(x):
    return x * T  # read


print(float(f(X)))
T.fill_(3.0)
print(float(f(X)))

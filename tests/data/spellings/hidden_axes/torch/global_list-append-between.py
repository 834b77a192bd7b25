# spelling: framework=torch what=global_list who=append order=between
# label: fine (compiled prints 1.0 2.0; eager prints 1.0 2.0)
import torch

X = torch.tensor(1.0)


ITEMS = [2.0]


@torch.compile
def f(x):
    return x * len(ITEMS)  # read


print(float(f(X)))
ITEMS.append(3.0)
print(float(f(X)))

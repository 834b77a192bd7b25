# spelling: framework=torch what=helper1 who=module order=between
# label: fine (compiled prints 2.0 3.0; eager prints 2.0 3.0)
import torch

X = torch.tensor(1.0)


SCALE = 2.0


def get_scale():
    return SCALE  # read


@torch.compile
def f(x):
    return x * get_scale()


print(float(f(X)))
SCALE = 3.0
print(float(f(X)))

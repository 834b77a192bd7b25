# spelling: framework=torch what=dict_item who=module order=clear
# label: fine (compiled prints 2.0 3.0; eager prints 2.0 3.0)
import torch

X = torch.tensor(1.0)


CFG = {"scale": 2.0}


@torch.compile
def f(x):
    return x * CFG["scale"]  # read


print(float(f(X)))
CFG["scale"] = 3.0
torch._dynamo.reset()
print(float(f(X)))

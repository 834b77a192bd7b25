# spelling: framework=torch what=module_attr who=module order=loop_call_write
# label: fine (compiled prints 2.0 3.0; eager prints 2.0 3.0)
import torch

X = torch.tensor(1.0)


import spell_settings


@torch.compile
def f(x):
    return x * spell_settings.scale  # read


for v in (3.0, 4.0):
    print(float(f(X)))
    spell_settings.scale = v

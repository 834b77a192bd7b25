# spelling: framework=torch what=module_attr who=module order=loop_write_call
# label: fine (compiled prints 2.0 3.0 4.0; eager prints 2.0 3.0 4.0)
import torch

X = torch.tensor(1.0)


import spell_settings


@torch.compile
def f(x):
    return x * spell_settings.scale  # read


for v in (2.0, 3.0, 4.0):
    spell_settings.scale = v
    print(float(f(X)))

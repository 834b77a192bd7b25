# spelling: framework=torch what=module_attr who=module order=lazy
# label: fine (compiled prints 3.0 3.0 3.0; eager prints 3.0 3.0 3.0)
import torch

X = torch.tensor(1.0)


import spell_settings
spell_settings.scale = None


@torch.compile
def f(x):
    return x * spell_settings.scale  # read


for step in range(3):
    if spell_settings.scale is None:
        spell_settings.scale = 3.0
    print(float(f(X)))

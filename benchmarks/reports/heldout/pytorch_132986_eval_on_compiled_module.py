# source: https://github.com/pytorch/pytorch/issues/132986
# framework: PyTorch
# `.eval()` on the module `torch.compile` returns set `training` on the wrapped module, not on
# the wrapper (torch 2.4: `module_opt.training` stayed True). The compiled forward runs the
# original module either way, so it runs in eval mode: no trace hazard; torch 2.13 also sets
# the wrapper's flag. Fine. (A seed is set so that the eager twin builds the same weights.)
# label: none
# verify: c.module_opt._orig_mod.training is False and close(c.result, e.result)
import torch

torch.manual_seed(0)
module = torch.nn.Linear(1024, 1024)
module_opt = torch.compile(module)

module_opt.eval()

print(f"{module.training=}")  # False
print(f"{module_opt.training=}")  # True
print(f"{module_opt._orig_mod.training=}")  # False

module_opt.train()

print(f"{module.training=}")  # True
print(f"{module_opt.training=}")  # True
print(f"{module_opt._orig_mod.training=}")  # True

module_opt.eval()
result = module_opt(torch.ones(2, 1024))

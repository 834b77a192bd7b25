# source: https://github.com/pytorch/pytorch/issues/129362
# framework: PyTorch
# label: none
# "torch.compile can supports load_state_dict": with `load_state_dict(..., assign=True)` after
# compiling, the compiled module kept the original parameter tensors ("we don't guard on the
# internals of NN modules"); the maintainers: inlining built-in nn modules makes the parameters
# graph inputs, resolved by pytorch#132053. On torch 2.13 (inlining on by default) the compiled
# module reads the assigned tensors, as eager does: fine.
# verify: close(c.after, e.after) and c.after == 8.0
import torch

model = torch.nn.Linear(3, 1)
compiled = torch.compile(model)
x = torch.ones(1, 3)
before = compiled(x).item()
state = {k: torch.full_like(v, 2.0) for k, v in model.state_dict().items()}
model.load_state_dict(state, assign=True)
after = compiled(x).item()
print(before, after)

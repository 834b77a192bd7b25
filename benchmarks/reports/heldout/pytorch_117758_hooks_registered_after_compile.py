# source: https://github.com/pytorch/pytorch/issues/117758
# framework: PyTorch
# "torch.compile ignores forward hooks after compilation is triggered": forward hooks registered
# on the Linear layers of a compiled `nn.Sequential` after a first call "will not run" - the
# graph built before them is reused. Fixed since (the issue is closed): on torch 2.13 the new
# hooks fail a guard, the module recompiles and all three hooks run, as eagerly. The report's
# loop over `trigger_compilation`, on CPU, with the hooks recording the output sums.
# label: none
# verify: c.hooked_counts == e.hooked_counts == [3, 3]
import torch
import torch.nn as nn

x = torch.randn(1024, 64, generator=torch.Generator().manual_seed(0))
hooked_counts = []
for trigger_compilation in [False, True]:
    torch.manual_seed(0)
    model = nn.Sequential(
        nn.Linear(64, 512),
        nn.ReLU(),
        nn.Linear(512, 512),
        nn.ReLU(),
        nn.Linear(512, 64),
        nn.ReLU(),
    )
    model.train()
    model = torch.compile(model)

    # Trigger compilation
    if trigger_compilation:
        model(x)

    # Register hook
    @torch._dynamo.disable
    def hook(m, i, o, *, idx, dest):
        dest[idx] = o.sum()

    linears = [m for m in model.modules() if isinstance(m, nn.Linear)]
    handles = []
    dest = {}
    for idx, lin in enumerate(linears):
        handles.append(lin.register_forward_hook(lambda m, i, o, idx=idx: hook(m, i, o, idx=idx, dest=dest)))
    model(x)
    hooked_counts.append(len(dest))
    for h in handles:
        h.remove()
print(hooked_counts)

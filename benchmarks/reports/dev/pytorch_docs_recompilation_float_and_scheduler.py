# source: https://docs.pytorch.org/docs/main/compile/programming_model.recompilation.html
# framework: PyTorch
# label: none
# PyTorch's "Dealing with Recompilations" page: "By default, int / float variables are treated
# as constants and are guarded on their exact value", shown with `fn(torch.ones(i), 0.5 + i)` in
# a loop, and "for LR schedulers, initializing with a constant can lead to recompilations". Run
# on torch 2.13 over more steps than the page's five: after the first recompile Dynamo makes the
# float (and the size) symbolic, and the compiled step with its ExponentialLR settles after 3
# graphs for 30 steps (`gn` breaks at `backward`, a plain graph break; the optimizer's `step` frame
# compiles twice). Both loops stay bounded and match eager.
# verify: c.torch['fn'] <= 2 and c.torch['step'] <= 3 and close(c.results, e.results) and close(c.lrs, e.lrs)
import torch


@torch.compile
def fn(x, c):
    return x + c


results = [fn(torch.ones(i), 0.5 + i).sum().item() for i in range(1, 12)]

torch.manual_seed(0)
mod = torch.nn.Linear(3, 3)
opt = torch.optim.Adam(mod.parameters(), lr=0.01)
sched = torch.optim.lr_scheduler.ExponentialLR(opt, 0.9)


@torch.compile
def gn(inp):
    opt.zero_grad(True)
    out = mod(inp).sum()
    out.backward()
    opt.step()
    sched.step()


lrs = []
for i in range(30):
    gn(torch.ones(3, 3))
    lrs.append(float(opt.param_groups[0]["lr"]))
print(results[-1], lrs[-1])

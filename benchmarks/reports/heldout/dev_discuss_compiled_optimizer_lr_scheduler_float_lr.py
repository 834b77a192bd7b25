# source: https://dev-discuss.pytorch.org/t/compiled-optimizer-w-lr-scheduler-now-supported/2107
# framework: PyTorch
# "Compiled Optimizer w/ LR Scheduler": "torch.compile guarding on the scalar value of the LR, so
# every time the LRScheduler changed the value of the LR this would trigger a recompile"
# (guard failure `L['self'].param_groups[0]['lr'] == 0.0033...`). The post's example with a
# Python-float learning rate: a compiled `fn` that steps an Adam optimizer and a LinearLR
# scheduler, called ten times on CPU. On torch 2.13 the LR guard no longer specializes on each
# value: the optimizer step compiles twice (the second time with the LR dynamic) for ten
# different LRs, and the parameters match eager. Fine as run.
# label: none
# verify: c.torch['step'] <= 3 and close(c.params_float, e.params_float)
import torch

torch.manual_seed(0)
model = torch.nn.Sequential(*[torch.nn.Linear(16, 16, False) for _ in range(3)])
inp = torch.rand(16)
model(inp).sum().backward()

opt = torch.optim.Adam(model.parameters(), lr=0.01)
sched = torch.optim.lr_scheduler.LinearLR(opt, total_iters=12)


@torch.compile(fullgraph=False)
def fn():
    opt.step()
    sched.step()


for _ in range(10):
    fn()
params_float = [round(float(p.sum()), 3) for p in model.parameters()]  # compiled Adam differs in the 7th digit
print(sched.get_last_lr())

# source: https://github.com/deepspeedai/DeepSpeed/pull/7633
# framework: PyTorch
# Written from the pull request's description (the diff is not stored): with the optimizer
# step under torch.compile, "changing the scalar LR value could cause recompilation", so a
# schedule that sets a new float learning rate every step recompiles the step; the pull request
# lets the script keep the rate as a tensor. DeepSpeed's FusedAdam hands `group['lr']` to its
# compiled kernel as a float: the kernel is a custom op with a `float lr` argument (an Adam
# update without bias correction), the schedule a warm-up that writes `param_group["lr"]` every
# step, as DeepSpeed's schedulers do; ten steps. (With torch.optim's own AdamW the same loop
# compiles twice on torch 2.13: the float becomes dynamic.)
# verify: c.torch['step'] >= 8
import torch


@torch.library.custom_op("deepspeed_demo::fused_adam", mutates_args=("param", "exp_avg", "exp_avg_sq"))
def fused_adam(param: torch.Tensor, grad: torch.Tensor, exp_avg: torch.Tensor,
               exp_avg_sq: torch.Tensor, lr: float) -> None:
    exp_avg.mul_(0.9).add_(grad, alpha=0.1)
    exp_avg_sq.mul_(0.999).addcmul_(grad, grad, value=0.001)
    param.addcdiv_(exp_avg, exp_avg_sq.sqrt().add_(1e-8), value=-lr)


@fused_adam.register_fake
def _(param, grad, exp_avg, exp_avg_sq, lr):
    return None


class FusedAdam(torch.optim.Optimizer):
    def __init__(self, params, lr=1e-3):
        super().__init__(params, dict(lr=lr))

    def step(self):
        for group in self.param_groups:
            for p in group['params']:
                state = self.state[p]
                if len(state) == 0:
                    state['exp_avg'] = torch.zeros_like(p)
                    state['exp_avg_sq'] = torch.zeros_like(p)
                fused_adam(p.data, p.grad, state['exp_avg'], state['exp_avg_sq'], group['lr'])  # label[g]


model = torch.nn.Linear(8, 8)
optimizer = FusedAdam(model.parameters(), lr=1e-3)


@torch.compile
def step():
    optimizer.step()


warmup_steps, peak_lr = 10, 1e-3
for it in range(warmup_steps):
    for param_group in optimizer.param_groups:
        param_group["lr"] = peak_lr * (it + 1) / warmup_steps  # label[g]
    model(torch.randn(4, 8)).sum().backward()
    step()  # label[g]: ACC5
    optimizer.zero_grad()

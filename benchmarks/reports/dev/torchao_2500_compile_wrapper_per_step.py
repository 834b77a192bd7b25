# source: https://github.com/pytorch/ao/issues/2500
# framework: PyTorch
# The optimizer calls `torch.compile(single_param_adam, fullgraph=True, dynamic=False)(...)` on
# every step; the report says training cannot start. Dynamo keeps its cache on the code object
# of `single_param_adam`, so a new torch.compile wrapper of the same function finds the graph
# already built: a run shows one compile for all steps (the step count and the hyperparameters
# are tensors or constants). Fine as to recompiles. Reduced to one parameter and a step loop.
# label: none
# verify: c.torch['single_param_adam'] <= 2
import torch


def single_param_adam(p, grad, step, exp_avg, exp_avg_sq, max_exp_avg_sq, lr, beta1, beta2,
                      weight_decay, eps, is_adamw, bf16_stochastic_round):
    exp_avg.lerp_(grad, 1 - beta1)
    exp_avg_sq.lerp_(grad.square(), 1 - beta2)
    bias_correction1 = 1 - beta1**step
    bias_correction2 = 1 - beta2**step
    denom = (exp_avg_sq / bias_correction2).sqrt() + eps
    p.sub_(lr * (exp_avg / bias_correction1) / denom)


class _AdamBase:
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0):
        self.param_groups = [dict(params=list(params), lr=lr, betas=betas, eps=eps,
                                  weight_decay=weight_decay)]
        self.state = {}
        self.is_adamw = False
        self.bf16_stochastic_round = False

    @torch.no_grad()
    def step(self):
        for group in self.param_groups:
            for p in group["params"]:
                grad = p.grad
                state = self.state.setdefault(p, {})
                if not state:
                    state["step"] = torch.tensor(0.0)
                    state["exp_avg"] = torch.zeros_like(p)
                    state["exp_avg_sq"] = torch.zeros_like(p)
                state["step"] += 1
                torch.compile(single_param_adam, fullgraph=True, dynamic=False)(
                    p.detach(),
                    grad,
                    state["step"],
                    state["exp_avg"],
                    state["exp_avg_sq"],
                    None,
                    group["lr"],
                    group["betas"][0],
                    group["betas"][1],
                    group["weight_decay"],
                    group["eps"],
                    self.is_adamw,
                    self.bf16_stochastic_round and p.dtype is torch.bfloat16,
                )


w = torch.nn.Parameter(torch.ones(4))
opt = _AdamBase([w])
for _ in range(10):
    loss = (w * w).sum()
    loss.backward()
    opt.step()
    w.grad = None

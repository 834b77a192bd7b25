# source: https://github.com/Koratahiu/Advanced_Optimizers/pull/6
# framework: PyTorch
# The PR's comment: with `self.state[p]['step'] += 1` inside the compiled per-parameter step,
# torch.compile guarded on the step count and recompiled on every step ("compile guards fail
# for each step"); moving the increment out of the compiled region fixed it. Reduced to a
# compiled Prodigy-like update that reads and increments `state['step']`. On torch 2.13 it
# compiles twice over 20 steps: after one recompile the step count is a dynamic int. Fine
# today.
# label: none
# verify: sum(c.torch.values()) <= 2
import torch


def _step_parameter(p, grad, state, lr):
    step = state["step"]
    bias_correction = 1 - 0.9 ** (step + 1)
    state["exp_avg"].mul_(0.9).add_(grad, alpha=0.1)
    p.add_(state["exp_avg"] / bias_correction, alpha=-lr)
    state["step"] += 1


step_parameter = torch.compile(_step_parameter)

p = torch.zeros(8)
state = {"step": 0, "exp_avg": torch.zeros(8)}
for _ in range(20):
    step_parameter(p, torch.ones(8), state, 0.01)

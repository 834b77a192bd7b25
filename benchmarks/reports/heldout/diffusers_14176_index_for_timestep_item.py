# source: https://github.com/huggingface/diffusers/pull/14176
# framework: PyTorch
# diffusers' "[DtoH sync] set scheduler begin index": without a begin index the scheduler's
# `index_for_timestep` computes `(schedule_timesteps == timestep).nonzero()` and `.item()` on
# every step, an implicit device-to-host sync that also stops full torch.compile graph capture.
# Reduced: a flow-match Euler scheduler step compiled with the step index looked up by
# `.item()`; the run counts the graphs Dynamo makes for one step.
# verify: c.graphs >= 2
import torch
import torch._dynamo


class FlowMatchEulerScheduler:
    def __init__(self, n=10):
        self.timesteps = torch.linspace(1000, 1, n)
        self.sigmas = torch.linspace(1.0, 0.0, n + 1)
        self._begin_index = None

    def index_for_timestep(self, timestep):
        indices = (self.timesteps == timestep).nonzero()
        pos = 1 if len(indices) > 1 else 0
        return indices[pos].item()  # label: ACC3

    def step(self, model_output, timestep, sample):
        step_index = self.index_for_timestep(timestep)
        sigma, sigma_next = self.sigmas[step_index], self.sigmas[step_index + 1]
        return sample + (sigma_next - sigma) * model_output


sched = FlowMatchEulerScheduler()
sample = torch.randn(1, 4)
graphs = torch._dynamo.explain(sched.step)(torch.randn(1, 4), sched.timesteps[3], sample).graph_count
step = torch.compile(sched.step)
out = step(torch.randn(1, 4), sched.timesteps[3], sample)
print(graphs)

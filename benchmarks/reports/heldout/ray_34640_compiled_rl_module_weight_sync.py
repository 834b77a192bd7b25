# source: https://github.com/ray-project/ray/pull/34640
# framework: PyTorch
# label: none
# "[RLlib] Add torch compile capabilities to TorchRLModule": rollout workers sync weights into
# their compiled module with `nn.Module.load_state_dict()`; "Despite a successful call, the
# change in weights does not appear to take effect on the side of RolloutWorkers and we end up
# sampling with the initial policy forever", only `torch._dynamo.reset()` helped (torch 2.0).
# Reduced to a compiled policy forward and a `load_state_dict` of new weights between calls:
# `load_state_dict` copies into the same parameters, which torch 2.13's compiled module reads on
# every call, so the new weights take effect as in eager.
# verify: close(c.actions, e.actions) and not close(c.actions[0], c.actions[1])
import torch

torch.manual_seed(0)
policy = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2))
compiled_forward = torch.compile(policy)
obs = torch.ones(1, 4)
actions = []
with torch.no_grad():
    actions.append(compiled_forward(obs))
    learner_weights = {k: v + 0.5 for k, v in policy.state_dict().items()}
    policy.load_state_dict(learner_weights)
    actions.append(compiled_forward(obs))
print(actions)

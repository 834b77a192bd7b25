# source: https://github.com/TensorAuto/OpenTau/pull/114
# framework: PyTorch
# OpenTau compiled `policy.sample_actions`, which takes non-tensor inputs such as the prompt
# string; torch.compile treats them as constants, so every new prompt recompiles. The fix
# compiles `policy.model.sample_actions`, which only takes the tokenized tensors. Reduced: a
# policy whose compiled method tokenizes the prompt itself, called with a new instruction per
# episode.
# verify: c.torch['sample_actions'] >= 6
import torch
import torch.nn as nn


class Policy(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(256, 16)
        self.head = nn.Linear(16 + 8, 4)

    def sample_actions(self, state, prompt):
        tokens = torch.tensor([ord(c) % 256 for c in prompt])
        text = self.embed(tokens).mean(0, keepdim=True).expand(state.shape[0], -1)
        return self.head(torch.cat([text, state], dim=-1))


policy = Policy()
policy.sample_actions = torch.compile(policy.sample_actions)
prompts = ["pick up the red block", "open the drawer", "push the button", "stack the cups",
           "close the door", "wipe the table", "pour the water", "fold the towel"]
state = torch.randn(2, 8)
for prompt in prompts:
    actions = policy.sample_actions(state, prompt)  # label: ACC5
print(actions.shape)

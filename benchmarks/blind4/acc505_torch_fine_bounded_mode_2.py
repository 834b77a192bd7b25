# source: blind58:acc505_torch_fine_bounded_mode_2
# framework: PyTorch
# label: none
# An int attribute is rewritten before every call, but it only alternates between two values
# (a two-phase schedule): two guard sets, two compiles, then every call hits.
# verify: 1 <= c.torch['forward'] <= 2
import torch


class Mixer(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.phase = 0

    def forward(self, x):
        return x * (self.phase + 1)


mixer = Mixer()
compiled = torch.compile(mixer)
outs = []
for step in range(12):
    mixer.phase = step % 2
    outs.append(compiled(torch.ones(3)))

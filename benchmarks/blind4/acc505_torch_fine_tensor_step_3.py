# source: blind58:acc505_torch_fine_tensor_step_3
# framework: PyTorch
# label: none
# The step counter that a storm would read as an int is held in a registered buffer and
# incremented in place: a tensor's value is not guarded, so one graph serves every step.
# verify: c.torch['forward'] == 1
import torch


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("num_updates", torch.zeros(()))

    def forward(self, x):
        return x * (1 + self.num_updates)


net = Net()
compiled = torch.compile(net)
outs = []
for _ in range(10):
    outs.append(compiled(torch.ones(3)))
    net.num_updates += 1

# source: blind58:acc505_torch_fine_float_attr_1
# framework: PyTorch
# label: none
# A scheduler rewrites a Python float temperature on the module every step. Dynamo turns a
# float attribute into a graph input after its second value, so it compiles twice.
# verify: 1 <= c.torch['forward'] <= 3
import torch


class Head(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.temperature = 1.0

    def forward(self, logits):
        return torch.softmax(logits / self.temperature, dim=-1)


head = Head()
compiled = torch.compile(head)
outs = []
for step in range(12):
    head.temperature = 1.0 + 0.25 * step
    outs.append(compiled(torch.arange(4.0)))

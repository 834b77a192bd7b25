# source: https://github.com/pytorch/pytorch/issues/26884
# framework: PyTorch
# label: none
# "[jit] training attribute broken in recursive script": "the model was scripted in eval mode and
# then saved with torch.jit.save. torch.jit.load loads the model in training mode. this is a
# problem, because in training mode dropouts are enabled" (torch 1.2, the tutorial's `MyCell`).
# Reduced to `MyCell` with a Dropout added after its Linear layer so that the mode shows in the
# output, scripted after `eval()`, saved to a buffer and loaded. On torch 2.13 the loaded module is
# in eval mode and its outputs equal the scripted module's: fine today.
# verify: c.loaded_training is False and c.same_output
import io

import torch


class MyCell(torch.nn.Module):
    def __init__(self):
        super(MyCell, self).__init__()
        self.linear = torch.nn.Linear(4, 4)
        self.dropout = torch.nn.Dropout(0.5)

    def forward(self, x, h):
        new_h = torch.tanh(self.dropout(self.linear(x)) + h)
        return new_h, new_h


torch.manual_seed(0)
model = MyCell()
model.eval()
scripted = torch.jit.script(model)
buffer = io.BytesIO()
torch.jit.save(scripted, buffer)
buffer.seek(0)
loaded = torch.jit.load(buffer)
loaded_training = loaded.training
x, h = torch.rand(3, 4), torch.rand(3, 4)
same_output = all(torch.equal(loaded(x, h)[0], scripted(x, h)[0]) for _ in range(3))
print(loaded_training, same_output)

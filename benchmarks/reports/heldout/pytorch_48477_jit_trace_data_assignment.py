# source: https://github.com/pytorch/pytorch/issues/48477
# framework: PyTorch
# "jit.trace doesn't work accordingly if data copy is involved in module": `y0 = x * 0; y1 = x * 1;
# y0.data = y1; return y0`. Eagerly the module returns x; the traced module returns x * 0 (a
# TracerWarning says the outputs differ). Assigning `.data` swaps the tensor's storage behind the
# tracer's back, so the trace records y0 as `x * 0`. The reporter's code.
# verify: not close(c.outputs_jit, c.outputs) and close(c.outputs, c.inputs)
import torch


class Dummy(torch.nn.Module):
    def forward(self, x):
        y0 = x * 0
        y1 = x * 1
        y0.data = y1  # which breaks jit.trace  # label: ACC4
        return y0


inputs = torch.tensor([1])
model = Dummy()
model.eval()
outputs = model(inputs)
model_jit = torch.jit.trace(model, (inputs,))
outputs_jit = model_jit(inputs)
print(outputs.equal(outputs_jit))

# source: https://github.com/pytorch/pytorch/issues/111785
# framework: PyTorch
# `select_context_kv` rebinds `self.cur_buffer` to a slice of the buffer before each call of the
# compiled model; the report (torch 2.1) was that the compiled forward kept writing into the
# first slice. Run on torch 2.13 the compiled module guards on the attribute and writes where
# eager does: fine today.
# label: none
# verify: close(c.results, e.results)
import torch


class Model2(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("test_buffer", torch.zeros((4, 6), dtype=torch.float32))
        self.cur_buffer = self.test_buffer

    def select_context_kv(self, idx: int):
        self.cur_buffer = self.test_buffer[idx : idx + 1]

    def forward(self, src):
        self.cur_buffer.copy_(src)


def func(mode, src):
    out = []
    for i in range(4):
        model.select_context_kv(i)
        src_in = src + i
        model_output = model(src_in)
        out.append(model.test_buffer.clone())
    return out


src = torch.ones([1, 6])
model = Model2()
model = torch.compile(model, backend="eager")
results = func("compile", src)

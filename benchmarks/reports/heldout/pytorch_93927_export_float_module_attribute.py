# source: https://github.com/pytorch/pytorch/issues/93927
# framework: PyTorch
# label: none
# "Cannot export models which access int/float stored as module attributes": a module reading
# `self.eps` (a float attribute) got the value unspecialized into a graph input and export choked
# (2023); "the real answer to this is to run the export with specialize_int_float = True, which
# will force self.torch_module.eps to be specialized". On torch 2.13 `torch.export.export`
# specializes the float attribute and the exported program returns the module's output: fine.
# verify: close(c.exported_out, c.module_out)
import torch


class LayerNormLike(torch.nn.Module):
    def __init__(self, eps=1e-5):
        super().__init__()
        self.eps = eps

    def forward(self, x):
        mean = x.mean(dim=-1, keepdim=True)
        var = x.var(dim=-1, keepdim=True, unbiased=False)
        return (x - mean) / torch.sqrt(var + self.eps)


model = LayerNormLike(eps=1e-3)
x = torch.randn(2, 4)
ep = torch.export.export(model, (x,))
exported_out = ep.module()(x)
module_out = model(x)
print(exported_out)

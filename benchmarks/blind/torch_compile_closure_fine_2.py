# source: blind55:torch_compile_closure_fine_2
# framework: PyTorch
# label: none
# A new compiled closure per batch: the helper defines `scaled` inside and compiles it, with
# the batch's scale captured in the closure. Written as a storm; the run says otherwise: every
# closure shares one code object, Dynamo guards the captured float and makes it dynamic after
# one recompile (two compiles for ten batches).
# verify: c.torch['scaled'] <= 2
import torch


def normalise(batch):
    scale = batch.abs().max().item() + 1.0

    def scaled(x):
        return x / scale

    return torch.compile(scaled)(batch)


outs = []
for i in range(10):
    outs.append(normalise(torch.randn(4) * (i + 1)))

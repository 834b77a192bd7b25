# source: https://github.com/pytorch/torchdynamo/issues/1940
# framework: PyTorch
# Label: fine look-alike under today's torch. The report collected repros that recompile past the
# cache size limit: `fn(box)` converts box sums to Python ints (`int(box[2] + box[0])`), so each
# of ten boxes gave new int constants and a recompile. In torch 2.13 `int()` of a tensor is a
# graph break; the resumed frame guards on the int once (`___stack0 == 10977`), then compiles it
# dynamic: two graphs for ten boxes, the same sums as eager. The report set
# `cache_size_limit = 2`; the default limit is kept here.
# label: none
# verify: sum(c.torch.values()) <= 3 and close(c.res, e.res)
import torch


def fn(box):
    w = int(box[2] + box[0])
    h = int(box[3] - box[1])
    return w + h


torch.manual_seed(0)
args = [torch.randint(0, 10000, size=(4,), dtype=torch.int64) for _ in range(10)]
opt_fn = torch.compile(fn, backend="eager")
res = [opt_fn(arg) for arg in args]
print(res)

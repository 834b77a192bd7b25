# source: https://github.com/pytorch/pytorch/issues/93457
# framework: PyTorch
# Case 1 of Dynamo's collection of repros beyond the cache size limit (from vision_maskrcnn):
# `int(box[2] + box[0])` takes a Python int out of a tensor; the compiled code specializes on
# it and each new box recompiled, up to the limit (torch 2.0). On torch 2.13 the frame that
# resumes after the `int` recompiles once and then takes the ints as dynamic: three graphs for
# ten boxes. Fine today. (The report lowered the limit to 2; the default of 8 is kept.)
# label: none
# verify: sum(c.torch.values()) <= 4
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

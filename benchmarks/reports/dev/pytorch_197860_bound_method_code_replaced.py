# source: https://github.com/pytorch/pytorch/issues/197860
# framework: PyTorch
# The report: after `Model.m.__code__ = second.__code__`, eager `model.m(x)` multiplies by 9 but
# the compiled lambda that calls `model.m` keeps multiplying by 2 (no guard on the inlined bound
# method's code object; torch nightly 2026-09). Stale on torch 2.13 too. The report's reproducer.
# verify: close(e.after, [9.0, 18.0, 27.0]) and close(c.after, [2.0, 4.0, 6.0])
import torch


def first(self, x):
    return x * 2.0


def second(self, x):
    return x * 9.0


class Model:
    m = first


model = Model()
x = torch.arange(1.0, 4.0)
compiled = torch.compile(lambda x: model.m(x))  # label[m]: ACC6

before = compiled(x)
Model.m.__code__ = second.__code__  # label[m]
after = compiled(x)
print(before, after)

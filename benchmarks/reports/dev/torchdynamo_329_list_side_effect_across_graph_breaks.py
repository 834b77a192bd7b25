# source: https://github.com/pytorch/torchdynamo/issues/329
# framework: PyTorch
# A local list appended to, then popped after two graph breaks (`print`): Dynamo's generated
# code once read the list before the append and raised IndexError. The list is local to the
# call and nothing outside depends on it; on torch 2.13 the result is the eager one. Fine
# today. (The report's `torchdynamo.optimize(my_compiler)` is `torch.compile` with an eager
# backend.)
# label: none
# verify: close(c.result, e.result) and close(c.result, [11])
import torch


def f1(x):
    alist = []
    y = x + 1
    alist.append(y)
    print("break1")  # break graph
    res = alist.pop()
    print("break2")  # break graph
    return res


x = torch.tensor([10])
result = torch.compile(f1, backend="eager")(x)
print(result)

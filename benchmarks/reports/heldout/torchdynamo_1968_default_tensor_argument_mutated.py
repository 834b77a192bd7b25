# source: https://github.com/pytorch/torchdynamo/issues/1968
# framework: PyTorch
# "Add dynamo support for default tensor arg": `def foo(x=torch.ones((2, 2))): x.add_(1)` - the
# default tensor is one object shared by every call, so eagerly it grows by one per call; the
# maintainers asked that Dynamo "carefully model the semantics of python". Today's torch
# compiles the function and mutates the same default tensor. The function, three calls.
# label: none
# verify: close(c.values, e.values)
import torch


def foo(x=torch.ones((2, 2))):
    x.add_(1)
    return x.clone()


opt_foo = torch.compile(foo)
values = [opt_foo() for _ in range(3)]
print(values)

# source: https://github.com/nod-ai/SHARK-Studio/blob/HEAD/shark/examples/shark_dynamo/basic_examples.py
# framework: PyTorch
# Label: fine look-alike. `foo(x, a)` branches on `x.shape[0] > 3` and is compiled, then called
# with a size-4 and a size-3 input: two shapes, two compiles (the second one dynamic), results
# equal to eager. The example compiles for SHARK's backend (`backend="shark"`, not installed
# here); verify.py's counting backend takes its place, with the same guards.
# label: none
# verify: close(c.r4, e.r4) and close(c.r3, e.r3)
# verify: c.torch['foo'] <= 2
import torch


def foo(x, a):
    if x.shape[0] > 3:
        return x + a
    else:
        return x + 3


compiled = torch.compile(foo)

input = torch.ones(4)

r4 = compiled(input, input)

print(r4)

input = torch.ones(3)

r3 = compiled(input, input)

print(r3)

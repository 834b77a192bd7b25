# source: https://github.com/pytorch/pytorch/pull/109427
# framework: PyTorch
# label: none
# "[Dynamo] Match closures by code ID": checking whether closures need guards on their free
# variables, the author builds a compiled `program` whose inner function forces a graph break and
# calls a lambda `one` captured from the enclosing scope, which is rebound to another lambda
# between the two calls of `inner`; Dynamo traces into the closure as its own frame, with guards,
# "thus it is still safe". Kept as the snippet: the compiled result equals the eager one.
# verify: close(c.res, e.res)
import torch


@torch.compile()
def program(x, y):
    one = lambda x, y: x + y
    def inner():
        # Force no inlining
        torch._dynamo.graph_break()
        return one(x, y)
    res = inner()
    one = lambda x, y: x - y
    res += inner()
    return res


torch.manual_seed(0)
input1 = torch.randn(1)
input2 = torch.randn(1)
res = program(input1, input2)
print(res, input1 + input1)

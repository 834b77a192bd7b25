# source: https://github.com/pytorch/pytorch/pull/11540
# framework: PyTorch
# "[JIT] Documentation for debugging JIT": the page it adds warns that a trace "will not be
# representative of the underlying code" for "control flow that is dependent on inputs (e.g.
# tensor shapes)" and shows `check_inputs` catching it on `loop_in_traced_fn`, whose loop runs
# `x.size(0)` times. Traced on a (3, 4, 5) input the loop is unrolled three times; called on a
# (4, 5, 6) input it still multiplies three rows where eager multiplies four. The page's
# function, traced without the check and called on the check input.
# verify: c.traced_out.shape == c.eager_out.shape and not close(c.traced_out, c.eager_out)
import torch


def loop_in_traced_fn(x):
    result = x[0]
    for i in range(x.size(0)):  # label: ACC3
        result = result * x[i]
    return result


torch.manual_seed(0)
inputs = (torch.rand(3, 4, 5),)
traced = torch.jit.trace(loop_in_traced_fn, inputs, check_trace=False)
x = torch.rand(4, 5, 6)
traced_out = traced(x)
eager_out = loop_in_traced_fn(x)
print(traced_out.shape, eager_out.shape)

# source: https://runebook.dev/en/docs/pytorch/generated/torch.compiler.assume_constant_result
# framework: PyTorch
# "When Not to Use assume_constant_result": the page's pitfall example decorates
# `get_random_number()` (which returns `torch.rand(1)`) with `@assume_constant_result` and calls it
# from `my_model_forward`, compiled: the compiler runs it once while tracing and bakes the value
# into the graph, so "You'll likely get the same output, even though the source function is
# random!". The page's example, called three times.
# verify: c.distinct == 1 and e.distinct == 3
import torch
from torch.compiler import assume_constant_result


@assume_constant_result
def get_random_number():
    return torch.rand(1)  # This function's output changes every call!  # label[g]: ACC1


def my_model_forward(x):
    scale = get_random_number()  # label[g]
    return x * scale


compiled_model = torch.compile(my_model_forward)
outs = [compiled_model(torch.tensor(1.0)) for _ in range(3)]
print(f"First run output: {outs[0]}")
print(f"Second run output: {outs[1]}")
distinct = len({float(o) for o in outs})

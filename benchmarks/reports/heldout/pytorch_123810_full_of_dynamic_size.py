# source: https://github.com/pytorch/pytorch/issues/123810
# framework: PyTorch
# `torch.full((L, L), ...)` with `L` from the input's shape, compiled with `dynamic=True`; the
# report (torch 2.3) was a recompile for every length. On torch 2.13 one dynamic graph serves
# all lengths. Fine today. (CPU instead of CUDA.)
# label: none
# verify: c.torch['fn'] <= 2
import functools

import torch

device = "cpu"


def fn(x):
    _, L = x.shape
    return torch.full((L, L), torch.finfo(torch.float16).min, device=device)


cfn = torch.compile(fn, dynamic=True)

input_fn = functools.partial(torch.randint, 10, 1000, device=device)

cfn(input_fn((2, 3)))
cfn(input_fn((2, 4)))  # expect don't recompile here
cfn(input_fn((2, 5)))  # expect don't recompile here

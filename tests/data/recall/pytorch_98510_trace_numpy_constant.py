# source: https://github.com/pytorch/pytorch/issues/98510 (torch.compile tutorial, quoted)
# `torch.jit.trace` records NumPy/SciPy results as constants: the traced function silently
# returns the first input's answer for every input.
import scipy
import torch


def f3(x):
    x = x * 2
    x = scipy.fft.dct(x.numpy())  # expect: ACC303
    x = torch.from_numpy(x)
    x = x * 2
    return x


traced_f3 = torch.jit.trace(f3, (torch.randn(5, 5),))
traced_f3(torch.randn(5, 5))

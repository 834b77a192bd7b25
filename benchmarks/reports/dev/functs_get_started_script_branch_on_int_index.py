# source: https://github.com/JimyMa/FuncTs/blob/HEAD/examples/get_started.py
# framework: PyTorch
# Label: fine look-alike. `torch.jit.script` of a function that branches on an int argument
# (`idx >= 0`) and writes through `b[idx].copy_(...)`: the branch is compiled into the graph
# (prim::If) and the writes act on clones, so the scripted function equals the Python one for
# either sign. The example also runs FuncTs' own `functs.jit.script` (a research package not
# installed here); that part and the alias-db dumps are left out, and a negative index is
# added to the author's check.
# label: none
# verify: c.same_pos and c.same_neg
import torch

from typing import List, Tuple


# substitute your own function here~
def func(a: torch.Tensor, b: torch.Tensor, n: int):
  a = a.clone()
  b = b.clone()
  for i in range(n):
    b[i] = b[i] + 1
  return b

def func_data_control_flow_dependency(a: torch.Tensor, b: torch.Tensor,
                                      idx: int):
  a = a.clone()
  b = b.clone()
  if idx >= 0:
    a = a + 1
    b[idx].copy_(a[idx])
  else:
    a = a - 1
    b[-idx].copy_(a[-idx])
  return a + b

# func = func
func = func_data_control_flow_dependency


# torchscript
jit_func = torch.jit.script(func)

# check equal
a: torch.Tensor = torch.randn([64, 64])
b: torch.Tensor = torch.randn([64, 64])
n = 3

same_pos = torch.allclose(jit_func(a, b, 3), func(a, b, 3))
same_neg = torch.allclose(jit_func(a, b, -3), func(a, b, -3))
print(same_pos, same_neg)

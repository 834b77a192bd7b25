# source: https://github.com/LaurentMazare/ocaml-torch/blob/HEAD/src/tests/trace.py
# framework: PyTorch
# Label: fine look-alike. The test fixtures of the OCaml bindings: two traced functions with no
# branch or size read, and `foo3`, a product over `range(x.size(0))` with a branch on the index,
# which is *scripted*, not traced, so the loop stays a loop for every length. The `.save` calls
# write files the OCaml tests load; they are left out, and calls on other lengths are added.
# label: none
# verify: close(c.r3, c.p3) and close(c.r2, c.p2)
import torch
def foo(x, y):
  return 2 * x + y
traced_foo = torch.jit.trace(foo, (torch.rand(3), torch.rand(3)))

def foo2(x, y):
  return (2 * x + y, x - y)
traced_foo2 = torch.jit.trace(foo2, (torch.rand(3), torch.rand(3)))

def foo3_fn(x):
  result = x[0]
  for i in range(x.size(0)):
    if i != 0:
      result = result * x[i]
  return result

foo3 = torch.jit.script(foo3_fn)

x5 = torch.rand(5) + 0.5
r3, p3 = foo3(x5), foo3_fn(x5)
a, b = torch.rand(4), torch.rand(4)
r2, p2 = traced_foo2(a, b), foo2(a, b)

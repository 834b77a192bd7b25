# source: https://github.com/pytorch/pytorch/issues/119778
# framework: PyTorch
# Label: decided by the run (see verify). The report: a compiled `t / v` called with (2x3, 2.1)
# then (3x3, 3.2); the second graph has a symbolic size but the float is still a constant. The
# report's code; its AOT printing backend is replaced by verify.py's counting backend (the
# guards are Dynamo's). Two calls, two compiles at most, results equal to eager.
# label: none
# verify: close(c.r1, e.r1) and close(c.r2, e.r2) and c.torch['div_fn'] <= 2
import torch
import torch._dynamo as dynamo

dynamo.reset()

def div_fn(t, v):
   r = t / v
   return r

compiled_fn = torch.compile(div_fn, backend="eager")

torch.manual_seed(0)  # added: the compiled and eager runs draw the same inputs
t = torch.randn([2, 3])
r1 = compiled_fn(t, 2.1)

t = torch.randn([3, 3])
r2 = compiled_fn(t, 3.2)

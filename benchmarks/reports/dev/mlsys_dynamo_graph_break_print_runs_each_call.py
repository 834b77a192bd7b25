# source: https://github.com/shreyansh26/MLSys-Experiments/blob/HEAD/pytorch_internals/dynamo/graph_break.py
# framework: PyTorch
# Label: fine look-alike. From Dynamo's deep-dive page: a `print("Hi")` inside a compiled
# function is a graph break: Dynamo compiles `a + 2`, runs the print in Python, and compiles the
# rest as a continuation, so the print runs on every call (not only while tracing) and the
# result equals eager. The author's code called once; a second call is added to show the print
# runs again. The bytecode log the author pasted is left out.
# label: none
# verify: c.out.count("Hi") == 2 and close(c.r, e.r)
import torch

@torch.compile
def fn(a):
    b = a + 2
    print("Hi")
    return b + a

torch.manual_seed(0)  # added: the compiled and eager runs draw the same inputs
x = torch.randn(4)
fn(x)
r = fn(x)

# source: https://discuss.pytorch.org/t/graph-breaks-or-no-graph-breaks-in-torchdynamo/181208
# framework: PyTorch
# Label: fine look-alike. The thread's `toy_example` branches on `b.sum() < 0`, a tensor's value:
# torch.compile breaks the graph there and runs the rest for whichever branch the data takes, so
# the results equal eager ones on every call, with a few graphs and no storm. The thread's code
# on the CPU (it used "cuda" and mode="reduce-overhead", which verify.py's counting backend
# replaces); `dynamo.explain` left out, the loop of five calls kept with its results.
# label: none
# verify: close(c.results, e.results)
# verify: c.torch['toy_example'] <= 2
import torch

torch.manual_seed(0)


@torch.compile(mode="reduce-overhead")
def toy_example(a, b):
    x = a / (torch.abs(a) + 1)
    if b.sum() < 0:
        b = b * -1
    return x * b


results = []
for i in range(5):
    a = torch.randn(10)
    b = torch.randn(10)
    results.append(toy_example(a, b))
print(results)

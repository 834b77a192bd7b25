# source: https://github.com/pytorch/pytorch/issues/134249
# framework: PyTorch
# "Footgun: Dynamo x tensors created inside or outside of inference_mode": Dynamo guards on a
# tensor's dispatch keys, and a tensor made inside `torch.inference_mode()` lacks the
# ADInplaceOrView key, so handing a compiled function tensors made inside and then outside
# inference mode recompiles. With a loop that alternates the two kinds, the second kind costs
# one more graph and both are then reused: at most two graphs for ten calls. Fine.
# label: none
# verify: sum(c.torch.values()) <= 2 and close(c.results, e.results)
import torch


@torch.compile
def scale(x):
    return x * 2 + 1


results = []
for step in range(10):
    if step % 2:
        with torch.inference_mode():
            x = torch.ones(4) * step
    else:
        x = torch.ones(4) * step
    results.append(scale(x).tolist())
print(results[-1])

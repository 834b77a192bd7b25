# source: https://github.com/pytorch/pytorch/issues/151122
# framework: PyTorch
# "Avoid guarding on ids of optional dictionary tensor values": `func` iterates over a dict of
# tensors and branches on `v is None`; called with `{10: tensor}` and then `{20: tensor}` it
# compiles two graphs, because the guards hold the dict's keys; the asker would rather guard on
# whether the value is None. The two calls: one recompile for the second key, with the
# right results, no loop that would repeat it. Fine as written.
# label: none
# verify: c.torch['func'] == 2 and close(c.results, e.results)
import torch


@torch.compile()
def func(x):
    for k, v in x.items():
        if v is None:
            return v * 100
        else:
            return v * 200


results = [func({10: torch.tensor([1])}).tolist(), func({20: torch.tensor([100])}).tolist()]
print(results)

# source: https://github.com/pytorch/pytorch/issues/93782
# framework: PyTorch
# `toy_sum` (a closure cell) is rebound to another lambda after the third pass while the whole
# driver runs under torch.compile; the title says it was not guarded. The maintainer's repro
# (torch 2.2) and a run on torch 2.13 give the eager results: fine.
# label: none
# verify: close(c.outs, e.outs)
import torch

tlist = [torch.ones(10), torch.ones(10), torch.ones(10)]
results = []


def test():
    toy_sum = lambda tlist: sum(tlist)

    def toy_example(tlist):
        ret_val = 0
        for _ in range(5):
            ret_val += toy_sum(tlist)
        return ret_val

    for i in range(5):
        if i == 2:
            toy_sum = lambda tlist: tlist[0]
        results.append(toy_example(tlist))
    return toy_sum


compiled_test = torch.compile(test, backend="eager", fullgraph=False)
compiled_test()
outs = [r.clone() for r in results]

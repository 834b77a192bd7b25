# source: blind58:acc501_torch_compile_in_loop_4
# framework: PyTorch
# A scoring loop compiles a closure made by a factory for every threshold it tries. Each
# closure holds a new threshold cell, so Dynamo's guard on the closure fails on every pass.
# verify: c.torch['score'] >= 8
import torch


def make_scorer(threshold):
    def score(x):
        return (x > threshold).float().mean()
    return score


def sweep(x, thresholds):
    results = []
    for t in thresholds:
        scorer = torch.compile(make_scorer(t), dynamic=False)
        results.append(scorer(x).item())  # label: ACC501
    return results


x = torch.linspace(0, 1, 64)
results = sweep(x, [i / 20 for i in range(12)])

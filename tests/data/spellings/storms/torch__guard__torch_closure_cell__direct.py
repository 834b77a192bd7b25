# spelling: framework=torch axis=guard component=torch_closure_cell reach=direct written-as=hazard
# run (4 -> 8 passes, traces per line): line 15: 2 -> 1
# label: fine
import torch

def scaled_by(k):
    def scaled(v):
        return v * k
    return scaled


def run(n):
    x = torch.ones(3)
    for i in range(n):
        torch.compile(scaled_by(i + 1))(x)

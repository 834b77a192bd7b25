# source: https://docs.pytorch.org/docs/stable/torch.compiler_troubleshooting.html
# framework: PyTorch
# property: (as f1) a print in a helper the fullgraph-compiled function calls raises.
# verify: 'Unsupported' in c.error
import torch


def report(loss):
    print("loss", loss)  # label: ACC4


@torch.compile(fullgraph=True)
def step(x):
    loss = (x ** 2).mean()
    report(loss)
    return loss * 2


def main():
    try:
        step(torch.randn(4))
        return ""
    except Exception as exc:
        return type(exc).__name__


error = main()

# source: https://docs.pytorch.org/docs/stable/compile/programming_model.recompilation.html
# framework: PyTorch
# property: a str argument of a compiled function is guarded by its value: a new string on every
# pass recompiles each pass up to the limit.
# spelling: a function called from main's loop passes an f-string tag to the compiled function.
# verify: c.torch['scaled'] >= 8
import torch


@torch.compile
def scaled(x, tag):
    if tag.endswith("0"):
        return x * 10
    return x + len(tag)


def log_step(x, epoch):
    return scaled(x, f"epoch-{epoch}")  # label: ACC5


def main():
    total = 0.0
    for epoch in range(10):
        total += float(log_step(torch.ones(3), epoch).sum())
    print(total)


main()

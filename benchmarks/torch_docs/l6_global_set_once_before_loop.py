# source: https://docs.pytorch.org/docs/stable/compile/programming_model.recompilation.html
# framework: PyTorch
# property: look-alike of g2: a global int set once (setup) before the loop compiles once.
# label: none
# verify: c.torch['forward_loss'] <= 1
import torch

HIDDEN = 0
net = torch.nn.Linear(4, 1)


def forward_loss(x):
    return net(x).mean() * HIDDEN


compiled_loss = torch.compile(forward_loss)


def main():
    global HIDDEN
    HIDDEN = 8
    for epoch in range(10):
        compiled_loss(torch.randn(16, 4)).backward()


main()

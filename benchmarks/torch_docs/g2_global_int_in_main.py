# source: https://docs.pytorch.org/docs/stable/compile/programming_model.recompilation.html
# framework: PyTorch
# property: (as g1) a global int the compiled body reads, rebound on every pass, recompiles each pass.
# spelling: main() declares the global and rebinds it per epoch.
# verify: c.torch['forward_loss'] >= 8
import torch

EPOCH = 0
net = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 1))


def forward_loss(x, y):
    out = net(x)
    weight = 1.0 + EPOCH
    return ((out - y) ** 2).mean() * weight


compiled_loss = torch.compile(forward_loss)


def main():
    global EPOCH
    opt = torch.optim.Adam(net.parameters())
    for epoch in range(10):
        EPOCH = epoch
        loss = compiled_loss(torch.randn(16, 4), torch.randn(16, 1))  # label: ACC5
        loss.backward()
        opt.step()
        opt.zero_grad()
        print(epoch, round(float(loss), 3) > -1)


if __name__ == "__main__":
    main()

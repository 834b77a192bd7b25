# source: https://github.com/LEDazzio01/ai-performance-engineering/blob/HEAD/code/ch14/train.py
# framework: PyTorch
# Label: fine look-alike. A compiled model trained for one step; `loss.item()` runs after the
# step, on the loss the eager loss function computed from the compiled output, outside any
# compiled frame. The author's code on the CPU, sizes cut (1024/2048 -> 64/128).
# label: none
# verify: sum(c.torch.values()) == 1
#!/usr/bin/env python3
"""Minimal torch.compile training harness for Chapter 14."""

import torch
from torch import nn, optim


def main() -> None:
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 128)).to(device)
    model = torch.compile(model, mode="reduce-overhead")
    opt = optim.AdamW(model.parameters(), lr=1e-3)

    data = torch.randn(16, 64, device=device)
    target = torch.randn(16, 128, device=device)

    opt.zero_grad(set_to_none=True)
    out = model(data)
    loss = nn.functional.mse_loss(out, target)
    loss.backward()
    opt.step()

    print("ch14 train.py completed with loss {:.4f}".format(loss.item()))


if __name__ == "__main__":
    main()

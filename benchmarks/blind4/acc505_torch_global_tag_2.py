# source: blind58:acc505_torch_global_tag_2
# framework: PyTorch
# A logging helper rebinds a module-level run tag (a str) every epoch, and the compiled loss
# branches on it: a str global is guarded by value, so every epoch recompiles.
# verify: c.torch['loss_fn'] >= 8
import torch

RUN_TAG = "epoch0"


@torch.compile
def loss_fn(pred, target):
    loss = ((pred - target) ** 2).mean()
    if RUN_TAG.endswith("9"):  # label[g]
        loss = loss * 2
    return loss


def start_epoch(epoch):
    global RUN_TAG
    RUN_TAG = f"epoch{epoch}"


losses = []
for epoch in range(12):
    start_epoch(epoch)
    losses.append(loss_fn(torch.ones(3), torch.zeros(3)))  # label[g]: ACC505

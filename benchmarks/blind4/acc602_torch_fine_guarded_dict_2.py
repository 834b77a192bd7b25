# source: blind58:acc602_torch_fine_guarded_dict_2
# framework: PyTorch
# label: none
# A torch.compile'd loss reads a module-level dict item that a helper rewrites each epoch:
# Dynamo guards the item it read, so the changed value is seen (and compiled at most twice).
# verify: close(c.losses, e.losses) and 1 <= c.torch['loss_fn'] <= 3
import torch

HPARAMS = {"smoothing": 0.0}


@torch.compile
def loss_fn(logits, target):
    eps = HPARAMS["smoothing"]
    return -(((1 - eps) * target + eps / 3) * torch.log_softmax(logits, -1)).sum()


def schedule(epoch):
    HPARAMS["smoothing"] = 0.1 * epoch


losses = []
for epoch in range(4):
    losses.append(loss_fn(torch.tensor([2.0, 0.0, -1.0]), torch.tensor([1.0, 0.0, 0.0])))
    schedule(epoch + 1)

# source: https://github.com/huggingface/lerobot/pull/729
# framework: PyTorch
# "Optimize pi0 for torch.compile": "Original code use loss.item(), which creates a scalar. Thus,
# if we call torch.compile() on this policy, the computational graph will break, and PyTorch will
# issue a warning regarding performance degradation." The policy's forward returns
# `loss_dict["l2_loss"] = loss.item()` beside the loss. A graph break is slower, not wrong: the
# compiled policy gives the eager losses. Reduced: a linear action head on random batches.
# label: none
# verify: close(c.logged, e.logged)
import torch


class PI0Policy(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.model = torch.nn.Linear(10, 4)

    def forward(self, batch):
        loss_dict = {}
        losses = (self.model(batch["state"]) - batch["action"]) ** 2
        loss = losses.mean()
        loss_dict["l2_loss"] = loss.item()
        return loss, loss_dict


torch.manual_seed(0)
policy = torch.compile(PI0Policy())
logged = []
for _ in range(3):
    batch = {"state": torch.randn(5, 10), "action": torch.randn(5, 4)}
    loss, loss_dict = policy(batch)
    logged.append(loss_dict["l2_loss"])
print(logged)

# source: https://github.com/open-edge-platform/physical-ai-studio/pull/877
# framework: PyTorch
# "avoid torch.compile graph breaks from loss.item()": the policies' `compute_loss()` calls
# `.item()` on the loss inside the call chain of the `torch.compile`-wrapped `forward`, so every
# compiled training step hits a graph break ("Graph break from `Tensor.item()`"). The PR returns
# the detached tensor instead. A graph break costs speed, not correctness: the compiled step
# gives the eager losses and the logged floats, and the graphs are reused across steps. Reduced:
# a linear policy and the loss dict of the PR's before-state, four steps.
# label: none
# verify: close(c.losses, e.losses) and sum(c.torch.values()) <= 4
import torch


class Policy(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(6, 2)

    def compute_loss(self, batch):
        pred = self.net(batch["obs"])
        loss = torch.nn.functional.mse_loss(pred, batch["action"])
        return loss, {"loss": loss.item()}

    def forward(self, batch):
        return self.compute_loss(batch)


torch.manual_seed(0)
policy = Policy()
compiled = torch.compile(policy)
opt = torch.optim.SGD(policy.parameters(), lr=0.1)
losses = []
for step in range(4):
    batch = {"obs": torch.randn(8, 6), "action": torch.randn(8, 2)}
    loss, logs = compiled(batch)
    opt.zero_grad()
    loss.backward()
    opt.step()
    losses.append(logs["loss"])
print(losses)

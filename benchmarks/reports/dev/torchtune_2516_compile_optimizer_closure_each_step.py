# source: https://github.com/meta-pytorch/torchtune/issues/2516
# framework: PyTorch
# label: none
# "Add torch.compile to optimizer.step()": the proposed patch to torchtune's recipe defines
# `optimizer_fn` (step, then `zero_grad(set_to_none=True)`) inside the training loop and calls
# `torch.compile(optimizer_fn)()` on every step, "4 -> 10 tokens per second". Each step makes a
# new function object and a new compiled wrapper, but all share one code object, and Dynamo keys
# its cache on the code object and guards: over twelve steps Dynamo builds two graphs (the
# optimizer's step, for the first step's fresh state and then its steady state) and reuses them. The patch on a small model and SGD with
# momentum in place of the recipe's model and AdamW.
# verify: 0 < sum(c.torch.values()) <= 2 and close(c.weights, e.weights)
import torch

torch.manual_seed(0)
model = torch.nn.Linear(8, 8)
_optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
x = torch.randn(4, 8)

for step in range(12):
    loss = model(x).pow(2).mean()
    loss.backward()

    def optimizer_fn():
        _optimizer.step()
        _optimizer.zero_grad(set_to_none=True)
    torch.compile(optimizer_fn)()

weights = model.weight.detach().clone()
print(weights.sum())

# source: https://github.com/dingo-gw/dingo/pull/407
# framework: PyTorch
# label: none
# "Optional torch.compile and TF32 for training": the review says unfreezing the RB layer at a
# stage boundary flips `requires_grad` on the already compiled network, that Dynamo does not
# guard on a parameter's `requires_grad`, so the graph traced with the layer frozen is reused
# and the layer silently never trains (reproduced by the reviewer on torch 2.9.1 with inductor
# and aot_eager on a bare `nn.Sequential(Linear, Linear)`). Reduced to that bare network: stage
# 0 freezes the first layer, the network is compiled and stepped, stage 1 unfreezes it. On
# torch 2.13 (CPU, both the counting backend and aot_eager) the unfrozen layer gets its gradient
# in the compiled run as in eager: fine today.
# verify: c.unfrozen_grad and e.unfrozen_grad and close(c.first_weight, e.first_weight)
import torch

torch.manual_seed(0)
network = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.Linear(4, 1))
x = torch.randn(8, 4)
compiled = torch.compile(network)

for stage, freeze_rb_layer in enumerate([True, False]):
    for p in network[0].parameters():
        p.requires_grad = not freeze_rb_layer
    optimizer = torch.optim.SGD([p for p in network.parameters() if p.requires_grad], lr=0.1)
    for step in range(2):
        optimizer.zero_grad()
        loss = compiled(x).pow(2).mean()
        loss.backward()
        optimizer.step()

unfrozen_grad = network[0].weight.grad is not None
first_weight = network[0].weight.detach().clone()
print(unfrozen_grad)

# source: https://stevengong.co/notes/Torch-Compile
# framework: PyTorch
# The note reads the flags of `torch.compile(base_model, dynamic=False, fullgraph=True)` from
# the OpenAI challenge's training script: static shapes, and an error instead of a silent graph
# break. With fixed-size batches that is one graph for the whole loop. Fine. A two-layer MLP
# and random batches stand in for the challenge's model and data.
# label: none
# verify: sum(c.torch.values()) == 1 and len(c.losses) == 8
import torch

torch.manual_seed(0)
base_model = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.GELU(), torch.nn.Linear(32, 4))
compiled_model = torch.compile(base_model, dynamic=False, fullgraph=True)
optimizer = torch.optim.SGD(base_model.parameters(), lr=0.1)
losses = []
for step in range(8):
    x, y = torch.rand(8, 16), torch.randint(0, 4, (8,))
    loss = torch.nn.functional.cross_entropy(compiled_model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    losses.append(loss.item())
print(losses)

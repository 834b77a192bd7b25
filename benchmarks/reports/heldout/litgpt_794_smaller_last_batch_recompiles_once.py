# source: https://github.com/Lightning-AI/litgpt/pull/794
# framework: PyTorch
# Label: fine look-alike as to recompiles. Written from the pull request's description (the
# pretraining script is not quoted): without `drop_last=True` the last batch is smaller, "the
# shape [changes] and [triggers] torch to recompile the model's forward pass", and "the
# generated kernels will be less specialized". The recompile happens once, at the first smaller
# batch (the batch dimension then becomes dynamic), not once per epoch. The model and data are
# stand-ins for the TinyLlama pretraining loop; 10 epochs of 3 batches.
# label: none
# verify: c.torch['forward'] <= 2
import torch
from torch.utils.data import DataLoader, TensorDataset


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(32, 16)
        self.head = torch.nn.Linear(16, 32)

    def forward(self, idx):
        return self.head(torch.relu(self.emb(idx)))


model = torch.compile(Block())
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
data = TensorDataset(torch.randint(0, 32, (10, 8)))
train_dataloader = DataLoader(data, batch_size=4, shuffle=True)

num_epochs = 10
for epoch in range(num_epochs):
    for (input_ids,) in train_dataloader:
        logits = model(input_ids[:, :-1])
        loss = torch.nn.functional.cross_entropy(logits.reshape(-1, 32), input_ids[:, 1:].reshape(-1))
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()

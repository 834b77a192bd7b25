# source: https://github.com/meta-pytorch/torchtune/pull/1654
# framework: PyTorch
# "add drop_last to dataloader": with a dataset size that the batch size does not divide, the
# last batch of each epoch has another shape, and the compiled attention model meets it at the
# end of every epoch. The PR drops the ragged batch because flex_attention + compile broke on
# it. Run here with scaled-dot-product attention: the ragged batch costs one recompile (the
# batch dimension becomes dynamic) and the dynamic graph serves every later epoch, ragged batch
# included: two graphs for three epochs. Fine as run; the flex_attention failure itself is not
# reproduced on the CPU build.
# label: none
# verify: sum(c.torch.values()) <= 2 and close(c.losses, e.losses)
import torch
import torch.nn.functional as F


class Attention(torch.nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.qkv = torch.nn.Linear(dim, 3 * dim)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        return F.scaled_dot_product_attention(q, k, v, is_causal=True).sum()


torch.manual_seed(0)
model = Attention()
compiled = torch.compile(model)
data = torch.rand(10, 6, 8)
loader = torch.utils.data.DataLoader(data, batch_size=4, drop_last=False)
losses = []
for epoch in range(3):
    for batch in loader:
        losses.append(float(compiled(batch)))
print(losses[-3:])

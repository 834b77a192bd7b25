# source: https://tech-champion.com/machine-learning/pytorch-2-6-torch-compile-graph-breaks-with-dynamic-shape-tensors
# framework: PyTorch
# The article: in retrieval-augmented LLM training the sequence length changes with every
# batch, a guard asserting the shape (B, T, D) fails when T changes, and "every batch appears
# unique to the compiler": tracing, guard invalidation and recompilation in a loop, slower than
# eager. Run on torch 2.13 with the default settings: the second length marks T dynamic and the
# dynamic graph serves every later length, two graphs for eight lengths. Fine as run. A small
# transformer block stands in for the LLM.
# label: none
# verify: sum(c.torch.values()) <= 2 and close(c.losses, e.losses)
import torch

torch.manual_seed(0)
block = torch.nn.TransformerEncoderLayer(d_model=16, nhead=2, dim_feedforward=32, batch_first=True)
block.eval()
compiled_block = torch.compile(block)
losses = []
with torch.no_grad():
    for seq_len in (37, 52, 41, 64, 29, 58, 33, 47):  # token counts of retrieved contexts
        batch = torch.rand(4, seq_len, 16)
        losses.append(float(compiled_block(batch).pow(2).mean()))
print(losses)

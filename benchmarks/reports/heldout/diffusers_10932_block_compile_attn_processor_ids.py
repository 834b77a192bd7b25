# source: https://github.com/huggingface/diffusers/issues/10932
# framework: PyTorch
# label: none
# "HunyuanVideo pipe.transformer.compile(): torch._dynamo hit config.recompile_limit (8)": the
# recompile log shows the transformer block's `forward` recompiling once per block, each time on
# `___check_obj_id(L['self']._modules['attn'].processor, ...)`: every block owns its own attention
# processor object, all blocks share one `forward` code object, and Dynamo guards on the processor's
# identity. Reduced to a stack of identical blocks, each with an `Attention` holding a processor
# instance, compiled block by block as the log's frames show (the video model, text encoder and
# pipeline left out). On torch 2.13 the twelve blocks share one graph (the processor objects,
# stateless instances of one class, are no longer guarded by identity): fine today.
# verify: c.torch['forward'] == 1 and close(c.result, e.result)
import torch
import torch.nn.functional as F


class AttnProcessor2_0:
    def __call__(self, attn, hidden_states):
        q, k, v = attn.to_q(hidden_states), attn.to_k(hidden_states), attn.to_v(hidden_states)
        return attn.to_out(F.scaled_dot_product_attention(q, k, v))


class Attention(torch.nn.Module):
    def __init__(self, dim, processor):
        super().__init__()
        self.to_q = torch.nn.Linear(dim, dim)
        self.to_k = torch.nn.Linear(dim, dim)
        self.to_v = torch.nn.Linear(dim, dim)
        self.to_out = torch.nn.Linear(dim, dim)
        self.processor = processor

    def forward(self, hidden_states):
        return self.processor(self, hidden_states)


class HunyuanVideoTransformerBlock(torch.nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = torch.nn.LayerNorm(dim)
        self.attn = Attention(dim, processor=AttnProcessor2_0())

    def forward(self, hidden_states):
        return hidden_states + self.attn(self.norm(hidden_states))


torch.manual_seed(0)
blocks = torch.nn.ModuleList([HunyuanVideoTransformerBlock(16) for _ in range(12)])
for block in blocks:
    block.compile()
x = torch.randn(1, 8, 16)
with torch.no_grad():
    for block in blocks:
        x = block(x)
result = x
print(result.sum())

# source: https://github.com/huggingface/transformers/issues/4347
# framework: PyTorch
# "TracerWarning on modeling_gpt2.py:147 when using Torchscript": tracing GPT-2 warns
# "Converting a tensor to a Python index might cause the trace to be incorrect" at
# `mask = self.bias[:, :, ns - nd : ns, :ns]`, where `nd, ns = w.size(-2), w.size(-1)` (transformers
# 2.9). Asked whether to worry. Reduced: the attention's causal-mask slice on a (1, 1, 50, 50)
# score matrix, traced on 6 tokens and called on 4 tokens. Run on torch 2.13 the traced slice
# follows the new sizes (no warning, the sizes are recorded as `aten::size`): the masked scores
# match eager. Fine as run.
# label: none
# verify: close(c.traced_out, c.eager_out)
import torch


class Attention(torch.nn.Module):
    def __init__(self, n_ctx=50):
        super().__init__()
        self.register_buffer("bias", torch.tril(torch.ones(n_ctx, n_ctx)).view(1, 1, n_ctx, n_ctx))

    def forward(self, q, k):
        w = torch.matmul(q, k.transpose(-1, -2))
        nd, ns = w.size(-2), w.size(-1)
        mask = self.bias[:, :, ns - nd : ns, :ns]
        return w * mask - 1e4 * (1 - mask)


torch.manual_seed(0)
attn = Attention()
traced = torch.jit.trace(attn, (torch.randn(1, 1, 6, 8), torch.randn(1, 1, 6, 8)))
q, k = torch.randn(1, 1, 4, 8), torch.randn(1, 1, 4, 8)
traced_out, eager_out = traced(q, k), attn(q, k)
print(traced_out.shape)

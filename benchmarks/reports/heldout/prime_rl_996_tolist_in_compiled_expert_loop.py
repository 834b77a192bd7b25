# source: https://github.com/PrimeIntellect-ai/prime-rl/issues/996
# framework: PyTorch
# Compiling the MoE layer broke its graph at `num_tokens_per_expert.tolist()` in
# `_run_experts_for_loop` (the log's frame): `tolist()` of a tensor is data-dependent, so Dynamo
# splits the function there. Reduced from the log's lines to the expert loop: the weights are
# small random tensors, two experts. The break shows as a resumed frame in the graph count
# (the graph before `tolist` is empty).
# verify: any(name.startswith('torch_dynamo_resume') for name in c.torch)
import torch


def _run_experts_for_loop(w1, w2, x, num_tokens_per_expert):
    num_tokens_per_expert = num_tokens_per_expert.tolist()  # label: ACC3
    x = torch.split(x, num_tokens_per_expert, dim=0)
    out = []
    for expert_idx, x_expert in enumerate(x):
        h = torch.relu(x_expert @ w1[expert_idx])
        out.append(h @ w2[expert_idx])
    return torch.cat(out, dim=0)


run = torch.compile(_run_experts_for_loop)
w1 = torch.randn(2, 4, 8)
w2 = torch.randn(2, 8, 4)
x = torch.randn(6, 4)
out = run(w1, w2, x, torch.tensor([2, 4], dtype=torch.int32))

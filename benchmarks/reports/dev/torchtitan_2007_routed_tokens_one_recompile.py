# source: https://github.com/pytorch/torchtitan/pull/2007
# framework: PyTorch
# Label: fine look-alike as to recompiles. Written from the pull request's description (the diff
# is not stored): the tokens routed to the experts differ in number on every step; without a
# mark the first compile specialises on the first count, the second count recompiles with a
# dynamic size, and later counts reuse that graph, so marking the input dynamic "saves 1
# recompile". The grouped experts are a stand-in (one weight per expert, tokens already sorted
# by expert); ten steps with a different routed-token count each.
# label: none
# verify: c.torch['forward'] <= 2
import torch


class GroupedExperts(torch.nn.Module):
    def __init__(self, dim=8, num_experts=4):
        super().__init__()
        self.w1 = torch.nn.Parameter(torch.randn(num_experts, dim, dim) * 0.1)

    def forward(self, x, expert_ids):
        return torch.einsum("td,tdh->th", x, self.w1[expert_ids])


experts = torch.compile(GroupedExperts())
for step in range(10):
    num_routed = 16 + 3 * step
    x = torch.randn(num_routed, 8)
    expert_ids = torch.randint(0, 4, (num_routed,))
    out = experts(x, expert_ids)

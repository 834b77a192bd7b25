# source: https://github.com/pytorch/pytorch/issues/141616
# framework: PyTorch
# "Clarify that compile(module) only affects the forward method": `optimized.inverse(x)` on a
# compiled `Flow` silently does not compile ("No compilation until here"); only `forward` is
# compiled on first call. A documentation issue: `inverse` runs eagerly and gives the same
# values as the original module, so nothing is wrong but the speed. The report's example on CPU.
# label: none
# verify: c.same_inverse and close(c.y, e.y) and c.torch['forward'] == 1
import torch
from torch import Tensor, nn


class Flow(nn.Module):
    def forward(self, x: Tensor) -> Tensor:
        return x + 1.0

    def inverse(self, x: Tensor) -> Tensor:
        return x - 1.0


m = Flow()
optimized: Flow = torch.compile(m)  # type: ignore

x = torch.rand(1, 2, 3, 4, generator=torch.Generator().manual_seed(0))
y1 = m.inverse(x)
y2 = optimized.inverse(x)
same_inverse = torch.equal(y1, y2)
print("No compilation until here.")
y = optimized(x)  # <- triggers compilation of `forward`

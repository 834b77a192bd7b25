# source: https://github.com/pytorch/pytorch/issues/33034
# framework: PyTorch
# "Scripting fails to preserve attribute aliasing": `self.b = self.a` makes two names for one
# Python list, `forward` adds 10 to `self.b[1]` and returns `self.a`. Eagerly the change shows
# through `self.a` ([1, 12, 3, ...]); `torch.jit.script` copies each list attribute into the
# ScriptModule separately, so the scripted forward mutates its own copy and returns the
# unchanged `a` ([1, 2, 3, ...]). The maintainers point to other reports of the same aliasing
# loss. The test, as a script (torch.jit.script still runs on 2.13, with a deprecation
# warning).
# verify: c.scripted_out == [1, 2, 3, 4, 5, 6] and c.expected == [1, 12, 3, 4, 5, 6]
import torch


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = [1, 2, 3, 4, 5, 6]
        self.b = self.a

    def forward(self, x):
        self.b[1] += 10  # label: ACC4
        return self.a


m = M()
m_s = torch.jit.script(m)
m_s.eval()
inp = torch.tensor([5])
scripted_out = list(m_s.forward(inp))
expected = list(m.forward(inp))
print("expected:", expected, "out", scripted_out)

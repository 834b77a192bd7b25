# spelling: framework=torch what=identity who=method order=after
# label: fine (compiled prints 2.0 2.0; eager prints 2.0 2.0)
import torch

X = torch.tensor(1.0)


class Holder:
    def __init__(self):
        self.left = object()
        self.right = object()
        self.current = self.left

    def switch(self):
        self.current = self.right if self.current is self.left else self.left


H = Holder()


@torch.compile
def f(x, h):
    return x * (2.0 if h.current is h.left else 3.0)  # read


print(float(f(X, H)))
print(float(f(X, H)))
H.switch()

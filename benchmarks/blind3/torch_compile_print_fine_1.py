# source: blind57:torch_compile_print_fine_1
# framework: PyTorch
# label: none
# The same stats print in a forward compiled with torch.compile: Dynamo breaks the graph at
# the print and runs it on every call.
# verify: c.out.count("act mean") == c.requests
import torch
from torch import nn


def log_stats(name, t):
    print(f"{name} act mean {t.mean().item():.3f}")


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 8)
        self.head = nn.Linear(8, 2)

    def forward(self, x):
        h = torch.relu(self.body(x))
        log_stats("body", h)
        return self.head(h)


class Service:
    def __init__(self, model):
        self.model = torch.compile(model)

    def handle(self, request):
        with torch.no_grad():
            return self.model(request).argmax(-1)


def serve(n):
    torch.manual_seed(0)
    service = Service(Classifier())
    return [service.handle(torch.randn(1, 4)) for _ in range(n)], n


answers, requests = serve(6)

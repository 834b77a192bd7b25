# source: blind57:torch_trace_print_1
# framework: PyTorch
# A debugging helper prints activation statistics from the forward; the model is exported
# with torch.jit.trace and the exported module is what the serving loop calls, so the
# print ran only while tracing, never per request.
# verify: c.out.count("act mean") < c.requests
import torch
from torch import nn


def log_stats(name, t):
    print(f"{name} act mean {t.mean().item():.3f}")  # label: ACC4


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
    def __init__(self, model, example):
        self.model = torch.jit.trace(model, example, check_trace=False)

    def handle(self, request):
        return self.model(request).argmax(-1)


def serve(n):
    torch.manual_seed(0)
    service = Service(Classifier(), torch.ones(1, 4))
    return [service.handle(torch.randn(1, 4)) for _ in range(n)], n


answers, requests = serve(6)

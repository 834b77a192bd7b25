# source: blind56:torch_trace_call_counter_1
# framework: PyTorch
# A module counts how many samples it has processed in a Python attribute inside `forward`,
# for a throughput report. Exported with torch.jit.trace, the count is bumped while tracing
# only: the report after 10 served batches still shows the tracing calls.
# verify: c.served == 10 and c.model.samples_seen < 10 * 2
import torch
from torch import nn


class CountingClassifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 2)
        self.samples_seen = 0

    def forward(self, x):
        self.samples_seen += x.shape[0]  # label: ACC4
        return self.fc(x)


class InferenceService:
    def __init__(self, model):
        self.model = model
        self.runner = torch.jit.trace(model, torch.ones(2, 3))
        self.served = 0

    def serve(self, batch):
        self.served += 1
        return self.runner(batch)


def report(model):
    return {"samples": model.samples_seen}


model = CountingClassifier()
service = InferenceService(model)
for _ in range(10):
    service.serve(torch.ones(2, 3))
served = service.served
stats = report(model)

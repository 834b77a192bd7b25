# source: https://www.scoding.kr/2026/01/how-to-fix-torchcompile-performance.html
# framework: PyTorch
# A blog post on torch.compile slowdowns: `print(f"Shape: {x.shape}")` inside a compiled
# module's forward makes Dynamo stop the graph there (a graph break), so the model runs as two
# compiled pieces with Python in between. The run counts the graphs Dynamo builds for one call.
# verify: c.graphs >= 2
import torch
import torch.nn as nn


class MyModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(128, 128)

    def forward(self, x):
        x = self.linear(x)
        print(f"Shape: {x.shape}")  # This causes a graph break!  # label: ACC4
        return x.relu()


model = MyModel()
compiled_model = torch.compile(model)
x = torch.randn(32, 128)
import torch._dynamo

explanation = torch._dynamo.explain(model)(x)
graphs = explanation.graph_count
output = compiled_model(x)
print(graphs, explanation.graph_break_count)

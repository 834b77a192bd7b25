# source: https://www.scoding.kr/2026/01/how-to-fix-torchcompile-performance.html
# framework: PyTorch
# A blog post on torch.compile slowdowns: `print(f"Shape: {x.shape}")` inside a compiled
# module's forward makes Dynamo stop the graph there (a graph break), so the model runs as two
# compiled pieces with Python in between. The run counts the graphs Dynamo builds for one call.
# Label: fine look-alike at the default strictness. A graph break whose results equal eager's
# (the print runs on every call, the output equals the eager twin's) is a performance finding,
# reported only with `--strictness pedantic` (the project's policy since stop 51:
# acclint/frameworks/torch_compile.toml `[breaks]`), so it is no hazard label here.
# label: none
# verify: c.graphs >= 2 and close(c.output, e.output) and c.out.count("Shape:") == e.out.count("Shape:")
import torch
import torch.nn as nn


class MyModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(128, 128)

    def forward(self, x):
        x = self.linear(x)
        print(f"Shape: {x.shape}")  # This causes a graph break!
        return x.relu()


torch.manual_seed(0)  # added: the compiled and eager runs build the same weights and inputs
model = MyModel()
compiled_model = torch.compile(model)
x = torch.randn(32, 128)
import torch._dynamo

explanation = torch._dynamo.explain(model)(x)
graphs = explanation.graph_count
output = compiled_model(x)
print(graphs, explanation.graph_break_count)

# source: https://github.com/pytorch/pytorch/issues/158642
# `.item()` in a compiled function breaks the graph. The report compiled with fullgraph=True,
# where it raised on the torch of the report; on torch 2.13 fullgraph=True captures the scalar
# and compiles (benchmarks/framework_runs.py fullgraph_item, also with inductor), so that
# spelling is no hazard any more and acclint does not report it: this file keeps the report's
# hazard under the default fullgraph=False (framework_runs.py compile_item: 1 graph break).
import torch


@torch.compile
def scale(x):
    n = x.sum().item()  # expect: ACC303
    return x / n

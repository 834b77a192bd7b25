# source: https://github.com/deepspeedai/DeepSpeed/pull/6541
# framework: PyTorch
# DeepSpeed's "reduce setting global variables to reduce torch compile graph breaks": the
# activation-checkpointing code sets module globals during training (data shared between
# functions, "first call" flags), which made Dynamo break the graph (2024). Reduced: a compiled
# checkpointed step that sets a global first-call flag and a global buffer. The run counts the
# graphs Dynamo builds for one call and compares the globals with the eager run. On torch 2.13
# Dynamo replays the global writes after the graph: one graph, the globals as eagerly. Fine.
# label: none
# verify: c.graphs == 1 and c.first_call_done == e.first_call_done
import torch
import torch._dynamo

_first_call = True
first_call_done = False
_saved_shape = None


def checkpoint_step(x, w):
    global _first_call, first_call_done, _saved_shape
    if _first_call:
        _first_call = False
        first_call_done = True
    _saved_shape = x.shape[0]
    return torch.tanh(x @ w)


x = torch.randn(4, 8)
w = torch.randn(8, 8)
graphs = torch._dynamo.explain(checkpoint_step)(x, w).graph_count
_first_call = True
first_call_done = False
compiled = torch.compile(checkpoint_step)
out = compiled(x, w)
print(graphs, first_call_done)

# source: https://github.com/sgl-project/SpecForge/pull/222
# framework: PyTorch
# SpecForge's "Fix Graph break from `Tensor.item()`" when training Eagle3: the accuracy metric
# `(... ).sum().item() / (loss_mask.sum().item() + 1e-6)` was computed inside the compiled
# forward, and Dynamo broke the graph there (the warning suggests capture_scalar_outputs). The
# run counts the graphs of one call.
# verify: c.graphs >= 2
import torch
import torch._dynamo


def _compute_metric_acc(logits, target_p, position_mask, loss_mask):
    return (
        (logits.argmax(-1) == target_p.argmax(-1)) * position_mask.squeeze(-1)
    ).sum().item() / (loss_mask.sum().item() + 1e-6)  # label: ACC3


def forward(hidden, head, target_p, position_mask, loss_mask):
    logits = hidden @ head
    loss = torch.nn.functional.cross_entropy(logits.flatten(0, 1), target_p.flatten(0, 1))
    acc = _compute_metric_acc(logits, target_p, position_mask, loss_mask)
    return loss, acc


args = (torch.randn(2, 5, 8), torch.randn(8, 6), torch.softmax(torch.randn(2, 5, 6), -1),
        torch.ones(2, 5, 1), torch.ones(2, 5))
graphs = torch._dynamo.explain(forward)(*args).graph_count
loss, acc = torch.compile(forward)(*args)
print(graphs, acc)

# source: https://github.com/kornia/kornia/pull/3793
# framework: PyTorch
# "torch.compile-safe batch-prob gate": every kornia augmentation graph-breaks at
# `if batch_prob.sum() == 1:` in the shared `__batch_prob_generator__`, a branch on a tensor
# value; the PR keeps the branch eagerly and uses a branchless product under compile. The
# graph break costs speed only: torch.compile runs the branch eagerly and the result matches.
# Reduced: the gate of the base class before the PR, compiled, for a selected and an unselected
# batch.
# label: none
# verify: close(c.results, e.results)
import torch


def batch_prob_generator(batch_prob, elem_prob):
    if batch_prob.sum() == 1:
        return elem_prob
    return torch.zeros_like(elem_prob)


gate = torch.compile(batch_prob_generator)
elem_prob = torch.tensor([0.2, 0.9, 0.5, 0.7])
results = [gate(torch.tensor([1.0]), elem_prob), gate(torch.tensor([0.0]), elem_prob), gate(torch.tensor([1.0]), elem_prob)]
print(results)

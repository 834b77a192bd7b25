# source: https://github.com/pytorch/pytorch/issues/12780
# framework: PyTorch
# label: none
# "[pytorch/jit] all lists get merged during tracing": a `@torch.jit.script` function appends
# the rows of a tensor to a list and stacks them; in the 2018 release the second call returned
# a 1-row tensor (lists merged across calls), unlike `PYTORCH_JIT=0`. On torch 2.13 the scripted
# function builds a fresh list on every call and returns the same rows as the Python function
# for three chained calls: fine today.
# verify: c.shapes == [[4, 2], [4, 2], [4, 2]] and close(c.outputs, c.expected)
import torch
from torch.jit import script


@script
def update_tensor(tensor):
    tensor_prime = []
    for i in range(len(tensor)):
        n = tensor[i]
        tensor_prime.append(n)
    nodes_prime = torch.stack(tensor_prime)
    return nodes_prime


def main():
    tensor = torch.FloatTensor(4, 2).random_(0, 100)
    outputs, shapes = [], []
    expected = []
    for i in range(3):
        expected.append(tensor.clone())
        tensor = update_tensor(tensor)
        outputs.append(tensor.clone())
        shapes.append(list(tensor.shape))
    return outputs, shapes, expected


outputs, shapes, expected = main()
print(shapes)

# source: https://github.com/pytorch/functorch/issues/1046
# framework: PyTorch
# Under `make_fx`, `update` rebuilds the weights with `torch.tensor(list(map(...)))`: iterating
# a traced tensor into Python numbers bakes the values of the example arguments into the graph,
# so calling the graph with new weights returns the old update. (`torch.func.grad` and
# `make_fx` from torch, where functorch's now live.)
# verify: close(c.again[0], c.first[0])
import torch
from torch.func import grad as functorch_grad
from torch.fx.experimental.proxy_tensor import make_fx


def forward(w, b, X):
    return torch.matmul(X, w) + b


def loss_fn(w, b, X, y):
    err = forward(w, b, X) - y
    return torch.mean(torch.square(err))


grad_fn = functorch_grad(loss_fn, argnums=(0, 1))


def update(w, b, grad_w, grad_b):
    updated_w = torch.tensor(list(map(lambda x: x[0] - 0.05 * x[1], zip(w, grad_w))))  # label: ACC3
    updated_b = torch.tensor(b - 0.05 * grad_b)
    return updated_w, updated_b


def train(w, b, X, y):
    grad_w, grad_b = grad_fn(w, b, X, y)
    return update(w, b, grad_w, grad_b)


dummy_args = (torch.tensor([1.0, 2.0, 3.0]), torch.tensor(1.0), torch.tensor([[1.0, 1.0, 1.0]]), torch.tensor([1.0]))
graph = make_fx(train)(*dummy_args)
first = graph(*dummy_args)
again = graph(torch.tensor([10.0, 10.0, 10.0]), *dummy_args[1:])

# source: https://github.com/cornellius-gp/gpytorch/issues/1803
# framework: PyTorch
# "JIT compile for ExactGP fails with TracingCheckError for 500+ observations": tracing an
# ExactGP's predictive mean logs TracerWarnings at gpytorch's Python branches on sizes (`if
# res.shape != expected_shape`, the size checks in broadcasting) - the inference path gpytorch
# takes depends on the number of observations (Cholesky for small systems, an iterative solver
# past a size setting), and the trace keeps the branch of the example's size. Reduced to that
# choice (a made-up threshold of 500, a few conjugate-gradient steps past it): traced with 100
# points, the traced model takes the exact path for 600 points, where eager takes the iterative
# one, and their results differ.
# verify: not close(c.traced_mean, c.eager_mean) and c.same_size_ok
import warnings

import torch

warnings.simplefilter("ignore")
MAX_CHOLESKY_SIZE = 500


def rbf(a, b):
    return torch.exp(-0.5 * torch.cdist(a, b) ** 2)


def cg_solve(K, y, steps=3):
    x = torch.zeros_like(y)
    r = y - K @ x
    p = r
    for _ in range(steps):
        Kp = K @ p
        alpha = (r * r).sum() / (p * Kp).sum()
        x = x + alpha * p
        r_new = r - alpha * Kp
        p = r_new + ((r_new * r_new).sum() / (r * r).sum()) * p
        r = r_new
    return x


def predictive_mean(train_x, train_y, test_x):
    K = rbf(train_x, train_x) + 0.1 * torch.eye(train_x.shape[0])
    if train_x.shape[0] <= MAX_CHOLESKY_SIZE:  # label: ACC2
        alpha = torch.cholesky_solve(train_y[:, None], torch.linalg.cholesky(K))[:, 0]
    else:
        alpha = cg_solve(K, train_y)
    return rbf(test_x, train_x) @ alpha


torch.manual_seed(0)
test_x = torch.linspace(0, 1, 5)[:, None]
x100 = torch.rand(100, 1)
traced = torch.jit.trace(predictive_mean, (x100, torch.sin(6 * x100[:, 0]), test_x), check_trace=False)
same_size_ok = torch.allclose(traced(x100, torch.sin(6 * x100[:, 0]), test_x), predictive_mean(x100, torch.sin(6 * x100[:, 0]), test_x))
x600 = torch.rand(600, 1)
y600 = torch.sin(6 * x600[:, 0])
eager_mean = predictive_mean(x600, y600, test_x)
traced_mean = traced(x600, y600, test_x)
print(eager_mean, traced_mean)

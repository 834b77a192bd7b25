# source: blind56:torch_static_int_arg_2
# framework: PyTorch
# A Monte-Carlo estimate takes the number of samples as a Python int, and the compiled
# function is built by a factory with `dynamic=False`. An adaptive schedule asks for more
# samples every epoch: each new count is a specialised constant and a recompile.
# verify: c.torch['mc_estimate'] >= 8
import torch


def make_estimator(static_shapes=True):
    def mc_estimate(mean, std, n_samples):
        eps = torch.linspace(-1.0, 1.0, n_samples)
        return (mean + std * eps[:, None]).pow(2).mean(0)

    return torch.compile(mc_estimate, dynamic=not static_shapes)  # label[a]


def samples_for_epoch(epoch, base=16):
    return base + 4 * epoch


def run(epochs=10):
    estimate = make_estimator()
    mean, std = torch.zeros(3), torch.ones(3)
    history = []
    for epoch in range(epochs):
        history.append(estimate(mean, std, samples_for_epoch(epoch)))  # label[a]: ACC5
    return history


history = run()

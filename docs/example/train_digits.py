"""A MATLAB custom training loop, ported: a small CNN on scikit-learn's 8x8 digits.

The loop is MATLAB's "Train Network Using Custom Training Loop" example, spelled for
``acclint.runtime``: ``dlnetwork`` with batch normalisation, pooling and dropout, a
``model_loss`` returning ``[loss, gradients, state]``, ``dlfeval`` of its ``dlaccelerate``d
version, ``adamupdate``, and ``predict`` for the test accuracy. The data are scikit-learn's
bundled digits (1797 images of 8x8 pixels, no download).

Run (about a minute on a 2-core CPU)::

    python docs/example/train_digits.py            # full run, then eager steps for comparison
    python docs/example/train_digits.py --epochs 2

It prints the test accuracy, the time per training step accelerated and eager, and the hit
rate of the accelerated model-loss function's trace cache.
"""

import argparse
import time

import numpy as np
from sklearn.datasets import load_digits
from sklearn.model_selection import train_test_split

from acclint.runtime import (BatchNormalizationLayer, Convolution2DLayer, DropoutLayer,
                             FullyConnectedLayer, ImageInputLayer, MaxPooling2DLayer, ReLULayer,
                             SoftmaxLayer, adamupdate, crossentropy, dlaccelerate, dlarray,
                             dlfeval, dlgradient, dlnetwork, forward, onehotdecode, onehotencode,
                             predict, rng)

CLASSES = np.arange(10)


def load_data(seed=0):
    """Images as ``8 x 8 x 1 x N`` ("SSCB") in [0, 1] and labels, split 75/25, stratified."""
    digits = load_digits()
    images = (digits.images / 16.0).astype(np.float32)
    train_x, test_x, train_y, test_y = train_test_split(
        images, digits.target, test_size=0.25, random_state=seed, stratify=digits.target)

    def sscb(x):
        return np.transpose(x, (1, 2, 0))[:, :, None, :]

    return sscb(train_x), train_y, sscb(test_x), test_y


def build_network(acceleration="auto"):
    layers = [
        ImageInputLayer((8, 8, 1), normalization="none"),
        Convolution2DLayer(3, 16, padding="same"), BatchNormalizationLayer(), ReLULayer(),
        MaxPooling2DLayer(2, stride=2),
        Convolution2DLayer(3, 32, padding="same"), BatchNormalizationLayer(), ReLULayer(),
        DropoutLayer(0.25),
        FullyConnectedLayer(10), SoftmaxLayer(),
    ]
    return dlnetwork(layers, acceleration=acceleration)


def model_loss(net, X, T):
    """MATLAB's ``[loss, gradients, state] = modelLoss(net, X, T)``."""
    Y, state = forward(net, X)
    loss = crossentropy(Y, T)
    gradients = dlgradient(loss, net.learnables)
    return loss, gradients, state


def batches(x, y, batch_size, generator):
    """Shuffled full mini-batches (a partial last batch is dropped: MATLAB's
    ``minibatchqueue(..., PartialMiniBatch="discard")``), as dlarrays."""
    order = generator.permutation(x.shape[-1])
    for start in range(0, len(order) - batch_size + 1, batch_size):
        chosen = order[start:start + batch_size]
        yield (dlarray(x[..., chosen], "SSCB"),
               onehotencode(y[chosen], 0, classes=CLASSES, fmt="CB"))


def accuracy(net, x, y):
    scores = predict(net, dlarray(x, "SSCB"))
    return float(np.mean(onehotdecode(scores, CLASSES, 0) == y))


def train(epochs=15, batch_size=64, learn_rate=0.01, accelerate=True, max_steps=None, seed=0,
          warmup_steps=5):
    """Train from a fixed seed; returns the network, the test accuracy, the mean seconds per
    step after the first ``warmup_steps`` (which build the trace and compile the primitives)
    and the model-loss function (an ``AcceleratedFunction`` when accelerated)."""
    rng(seed)
    generator = np.random.default_rng(seed)
    train_x, train_y, test_x, test_y = load_data(seed)
    net = build_network("auto" if accelerate else "none")
    loss_fn = dlaccelerate(model_loss) if accelerate else model_loss
    average_grad = average_sq_grad = None
    iteration, timed, seconds = 0, 0, 0.0
    for _ in range(epochs):
        for X, T in batches(train_x, train_y, batch_size, generator):
            iteration += 1
            start = time.perf_counter()
            loss, gradients, state = dlfeval(loss_fn, net, X, T)
            net.state = state
            net, average_grad, average_sq_grad = adamupdate(
                net, gradients, average_grad, average_sq_grad, iteration, learn_rate)
            float(loss)  # wait for the step (JAX dispatches asynchronously)
            if iteration > warmup_steps:
                seconds += time.perf_counter() - start
                timed += 1
            if max_steps is not None and iteration >= max_steps:
                break
        if max_steps is not None and iteration >= max_steps:
            break
    return {"net": net, "accuracy": accuracy(net, test_x, test_y),
            "seconds_per_step": seconds / max(timed, 1), "steps": iteration,
            "loss_function": loss_fn}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=15)
    parser.add_argument("--eager-steps", type=int, default=15,
                        help="steps of the eager loop timed for comparison (0: skip)")
    options = parser.parse_args()
    start = time.perf_counter()
    result = train(options.epochs)
    total = time.perf_counter() - start
    acc = result["loss_function"]
    print(f"accelerated: {result['steps']} steps in {total:.1f} s, test accuracy "
          f"{100 * result['accuracy']:.1f}%, {1e3 * result['seconds_per_step']:.2f} ms/step, "
          f"model-loss cache hit rate {acc.hit_rate:.1f}% "
          f"({round(acc.occupancy * acc.cache_size / 100)} trace)")
    if options.eager_steps:
        eager = train(options.epochs, accelerate=False, max_steps=options.eager_steps + 5)
        speedup = eager["seconds_per_step"] / result["seconds_per_step"]
        print(f"eager: {1e3 * eager['seconds_per_step']:.2f} ms/step over "
              f"{options.eager_steps} steps (accelerated is {speedup:.1f}x faster)")


if __name__ == "__main__":
    main()

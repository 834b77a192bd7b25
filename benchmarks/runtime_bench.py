"""Speed of the runtime against hand-written JAX, on one model-loss step and one tiny function.

Model: conv 3x3x8 (same) - relu - conv 3x3x8 (same) - relu - fully connected 10 - softmax -
cross-entropy, on a 28x28x1x128 "SSCB" batch, gradients of all learnables. Compared, in one
process, each as the median over several repeats:

- eager ``dlfeval`` (network acceleration off) vs JAX's own op-by-op
  ``jax.value_and_grad`` without ``jit`` (target: <= 2x);
- ``dlfeval`` of the ``dlaccelerate``d loss vs a hand-written
  ``jax.jit(jax.value_and_grad(...))`` of the same model (target: <= 1.25x);
- a cache hit of a tiny accelerated function vs a raw ``jax.jit`` call (target: <= 1.5x);
- a batch-normalised network (conv 3x3x8 - batch norm - relu - max pool 2 - fully connected
  10 - softmax - cross-entropy, returning the new running statistics as MATLAB's
  ``[loss, gradients, state]``): ``dlfeval`` of the accelerated loss vs hand-written
  ``jax.jit(jax.value_and_grad(..., has_aux=True))`` (target: <= 1.25x);
- accelerated vs eager (the CNN step, and the tiny function run op by op), and the cost of
  building a trace (first call of a fresh function).

The machine may be shared, so the candidates are measured round-robin (each round times every
candidate once) and the medians are compared: slow phases of the machine hit all of them.

Run: ``python benchmarks/runtime_bench.py [--repeats N] [--tiny | --overhead]``; ``--tiny``
measures only the tiny function (the cache-hit cost, a few seconds), which is what a
before/after comparison of the hit path needs: run it alternately on the two checkouts.
``--overhead`` measures only the two accelerated-vs-jitted pairs on an 8x8x1x2 batch, where the
compiled step costs little and the runtime's per-call host work is most of the time (what a GPU
sees at the full batch; see docs/runtime.md "On a GPU").
"""

import argparse
import statistics
import time

import jax
import jax.numpy as jnp
import numpy as np

import acclint.runtime as rt


def _block(tree):
    for leaf in jax.tree_util.tree_leaves(tree):
        getattr(leaf, "block_until_ready", lambda: None)()
    return tree


def measure(candidates, repeats):
    """Median seconds per call of each ``name: (step, inner)``, measured round-robin."""
    samples = {name: [] for name in candidates}
    for step, _ in candidates.values():
        _block(step())
    for _ in range(repeats):
        for name, (step, inner) in candidates.items():
            start = time.perf_counter()
            for _ in range(inner):
                out = step()
            _block(out)
            samples[name].append((time.perf_counter() - start) / inner)
    return {name: statistics.median(values) for name, values in samples.items()}


def runtime_model(X):
    layers = [rt.Convolution2DLayer(3, 8, padding="same"), rt.ReLULayer(),
              rt.Convolution2DLayer(3, 8, padding="same"), rt.ReLULayer(),
              rt.FullyConnectedLayer(10), rt.SoftmaxLayer()]
    return layers


def model_loss(net, X, T):
    Y, _ = rt.forward(net, X)
    loss = rt.crossentropy(Y, T)
    return loss, rt.dlgradient(loss, net.learnables)


def at_the_runtimes_precision(loss):
    """``loss`` with its products and convolutions at full precision, as the runtime computes
    them (runtime/primitive.py): on a GPU, JAX's default would compare the runtime against
    TensorFloat-32 arithmetic, less work and other numbers. A CPU computes the same either way."""

    def full(*args):
        with jax.default_matmul_precision("highest"):
            return loss(*args)

    return full


@at_the_runtimes_precision
def jax_loss(params, x, t):
    """The same model written directly in JAX (MATLAB layout: HWCN images, HWIO filters)."""
    (w1, b1), (w2, b2), (w3, b3) = params
    dn = ("HWCN", "HWIO", "HWCN")
    h = jax.lax.conv_general_dilated(x, w1, (1, 1), "SAME", dimension_numbers=dn)
    h = jax.nn.relu(h + b1.reshape(1, 1, -1, 1))
    h = jax.lax.conv_general_dilated(h, w2, (1, 1), "SAME", dimension_numbers=dn)
    h = jax.nn.relu(h + b2.reshape(1, 1, -1, 1))
    logits = w3 @ h.reshape(-1, h.shape[-1]) + b3.reshape(-1, 1)
    y = jax.nn.softmax(logits, axis=0)
    return -jnp.sum(t * jnp.log(jnp.maximum(y, jnp.finfo(y.dtype).tiny))) / x.shape[-1]


def bn_layers():
    return [rt.Convolution2DLayer(3, 8, padding="same"), rt.BatchNormalizationLayer(),
            rt.ReLULayer(), rt.MaxPooling2DLayer(2, stride=2), rt.FullyConnectedLayer(10),
            rt.SoftmaxLayer()]


def bn_model_loss(net, X, T):
    Y, state = rt.forward(net, X)
    loss = rt.crossentropy(Y, T)
    return loss, rt.dlgradient(loss, net.learnables), state


@at_the_runtimes_precision
def jax_bn_loss(params, stats, x, t):
    """The batch-norm model in JAX; returns the loss and the new running statistics."""
    w1, b1, offset, scale, w2, b2 = params
    mean, var = stats
    h = jax.lax.conv_general_dilated(x, w1, (1, 1), "SAME",
                                     dimension_numbers=("HWCN", "HWIO", "HWCN"))
    h = h + b1.reshape(1, 1, -1, 1)
    mu, sigma_sq = h.mean(axis=(0, 1, 3)), h.var(axis=(0, 1, 3))
    h = (h - mu.reshape(1, 1, -1, 1)) / jnp.sqrt(sigma_sq.reshape(1, 1, -1, 1) + 1e-5)
    h = jax.nn.relu(scale.reshape(1, 1, -1, 1) * h + offset.reshape(1, 1, -1, 1))
    h = jax.lax.reduce_window(h, -jnp.inf, jax.lax.max, (2, 2, 1, 1), (2, 2, 1, 1), "VALID")
    logits = w2 @ h.reshape(-1, h.shape[-1]) + b2.reshape(-1, 1)
    y = jax.nn.softmax(logits, axis=0)
    loss = -jnp.sum(t * jnp.log(jnp.maximum(y, jnp.finfo(y.dtype).tiny))) / x.shape[-1]
    return loss, (0.9 * mean + 0.1 * mu, 0.9 * var + 0.1 * sigma_sq)


def bn_candidates(X, T, xj, tj, inner=5):
    """The batch-norm network's accelerated step and the hand-written jitted one, each timed
    over ``inner`` calls per round."""
    net = rt.dlnetwork(bn_layers(), X)
    learn, state = net.learnables, net.state
    conv, bn, fc = "convolution2dlayer_1", "batchnormalizationlayer_2", "fullyconnectedlayer_5"
    params = tuple(learn[layer][name]._data for layer, name in (
        (conv, "weights"), (conv, "bias"), (bn, "offset"), (bn, "scale"), (fc, "weights"),
        (fc, "bias")))
    stats = (state[bn]["trained_mean"]._data, state[bn]["trained_variance"]._data)
    accelerated = rt.dlaccelerate(bn_model_loss)
    jitted = jax.jit(jax.value_and_grad(jax_bn_loss, has_aux=True))
    ours = float(rt.dlfeval(accelerated, net, X, T)[0])
    assert abs(ours - float(jitted(params, stats, xj, tj)[0][0])) < 1e-4, "BN models disagree"
    return {
        "BN net dlfeval(dlaccelerate)": (lambda: rt.dlfeval(accelerated, net, X, T), inner),
        "BN net jax.jit(value_and_grad)": (lambda: jitted(params, stats, xj, tj), inner),
    }


def tiny_times(r):
    """The tiny function's cache hit, raw ``jax.jit`` and eager run (seconds per call)."""
    def affine(v):
        return v * 2.0 + 1.0

    tiny, raw = rt.dlaccelerate(affine), jax.jit(affine)
    small = rt.dlarray(jnp.ones((4,)))
    data = small._data
    tiny(small)
    return measure({
        "tiny accelerated (cache hit)": (lambda: tiny(small), 2000),
        "tiny raw jax.jit": (lambda: raw(data), 2000),
        "tiny eager (2 dlarray ops)": (lambda: affine(small), 2000),
    }, r)


def report(times, rows, r, build=None):
    print(f"device: {jax.devices()[0].platform}, jax {jax.__version__}, median of {r} "
          "round-robin repeats\n")
    print(f"{'measurement':32s} {'time':>12s}")
    for name, seconds in times.items():
        print(f"{name:32s} {seconds * 1e6:10.1f} us")
    if build is not None:
        print(f"{'trace build (first call)':32s} {build * 1e3:10.1f} ms")
    print(f"\n{'ratio':64s} {'value':>7s} {'target':>7s}")
    for a, b, target in rows:
        ratio = times[a] / times[b]
        verdict = "" if target is None else (" ok" if ratio <= target else " MISSED")
        goal = "-" if target is None else f"<={target}"
        print(f"{a + ' / ' + b:64s} {ratio:7.2f} {goal:>7s}{verdict}")


TINY_ROWS = [
    ("tiny accelerated (cache hit)", "tiny raw jax.jit", 1.5),
    ("tiny accelerated (cache hit)", "tiny eager (2 dlarray ops)", None),
]


ACCELERATED_ROWS = [
    ("dlfeval(dlaccelerate(loss))", "jax.jit(value_and_grad)", 1.25),
    ("BN net dlfeval(dlaccelerate)", "BN net jax.jit(value_and_grad)", 1.25),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=9)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--tiny", action="store_true", help="only the tiny function's cache hit")
    mode.add_argument("--overhead", action="store_true",
                      help="only the accelerated-vs-jitted pairs, on an 8x8x1x2 batch")
    options = parser.parse_args()
    r = options.repeats
    if options.tiny:
        report(tiny_times(r), TINY_ROWS, r)
        return

    rng = np.random.default_rng(0)
    size, batch = (8, 2) if options.overhead else (28, 128)
    x = rng.random((size, size, 1, batch), dtype=np.float32)
    t = jax.nn.one_hot(rng.integers(0, 10, batch), 10).T
    X, T = rt.dlarray(x, "SSCB"), rt.dlarray(t, "CB")
    eager_net = rt.dlnetwork(runtime_model(X), X, acceleration="none")
    net = rt.dlnetwork(eager_net.layers, acceleration="auto")
    learn = eager_net.learnables
    params = tuple((learn[name]["weights"]._data, learn[name]["bias"]._data)
                   for name in ("convolution2dlayer_1", "convolution2dlayer_3",
                                "fullyconnectedlayer_5"))
    xj, tj = jnp.asarray(x), jnp.asarray(t)

    accelerated = rt.dlaccelerate(model_loss)
    start = time.perf_counter()
    _block(rt.dlfeval(accelerated, net, X, T))
    build = time.perf_counter() - start

    jitted = jax.jit(jax.value_and_grad(jax_loss))
    opbyop = jax.value_and_grad(jax_loss)
    check_loss = float(rt.dlfeval(accelerated, net, X, T)[0])
    assert abs(check_loss - float(jitted(params, xj, tj)[0])) < 1e-4, "models disagree"
    if options.overhead:
        inner = 200
        report(measure({
            "dlfeval(dlaccelerate(loss))": (lambda: rt.dlfeval(accelerated, net, X, T), inner),
            "jax.jit(value_and_grad)": (lambda: jitted(params, xj, tj), inner),
            **bn_candidates(X, T, xj, tj, inner),
        }, r), ACCELERATED_ROWS, r)
        return
    times = measure({
        "eager dlfeval": (lambda: rt.dlfeval(model_loss, eager_net, X, T), 3),
        "JAX op-by-op value_and_grad": (lambda: opbyop(params, xj, tj), 3),
        "dlfeval(dlaccelerate(loss))": (lambda: rt.dlfeval(accelerated, net, X, T), 5),
        "jax.jit(value_and_grad)": (lambda: jitted(params, xj, tj), 5),
        **bn_candidates(X, T, xj, tj),
    }, r)
    times.update(tiny_times(r))
    rows = [("eager dlfeval", "JAX op-by-op value_and_grad", 2.0), *ACCELERATED_ROWS,
            ("dlfeval(dlaccelerate(loss))", "eager dlfeval", None)] + TINY_ROWS
    report(times, rows, r, build)
    print(f"{'trace build / accelerated step':64s} {build / times[rows[1][0]]:7.0f}")


if __name__ == "__main__":
    main()

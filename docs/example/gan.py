"""MATLAB's GAN custom training loop, ported and shrunk: a generator learns a 2-D distribution.

The loop follows MATLAB's "Train Generative Adversarial Network (GAN)" example: two
``dlnetwork`` objects, one ``model_loss`` evaluated by ``dlfeval`` (accelerated with
``dlaccelerate``) that returns both networks' gradients, the generator's noise drawn ``like``
a traced value (so each replay of the cached trace draws new noise), and ``adamupdate`` for
each network (learn rate 0.002, gradient decay 0.5, as the example). The real data are points
of a 2-D Gaussian centred at (2, -1), so the run is seconds and its progress measurable: the
mean of the generated points moves from near the origin to the data's mean.

Run::

    python docs/example/gan.py              # 400 iterations
    python docs/example/gan.py --iterations 100
"""

import argparse
import time

import numpy as np

from acclint.runtime import (FeatureInputLayer, FullyConnectedLayer, LeakyReLULayer, ReLULayer,
                             SigmoidLayer, adamupdate, dlaccelerate, dlarray, dlfeval,
                             dlgradient, dlnetwork, extractdata, forward, log, mean, predict,
                             randn, rng)

CENTRE = np.array([2.0, -1.0], np.float32)
LATENT = 4


def networks():
    generator = dlnetwork([FeatureInputLayer(LATENT), FullyConnectedLayer(16), ReLULayer(),
                           FullyConnectedLayer(2)])
    discriminator = dlnetwork([FeatureInputLayer(2), FullyConnectedLayer(16),
                               LeakyReLULayer(0.2), FullyConnectedLayer(1), SigmoidLayer()])
    return generator, discriminator


def model_loss(generator, discriminator, X):
    """MATLAB's modelLoss: the discriminator's and generator's losses and gradients."""
    Z = randn((LATENT, X.shape[1]), like=X)  # fresh noise every replay: drawn like X
    generated, _ = forward(generator, Z)
    real, _ = forward(discriminator, X)
    fake, _ = forward(discriminator, generated)
    loss_d = -mean(log(real + 1e-6)) - mean(log(1 - fake + 1e-6))
    loss_g = -mean(log(fake + 1e-6))
    grad_g = dlgradient(loss_g, generator.learnables, retain_data=True)
    grad_d = dlgradient(loss_d, discriminator.learnables)
    return loss_g, loss_d, grad_g, grad_d


def generated_mean(generator, count=512):
    z = dlarray(np.random.default_rng(1).standard_normal((LATENT, count)).astype(np.float32),
                "CB")
    return extractdata(predict(generator, z)).mean(axis=1)


def train(iterations=400, batch=64, seed=0):
    """Train; return the distance of the generated mean to the data's, before and after."""
    rng(seed)
    data = np.random.default_rng(seed)
    generator, discriminator = networks()
    before = float(np.linalg.norm(generated_mean(generator) - CENTRE))
    loss_function = dlaccelerate(model_loss)
    state_g = state_d = (None, None)
    start = time.perf_counter()
    for iteration in range(1, iterations + 1):
        points = CENTRE[:, None] + 0.5 * data.standard_normal((2, batch)).astype(np.float32)
        X = dlarray(points, "CB")
        _, _, grad_g, grad_d = dlfeval(loss_function, generator, discriminator, X)
        generator, *state_g = adamupdate(generator, grad_g, *state_g, iteration,
                                         learn_rate=0.002, grad_decay=0.5)
        discriminator, *state_d = adamupdate(discriminator, grad_d, *state_d, iteration,
                                             learn_rate=0.002, grad_decay=0.5)
    after = float(np.linalg.norm(generated_mean(generator) - CENTRE))
    return {"distance_before": before, "distance_after": after,
            "seconds": time.perf_counter() - start, "hit_rate": loss_function.hit_rate}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=400)
    result = train(parser.parse_args().iterations)
    print(f"distance of the generated mean to the data's: {result['distance_before']:.2f} "
          f"before, {result['distance_after']:.2f} after; {result['seconds']:.1f} s, "
          f"cache hit rate {result['hit_rate']:.1f}%")


if __name__ == "__main__":
    main()

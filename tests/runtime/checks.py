"""Numerical checks shared by the runtime's tests."""

import numpy as np
import pytest

from acclint.runtime import dlarray, dlfeval, dlgradient, extractdata

RNG = np.random.default_rng(5)


def gradient_check(loss, *inputs, epsilon=1e-2, rtol=2e-2):
    """dlgradient against central finite differences along a random direction per input."""
    grads = dlfeval(lambda *xs: dlgradient(loss(*xs), *xs), *[dlarray(x) for x in inputs])
    grads = grads if isinstance(grads, tuple) else (grads,)
    for position, (value, grad) in enumerate(zip(inputs, grads)):
        direction = RNG.standard_normal(value.shape).astype(np.float32)
        shifted = [list(inputs), list(inputs)]
        shifted[0][position] = value + epsilon * direction
        shifted[1][position] = value - epsilon * direction
        up, down = (float(loss(*[dlarray(x) for x in s])) for s in shifted)
        numeric = (up - down) / (2 * epsilon)
        analytic = float(np.sum(extractdata(grad) * direction))
        assert analytic == pytest.approx(numeric, rel=rtol, abs=1e-3), f"input #{position}"

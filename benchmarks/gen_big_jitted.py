"""Write a large file of ordinary jitted code (issue 25, point 5): many `@jax.jit` functions
with branches, loops, prints, helpers and `scan` bodies, the way model code is written.

    .venv/bin/python benchmarks/gen_big_jitted.py OUT.py [LINES]   # default 50,000 lines

The code is dense (about eight operators and delimiters a line, as real traced code is), so
a 50,000-line file holds some 400,000: more than a bound of operators per file admits, though
no statement in it is a data literal. Every function holds hazards acclint reports (a `print`
of a traced value, a Python `if` on one, `float()` of one), so the run has findings to compare.
The output depends on LINES alone.
"""

from __future__ import annotations

import sys

HEADER = '''"""Generated model code (benchmarks/gen_big_jitted.py)."""

import functools

import jax
import jax.numpy as jnp
from jax import lax

SCALE = 0.5
'''


def one_group(i: int) -> str:
    """A helper, a scan body and two jitted functions (about 60 lines)."""
    return f'''

def helper_{i}(h, w):
    """Helper {i}: a dense layer."""
    z = jnp.dot(h, w["kernel"]) + w["bias"]
    return jnp.tanh(z) * SCALE


def body_{i}(carry, x):
    total, count = carry
    total = total + jnp.sum(x ** 2, axis=-1)
    if count > {i % 7}:
        total = total * 0.5
    return (total, count + 1), total[..., None]


@jax.jit
def step_{i}(params, x, y):
    """Step {i}: a loss and its update."""
    w, b = params["w"], params["b"]
    h = jnp.dot(x, w) + b[None, :]
    if h.sum() > {i}:
        print("positive", h.shape, {i})
        h = jnp.tanh(h)
    else:
        h = jax.nn.relu(h) * (1.0 / {i + 1})
    for k in range(3):
        h = h + jnp.sin(h[k, :]) * 0.1
    h = helper_{i}(h, {{"kernel": w, "bias": b}})
    (total, _), ys = lax.scan(body_{i}, (jnp.zeros(h.shape[0]), 0), h.T)
    loss = jnp.mean((h - y) ** 2) + 1e-3 * jnp.sum(total)
    scale = float(loss)
    return loss, {{"w": w - 0.1 * scale * h.T @ x, "b": b - 0.1 * ys.mean()}}


@functools.partial(jax.jit, static_argnums=(2,))
def predict_{i}(params, x, depth):
    out = x
    for layer in range(depth):
        out = jnp.where(out > 0, out, 0.01 * out) @ params["w"][layer]
        if layer % 2 == 1:
            out = out / (jnp.linalg.norm(out, axis=-1, keepdims=True) + 1e-6)
    if out.max() > 1.0:
        out = jnp.clip(out, -1.0, 1.0)
    return jnp.argmax(out, axis=-1), [out[:, j] for j in range(2)]
'''


def generate(lines: int) -> str:
    out, i, count = [HEADER], 0, HEADER.count("\n")
    while count < lines:
        group = one_group(i)
        out.append(group)
        count += group.count("\n")
        i += 1
    return "".join(out)


def main() -> int:
    lines = int(sys.argv[2]) if len(sys.argv) > 2 else 50_000
    with open(sys.argv[1], "w", encoding="utf-8") as out:
        out.write(generate(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A comprehension whose every element has a size new on every pass makes a value of a new shape.

Property (ACC503): a list (set, generator, dict) built by a comprehension whose element has a
shape or length new on every pass of the loop (each row padded to a width computed from a new
value, `row + [0] * (longest - len(row))`; a row repeated a new number of times) is a sequence
of resized items, and an array made from it (`np.array`, `np.stack`, `torch.tensor`) has a new
shape, as one made from a comprehension over a sequence of a new length does; a module helper
returning it is sized by the parameter that width is computed from (blind3
tf_padded_batch_shape_2: a collate padding each batch to its own longest).

Runs: jax 0.10.2, 10 traces in 10 passes for the first two hazards; torch 2.13
(`dynamic=False`), 8 recompiles for the third (the limit); the look-alikes trace once (rows
padded to a fixed MAX_LEN; a comprehension of sums, two numbers on every pass; a comprehension
whose own variable shadows the loop's, the same three sizes on every pass).
"""

import pytest

from labelled import assert_labels_match

PROGRAMS = {
    "jax: rows repeated a new number of times, in the loop": """
import jax
import jax.numpy as jnp

@jax.jit
def score(batch):
    return batch.sum()


def run(tokens, steps):
    for i in range(steps):
        score(jnp.array([[t] * (i + 1) for t in tokens]))  # expect: ACC503


run([1, 2, 3], 10)
""",
    "jax: a helper padding each row to the batch's longest with np.pad and np.stack": """
import jax
import numpy as np

def pad_batch(seqs):
    width = max(len(s) for s in seqs)
    return np.stack([np.pad(np.asarray(s, np.float32), (0, width - len(s))) for s in seqs])


@jax.jit
def loss(batch):
    return (batch ** 2).mean()


for step in range(int("10")):
    loss(pad_batch([[1.0] * (step + 1), [2.0] * (step + 2)]))  # expect: ACC503
""",
    "torch: a collate padding rows to a longest the loop computes": """
import torch

def forward(x):
    return x.float().sum()


compiled = torch.compile(forward, dynamic=False)


def collate(rows, longest):
    return torch.tensor([row + [0] * (longest - len(row)) for row in rows])


def train(epochs):
    for epoch in range(epochs):
        compiled(collate([[1, 2], [3]], epoch + 2))  # expect: ACC503


train(10)
""",
    "fine: rows padded to a fixed length": """
import jax
import numpy as np

MAX_LEN = 16


def pad_batch(seqs):
    return np.array([s + [0.0] * (MAX_LEN - len(s)) for s in seqs], np.float32)


@jax.jit
def loss(batch):
    return (batch ** 2).mean()


for step in range(int("10")):
    loss(pad_batch([[1.0] * (step + 1), [2.0] * (step + 2)]))
""",
    "fine: a comprehension of reductions, a fixed number of scalars": """
import jax
import jax.numpy as jnp

@jax.jit
def score(totals):
    return totals.sum()


seqs = [[1.0] * 20, [2.0] * 20]
for i in range(int("10")):
    score(jnp.array([sum(s[: i + 1]) for s in seqs]))  # two sums on every pass: one shape
""",
    "fine: the comprehension binds the loop's name for itself": """
import jax
import jax.numpy as jnp

@jax.jit
def total(xs):
    return sum(x.sum() for x in xs)


for i in range(int("10")):
    total([jnp.zeros(i) for i in range(3)])  # sizes 0, 1, 2 on every pass: one trace
""",
}


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_a_comprehension_of_resized_elements(name):
    assert_labels_match(PROGRAMS[name])

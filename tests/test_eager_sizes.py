"""JAX operations run eagerly whose result's size their operand's values decide, on each pass of a loop over data (ACC503).

Outside any trace JAX runs each operation as a primitive compiled and cached by its operands'
shapes. An operation whose result's size the values decide (`jnp.nonzero`, `jnp.unique`,
`jnp.argwhere`, `jnp.where` with the condition alone, a boolean mask indexing a JAX array) first
reads the count on the host, then runs its inner operations at that size: a new count compiles
them again, so on each pass of a loop over data that differs it compiles anew (jax 0.10.2: the
dev reports jaxmapp_3, `jnp.nonzero` per adjacency row, 8 compiles of `cumsum` in 16 rows, and
navix_129, `lengths[done_mask]` per update, 8 compiles of `gather` in 8 updates). NumPy's own
functions compile nothing, `size=` fixes the count, and a three-argument `jnp.where` keeps its
operand's shape. An equality test of fixed data against a value the pass changes (jax-md's
`species_list == id` for each id, a false finding of stop 57) selects how often that value
occurs, which nothing says differs from pass to pass; data the pass draws or picks, or a
threshold it moves (`arange(16) < step`), does change the count. No jit is called in the modules below: the eager operation alone is the storm.
The header still spells one (`scale`), since the front end parses only a module that spells a
marker (acclint.parse.prefilter): the reduced reports, which spell none, are not reached.
"""

import textwrap

import pytest

from labelled import family_labels_and_findings

HEADER = """
import jax
import jax.numpy as jnp
import numpy as np

scale = jax.jit(lambda v: v * 2)
"""

HAZARDS = {
    "a unique per batch of a loader": """
def vocabulary(loader):
    seen = []
    for tokens in loader:
        seen.append(jnp.unique(jnp.asarray(tokens)))  # expect: ACC503
    return seen

vocabulary(np.random.randint(0, 100, size=(8, 32)))
""",
    "a mask written in place on an array drawn each pass": """
def positives(key, n):
    kept = []
    while n > 0:
        key, sub = jax.random.split(key)
        x = jax.random.normal(sub, (64,))
        kept.append(x[x > 0])  # expect: ACC503
        n -= 1
    return kept

positives(jax.random.PRNGKey(0), 10)
""",
    "a one-argument where in a comprehension over rows": """
def rows_nonzero(matrix):
    return [jnp.where(row > 0)[0] for row in jnp.asarray(matrix)]  # expect: ACC503

if __name__ == "__main__":
    rows_nonzero(np.eye(16))
""",
    "a mask handed to a helper the loop calls": """
def summary(values, mask):
    return float(jnp.mean(values[mask]))  # expect: ACC503

def report(episodes):
    out = []
    for step in range(100):
        returns = jnp.linspace(0.0, 1.0, 16)
        done = jnp.arange(16) < step
        out.append(summary(returns, done))
    return out

report(None)
""",
    "a neighbour list of each row at module level": """
adjacency = jax.random.uniform(jax.random.PRNGKey(0), (16, 16)) < 0.5
neighbours = []
for i in range(16):
    neighbours.append(jnp.argwhere(adjacency[i]))  # expect: ACC503
""",
    "an equality test of data drawn each pass": """
def zeros(key, n):
    found = []
    for _ in range(n):
        key, sub = jax.random.split(key)
        x = jax.random.randint(sub, (64,), 0, 4)
        found.append(jnp.nonzero(x == 0))  # expect: ACC503
    return found

zeros(jax.random.PRNGKey(0), 10)
""",
    "an equality test of a row the pass picks": """
adjacency = jax.random.randint(jax.random.PRNGKey(0), (16, 16), 0, 2)
for i in range(16):
    print(jnp.argwhere(adjacency[i] == 1))  # expect: ACC503
""",
}

LOOK_ALIKES = {
    "NumPy's own data-sized functions compile nothing": """
def vocabulary(loader):
    for tokens in loader:
        print(np.unique(tokens), np.nonzero(tokens > 0))
        x = np.asarray(tokens)
        print(x[x > 0])
""",
    "a fixed size, a three-argument where, a reduction first": """
def fixed(loader):
    for tokens in loader:
        print(jnp.nonzero(tokens, size=8))
        print(jnp.where(tokens > 0, tokens, 0))
        print(jnp.count_nonzero(tokens > 0))
""",
    "the same mask on every pass": """
def same(values, n):
    mask = values > 0
    for _ in range(n):
        print(values[mask], jnp.nonzero(mask))
""",
    "a mask of a NumPy array handed to a helper": """
def summary(values, mask):
    return float(np.mean(values[mask]))

def report(n):
    for step in range(n):
        returns = np.linspace(0.0, 1.0, 16)
        done = np.arange(16) < step
        summary(returns, done)
""",
    "a library function no code of the module runs: a trace may reach it": """
def vocabulary(loader):
    return [jnp.unique(tokens) for tokens in loader]
""",
    "ids each repeated once per body, matched one id a pass (jax-md's plotting helper)": """
def body_to_plot(positions, count, per_body):
    species_list = jnp.array(list(jnp.arange(count)) * per_body)
    inds_at_id = lambda id: jnp.squeeze(jnp.argwhere(species_list == id))
    patches = []
    for i in range(1, count):
        patches += [positions[inds_at_id(i)]]
    return patches

body_to_plot(jnp.zeros((12, 2)), 4, 3)
""",
    "a mask name bound to a mismatch with the pass's class": """
def per_class(points, labels, classes):
    out = []
    for k in range(classes):
        rest = labels != k
        out.append(points[rest])
    return out

per_class(jnp.ones((8, 2)), jnp.arange(8) % 4, 4)
""",
    "a match of the next id at module level": """
ids = jnp.arange(12) // 3
groups = []
for i in range(30):
    groups.append(jnp.nonzero(ids == i + 1)[0])
""",
    "the complement of a match, in a function module code calls": """
def others(grid, n):
    for value in range(n):
        print(grid[~(grid == value)])

others(jnp.arange(16) % 4, 100)
""",
    "a data-sized operation only once": """
def once(tokens):
    return jnp.unique(tokens), tokens[tokens > 0]
""",
}


@pytest.mark.parametrize("body", [*HAZARDS.values(), *LOOK_ALIKES.values()], ids=[*HAZARDS, *LOOK_ALIKES])
def test_an_eager_size_its_values_decide(body):
    expected, found = family_labels_and_findings(HEADER + textwrap.dedent(body), "ACC5")
    assert found == expected


def test_inside_a_jit_the_operation_raises_instead():
    """In a jitted function the same operation cannot run at all (ACC305): no ACC503 there."""
    source = HEADER + """
@jax.jit
def step(x):
    return jnp.unique(x)

for batch in range(10):
    step(jnp.ones(4) * batch)
"""
    expected, found = family_labels_and_findings(source, "ACC5")
    assert found == expected == []

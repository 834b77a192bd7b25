"""ACC406's "container defined outside the trace": the container a name means is the variable of
the function Python binds it in, the nearest from the traced function outwards (a `global`
declaration skips to the module, a `nonlocal` one to the enclosing function that binds it); it
is scratch only when that function is traced. Before, any traced function around with a
variable of that name made it scratch.

Each run (jax 0.10.2, two calls of `top` with new values): the module's `LOG` holds one entry,
not two (the append runs while tracing only); the `nonlocal` look-alike appends to a list the
trace makes itself and runs right."""

import pytest

from labelled import assert_labels_match

GLOBAL = """
import jax

LOG = []
TABLE = {}


@jax.jit
def top(x):
    LOG = [x]
    TABLE = {}

    def inner(y):
        global LOG, TABLE
        {write}
        return y

    return inner(x) + len(LOG) + len(TABLE)
"""

WRITES = {
    "an append": "LOG.append(y)  # expect: ACC406",
    "an extend": "LOG.extend([y])  # expect: ACC406",
    "an item written": "TABLE['last'] = y  # expect: ACC406",
}


@pytest.mark.parametrize("write", WRITES.values(), ids=WRITES.keys())
def test_a_global_declaration_means_the_modules_container(write):
    assert_labels_match(GLOBAL.replace("{write}", write))


def test_a_nonlocal_declaration_means_the_traced_functions_own_scratch():
    assert_labels_match(GLOBAL.replace("global LOG, TABLE", "nonlocal LOG, TABLE").replace("{write}", "LOG.append(y)"))

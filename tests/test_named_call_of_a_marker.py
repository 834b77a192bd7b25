"""A module-level name bound to a transparent call of a marker (`_outer_loop = jax.named_call(
eqxi.while_loop, name="outer-loop")`, diffrax's adjoints; `[transparent]` in jax.toml) is that
marker: what a call of the name is given at the marker's function positions runs in its trace,
in the module or wherever the name is imported (acclint.analysis.wrappers `_of_alias`). Run with
jax 0.10.2: `jax.named_call(jax.lax.while_loop, name=...)(cond, body, x)` and a named
`lax.scan` trace `body` and the scan's cell once each (docs/contexts.md).

Each spelling fails at a19d649; the look-alikes pass on both."""

from labelled import assert_labels_match
from two_modules import found_in, labelled_in, write_files

IN_MODULE = """
    import jax
    from jax import lax, named_call

    _outer = jax.named_call(jax.lax.while_loop, name="outer-loop")
    _inner = named_call(lax.fori_loop, name="inner-loop")

    def cond(c):
        return c < 3

    def body(c):
        if c > 1:  # expect: ACC201
            return c
        return c + 1

    def step(i, c):
        print("step")  # expect: ACC401
        return c + i

    def run(x):
        a = _outer(cond, body, x)
        b = _inner(0, 3, step, x)
        return a, b
"""

ACROSS = {
    "lib/__init__.py": "",
    "lib/helpers.py": """
        def apply_twice(f, x):
            return f(f(x))
    """,
    "lib/loops.py": """
        import jax
        import jax.numpy as jnp
        from lib import helpers

        scan_named = jax.named_call(jax.lax.scan, name="scan")
        fori_named = jax.named_call(jax.lax.fori_loop, name="fori")
        twice = jax.named_call(helpers.apply_twice, name="twice")
        ones = jax.named_call(jnp.ones, name="ones")
    """,
    "use.py": """
        from lib.loops import fori_named, ones, scan_named, twice
        from lib import loops

        def cell(carry, x):
            return carry, float(x)  # expect: ACC302

        def inner(i, c):
            print("inner")  # expect: ACC401
            return c + i

        def host(x):
            print("host runs eagerly")
            return x

        def shaped(n):
            print("shaped runs eagerly")
            return n

        def run(x, xs):
            c = scan_named(cell, x, xs)
            d = loops.fori_named(0, 3, inner, x)
            e = twice(host, x)
            f = ones(shaped(3))
            return c, d, e, f
    """,
}


def test_a_named_marker_in_its_module():
    assert_labels_match(IN_MODULE)


def test_a_named_marker_imported_from_another_module(tmp_path):
    root = write_files(tmp_path, ACROSS)
    assert found_in(root) == labelled_in(root, ACROSS)

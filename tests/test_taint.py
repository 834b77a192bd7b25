"""Traced values flow through Python the way docs/analysis.md says; static views stop them."""

import pytest

from labelled import assert_labels_match

from acclint.run.config import Settings

CASES = {
    "pytree structure is static: keys, membership, truth, or-defaults, len": """
        import jax

        @jax.jit
        def f(batch, extras, params, x):
            for k, v in batch.items():
                if k.startswith("img"):
                    x = x + v
            if "labels" in batch and extras and len(params) > 1:
                x = x * 2
            params = params or {}
            if x.sum() > 0:  # expect: ACC201
                x = -x
            return x
    """,
    "attributes of pytree arguments are unknown, silent unless used as arrays": """
        import jax

        @jax.jit
        def f(cfg, state, x):
            if cfg.use_bias and state.step > 10:
                x = x + 1
            if state.w.sum() > 0:  # expect: ACC201
                x = -x
            return float(cfg.lr) * x
    """,
    "guards narrow: is None, isinstance on host types, not a Tracer, or/and": """
        import jax
        import numpy as np

        @jax.jit
        def f(x, y, z=None):
            if isinstance(x, int) or isinstance(x, float):
                x = float(x)
            if isinstance(y, (int, np.ndarray)):
                return np.reshape(y, (-1,))
            elif not isinstance(y, jax.Array):
                return float(y)
            if not isinstance(x, jax.core.Tracer):
                x = np.asarray(x)
            return np.asarray(y)  # expect: ACC304
    """,
    "predicates and shape arithmetic from helpers are static": """
        import jax
        import jax.numpy as jnp

        def padding(x, tile):
            return tile - x.shape[0] % tile

        def split(x):
            return x * 2, x.ndim

        @jax.jit
        def f(x):
            if jnp.isscalar(x) or jnp.ndim(x) == 0 or jnp.iscomplexobj(x):
                return x
            if padding(x, 8) > 0:
                x = jnp.pad(x, (0, 1))
            y, n = split(x)
            if n > 1:
                return y
            if y.sum() > 0:  # expect: ACC201
                return y
            return x
    """,
    "in_axes None, partial-bound and defaulted arguments, key paths are static": """
        from functools import partial
        import jax

        def shift(x, table, shape, flag=True):
            if flag and shape[0] > 2 and table > 0:
                return x + 1
            return x

        @jax.jit
        def f(xs, t):
            ys = jax.vmap(partial(shift, shape=xs.shape[1:]), in_axes=(0, None))(xs, 3)
            return jax.tree_util.tree_map_with_path(lambda p, v: v * 2 if p[-1].key == "w" else v, ys)
    """,
    "a function stored by a constructor is not traced; a local name hides an outer function": """
        import jax

        def update_fn(x):
            if x > 0:
                return x
            return -x

        @jax.jit
        def f(x, Holder):
            keep = Holder(update_fn)
            update_fn = keep.fn
            return update_fn(x)
    """,
    "a branch on None of a parameter every traced reach binds is never traced": """
        from functools import partial
        import jax
        import numpy as np
        from jax import lax

        def refresh(state, capacity=None, limit=None):
            if capacity is None:
                capacity = int(np.asarray(state).max())
            if limit is not None:
                return state
            return np.asarray(state) * capacity  # expect: ACC304

        @jax.jit
        def f(state):
            return lax.cond(state.sum() > 0, partial(refresh, capacity=2), lambda s: s, state)
    """,
    "pedantic: values that may be traced are reported too": """
        import jax

        @jax.jit
        def f(cfg, x):
            if cfg.use_bias:  # expect: ACC201
                x = x + 1
            return x
    """,
    "assignment, tuple unpacking, augmented assignment": """
        import jax

        @jax.jit
        def f(x, y):
            a, b = x * 2, 1.0
            if b > 0:
                pass
            if a.sum() > 0:  # expect: ACC201
                pass
            c, d = jax.numpy.split(y, 2)
            if d.sum() > 0:  # expect: ACC201
                pass
            total = 0.0
            total += x.sum()
            return 1 if total > 0 else 0  # expect: ACC203
    """,
    "subscripts, method calls, comprehensions, loops": """
        import jax

        @jax.jit
        def f(x, ws):
            first = ws[0]
            if first.max() > 1:  # expect: ACC201
                pass
            scaled = [w * 2 for w in ws]
            if scaled[0].sum() > 0:  # expect: ACC201
                pass
            for row in x:
                if row.sum() > 0:  # expect: ACC201
                    pass
            if scaled:
                pass
            return x
    """,
    "static views are not traced": """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(x, mask=None):
            if x.shape[0] > 2 and x.ndim == 2 and x.dtype == jnp.float32 and x.size > 3:
                pass
            if len(x) > 1 or isinstance(x, tuple) or mask is None:
                pass
            if jnp.shape(x)[0] > 1:
                pass
            n = x.shape[0]
            for i in range(n):
                if i > 2:
                    pass
            return x
    """,
    "host conversions give host values (one finding, not two)": """
        import jax
        import numpy as np

        @jax.jit
        def f(x):
            if float(x.sum()) > 0:  # expect: ACC302
                pass
            host = np.asarray(x)  # expect: ACC304
            if host.sum() > 0:
                pass
            flag = bool(x.sum() > 0)  # expect: ACC202
            return x if flag else -x
    """,
    "closures see the enclosing function's traced values": """
        import jax
        from jax import lax

        @jax.jit
        def f(x, n: int):
            limit = x.max()
            def body(i, v):
                if limit > 1:  # expect: ACC201
                    return v
                return v * n
            return lax.fori_loop(0, 3, body, x)
    """,
    "helper parameters are traced only when passed traced values": """
        import jax

        def helper(v, scale):
            if scale > 1:
                v = v * scale
            if v.sum() > 0:  # expect: ACC201
                return v
            return -v

        @jax.jit
        def f(x):
            return helper(x, 2.0) + helper(x, scale=3.0)
    """,
    "a helper returning only static views gives untraced values": """
        import jax
        from acclint.runtime import dlaccelerate, size, dims

        def shape_summary(x):
            return x.shape[0], x.ndim

        def scaled(x):
            return x * 2

        @jax.jit
        def step(x):
            rows, _ = shape_summary(x)
            if rows > 2:
                x = x + 1
            if scaled(x).sum() > 0:  # expect: ACC201
                return x
            return -x

        def runtime_summary(x):
            return size(x, 0), dims(x)

        @dlaccelerate
        def layer(x):
            rows, fmt = runtime_summary(x)
            if rows > 1 and fmt == "CB":
                return x * float(rows)
            return x
    """,
    "a key test on a container is not an array test": """
        import jax

        @jax.jit
        def pick(params, x):
            if "b" in params and "c" not in params:
                return params["b"] * x
            if x.sum() in params:  # expect: ACC201
                return x
            return params["a"] * x
    """,
    "zip and enumerate pair loop variables with what they iterate": """
        from functools import partial
        import jax

        @partial(jax.jit, static_argnames="names")
        def f(xs, names):
            for name, x in zip(names, xs):
                if name == "skip":
                    continue
                if x.sum() > 0:  # expect: ACC201
                    pass
            for i, x in enumerate(xs):
                if i > 2:
                    break
            return xs
    """,
    "a comprehension is traced when its element is, and tuple() is a container": """
        import jax

        @jax.jit
        def f(xs):
            assert all(x.ndim == 2 for x in xs)
            assert all(x.sum() > 0 for x in xs)  # expect: ACC204
            shapes = tuple(x.shape for x in xs)
            parts = tuple(xs)
            if parts and shapes:
                return xs
            return xs
    """,
    "parameters annotated as containers have a static truth value": """
        from typing import Sequence
        import jax

        @jax.jit
        def f(xs: list[jax.Array], cfg: dict, rest: Sequence[jax.Array], x):
            if not xs or cfg or rest:
                return x
            if x:  # expect: ACC201
                return x
            return xs[0] * x
    """,
    "noqa suppresses by code, prefix or all": """
        import jax

        @jax.jit
        def f(x):
            print(x)  # noqa: ACC401
            print(x)  # noqa: ACC4
            print(x)  # noqa
            print(x)  # noqa: ACC201
            return x  # expect:
    """,
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_taint_case(name):
    source = CASES[name]
    if name.startswith("noqa"):
        source = source.replace("print(x)  # noqa: ACC201", "print(x)  # noqa: ACC201  # expect: ACC001 ACC401")  # ACC201 silences nothing there: ACC001
    settings = Settings(strictness="pedantic") if name.startswith("pedantic") else Settings()
    assert_labels_match(source, settings)


def test_a_union_of_pytrees_is_a_pytree():
    """`flat |= more` and `a | b` join two dicts as often as they `or` two arrays: of two pytrees
    the result is a pytree (its keys static), with an array for sure an array."""
    from labelled import assert_labels_match

    assert_labels_match("""
        import jax
        import jax.numpy as jnp

        @jax.jit
        def merge(tree, other, x):
            flat = dict(tree)
            flat |= other
            both = tree | other
            for key in flat:
                if key not in both:
                    raise KeyError(key)
            mask = x > 0
            mask |= x < -1
            if mask:  # expect: ACC201
                return x
            return -x
    """)

# source: https://github.com/lanl/scico/pull/519
# framework: JAX
# "Replace indexed_shape by a version that uses jit": the pull request computes the shape of an
# indexed array by indexing `jax.numpy.empty(shape)` inside a jitted function so that nothing is
# allocated; the reviewer asks "What's the computational cost of redoing the jit on each call?"
# and the timing answer is "~10 ms, existing version ~10 µs. So we [are] 1000x slower". The
# function defines `get_shape` and wraps it in `jax.jit` on every call, so each call traces and
# compiles a new callable ("This compiles each time it gets new arguments" - it compiles on
# every call). The code is the version merged in #527 as `jax_indexed_shape` (#519 itself was
# closed), called for the slicings an operator would ask about in a loop, the same one repeated.
# verify: c.jax['get_shape'] >= 8 and c.shapes == [(1000, 10, 15)] * 10
import jax


def jax_indexed_shape(shape, idx):
    if not isinstance(idx, tuple):
        idx = (idx,)

    # Convert any slices to its representation (slice, (start, stop, step))
    # allowing hashing, needed for jax.jit
    idx = tuple(exp.__reduce__() if isinstance(exp, slice) else exp for exp in idx)

    def get_shape(in_shape, ind_expr):
        # convert slices representations back to slices
        ind_expr = tuple(
            (slice(*exp[1]) if isinstance(exp, tuple) and len(exp) > 0 and exp[0] == slice else exp)
            for exp in ind_expr
        )
        return jax.numpy.empty(in_shape)[ind_expr].shape

    # This compiles each time it gets new arguments because all arguments are static.
    f = jax.jit(get_shape, static_argnums=(0, 1))  # label: ACC5

    return tuple(t.item() for t in f(shape, idx))  # type: ignore


shapes = []
for step in range(10):
    shapes.append(jax_indexed_shape((1000, 1000, 100), (Ellipsis, slice(0, 10), slice(15, 0, -1))))
print(shapes)

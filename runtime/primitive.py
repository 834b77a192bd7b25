"""``Primitive``: one array operation the runtime knows how to run, trace and differentiate.

A primitive is a pure function of JAX arrays (``impl``) plus keyword parameters that are static
(hashable: ints, strings, tuples). Everything the runtime does to array data goes through a
primitive, which is what lets one mechanism serve three purposes:

- eager execution runs ``eager`` (``impl`` under ``jax.jit``, so one dispatch per operation);
- ``dlaccelerate`` records (primitive, parameters, operands) while a trace is built and replays
  the recording as one jitted program by calling ``impl`` on tracers;
- ``dlfeval``/``dlgradient`` differentiate an operation with ``jax.vjp`` of ``impl``, so no
  primitive needs a hand-written derivative.

Every primitive computes its matrix products and convolutions in full precision. On a GPU, JAX's
default lets XLA multiply float32 data in TensorFloat-32 (a 10-bit mantissa), so a product is
good to about three digits while the arrays say float32: on an H200 the runtime's own tests
failed (a fully connected layer against a sum, an LSTM's gradient against finite differences, a
loss that no longer fell). A dlarray of MATLAB's ``single`` promises single-precision arithmetic,
and the runtime is never silently less exact than its data type says, so ``impl`` itself asks
XLA for full precision: eager calls, accelerated replays and derivatives (``jax.vjp`` transposes
keep the precision) all inherit it. A CPU has no reduced mode, so there nothing changes.
"""

import functools

import jax


class Primitive:
    """An array operation: ``impl(*arrays, **params)`` returning one array or a tuple.

    ``static`` names the keyword parameters (they must be hashable); ``differentiable=False``
    marks results that carry no derivative (comparisons, draws); ``multiple_results`` says
    ``impl`` returns a tuple. ``eager`` may be given to reuse an already jitted function.
    """

    __slots__ = ("name", "impl", "eager", "differentiable", "multiple_results")

    def __init__(self, name, impl, *, static=(), differentiable=True, multiple_results=False,
                 eager=None):
        self.name = name
        self.impl = _in_full_precision(impl)
        self.eager = eager if eager is not None else jax.jit(self.impl, static_argnames=static)
        self.differentiable = differentiable
        self.multiple_results = multiple_results

    def __repr__(self):
        return f"<primitive {self.name}>"


def _in_full_precision(impl):
    """``impl`` traced with float32 products and convolutions at full precision (see above)."""

    @functools.wraps(impl)
    def full(*args, **kwargs):
        with jax.default_matmul_precision("highest"):
            return impl(*args, **kwargs)

    return full

"""``Primitive``: one array operation the runtime knows how to run, trace and differentiate.

A primitive is a pure function of JAX arrays (``impl``) plus keyword parameters that are static
(hashable: ints, strings, tuples). Everything the runtime does to array data goes through a
primitive, which is what lets one mechanism serve three purposes:

- eager execution runs ``eager`` (``impl`` under ``jax.jit``, so one dispatch per operation);
- ``dlaccelerate`` records (primitive, parameters, operands) while a trace is built and replays
  the recording as one jitted program by calling ``impl`` on tracers;
- ``dlfeval``/``dlgradient`` differentiate an operation with ``jax.vjp`` of ``impl``, so no
  primitive needs a hand-written derivative.
"""

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
        self.impl = impl
        self.eager = eager if eager is not None else jax.jit(impl, static_argnames=static)
        self.differentiable = differentiable
        self.multiple_results = multiple_results

    def __repr__(self):
        return f"<primitive {self.name}>"

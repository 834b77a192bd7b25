"""A callable handed to a class's constructor, kept (a dataclass field, an `__init__` parameter,
or an alias a method binds to one) and called in the body of a method the class traces (a base
of another module rebinding `self.update = jax.jit(self.update)` in `__post_init__`, `jax.jit(
self._step)` in `__init__`, a marker decorating the method, a base's `lax.while_loop(...,
self.body, ...)`), runs in that trace: the class is a wrapper of it, across modules (jaxopt's
`FixedPointIteration(T)`, issue 33's wrappers set). Run with jax 0.10.2: the kept callable is
traced once in three calls for the first two shapes (docs/contexts.md, "Wrappers are inferred").

Every spelling fails at a19d649 (the callable is in no context); the look-alikes pass on both."""

from two_modules import found_in, labelled_in, write_files

BASE = """
    import dataclasses
    import jax

    @dataclasses.dataclass(eq=False)
    class IterativeSolver:
        def __post_init__(self):
            if self.jit:
                self.update = jax.jit(self.update)

    class Looping:
        def run(self, x):
            return jax.lax.while_loop(self.cond, self.body, x)
"""

SPELLINGS = {
    "lib/__init__.py": "",
    "lib/base.py": BASE,
    # jaxopt's shape: a dataclass field, aliased by a lambda in `__post_init__`, called in
    # `update`, which the base of another module jits.
    "lib/fixed_point.py": """
        from dataclasses import dataclass
        from typing import Callable

        from lib import base

        @dataclass(eq=False)
        class FixedPointIteration(base.IterativeSolver):
            fixed_point_fun: Callable
            maxiter: int = 100
            jit: bool = True

            def update(self, params, state):
                next_params, aux = self._fun(params)
                return next_params, state

            def __post_init__(self):
                super().__post_init__()
                self._fun = lambda *a, **kw: (self.fixed_point_fun(*a, **kw), None)
    """,
    # An `__init__` parameter kept, called in a method the `__init__` jits.
    "lib/runner.py": """
        import jax

        class Runner:
            def __init__(self, loss_fn, lr=0.1):
                self._loss = loss_fn
                self.step = jax.jit(self._step)

            def _step(self, params, batch):
                return params - self._loss(params, batch)
    """,
    # A kept callable called in a method a marker decorates, through a plain alias.
    "lib/decorated.py": """
        from functools import partial
        import jax

        class Evaluator:
            def __init__(self, metric):
                self.metric = metric
                self._m = self.metric

            @partial(jax.jit, static_argnums=0)
            def evaluate(self, x):
                return self._m(x)
    """,
    # A method the base of another module hands to `lax.while_loop`.
    "lib/loop.py": """
        from lib.base import Looping

        class Newton(Looping):
            def __init__(self, residual):
                self.residual = residual

            def cond(self, x):
                return x.sum() > 1.0

            def body(self, x):
                return x - self.residual(x)
    """,
    "examples/use.py": """
        import jax.numpy as jnp
        from lib.fixed_point import FixedPointIteration
        from lib.runner import Runner
        from lib.decorated import Evaluator
        from lib.loop import Newton

        def T(params, eta):
            print("T")  # expect: ACC401
            return params - eta

        def loss(params, batch):
            if batch.sum() > 0:  # expect: ACC201
                return params
            return -params

        def accuracy(x):
            return float(x.mean())  # expect: ACC302

        def residual(x):
            print("residual")  # expect: ACC401
            return x

        fpi = FixedPointIteration(T, maxiter=10)
        runner = Runner(loss_fn=loss)
        evaluator = Evaluator(accuracy)
        solver = Newton(residual)
    """,
}

LOOK_ALIKES = {
    "lib/__init__.py": "",
    "lib/base.py": BASE,
    # The method calling the kept callable is not the one jitted; a value kept and handed to a
    # call is no method; a kept callable called in a method nothing traces.
    "lib/host.py": """
        import jax
        import numpy as np

        class Host:
            def __init__(self, fn, table):
                self._fn = fn
                self.table = table
                self.fast = jax.jit(self._other)
                self.rows = np.asarray(self.table)

            def _other(self, x):
                return x + 1

            def report(self, x):
                return self._fn(x)

        class Plain:
            def __init__(self, fn):
                self.fn = fn

            def update(self, x):
                return self.fn(x)
    """,
    "examples/use.py": """
        from lib.host import Host, Plain

        def show(x):
            print("show runs eagerly")
            return x

        def log(x):
            print("log runs eagerly")
            return x

        host = Host(show, [1, 2])
        plain = Plain(log)
    """,
}



def test_a_kept_callable_called_in_a_traced_method_of_a_class_of_another_module(tmp_path):
    root = write_files(tmp_path, SPELLINGS)
    assert found_in(root) == labelled_in(root, SPELLINGS)


def test_look_alikes_put_nothing_in_a_context(tmp_path):
    root = write_files(tmp_path, LOOK_ALIKES)
    assert found_in(root) == set()

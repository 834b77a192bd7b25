"""Every marker spelling of docs/contexts.md makes a context; look-alikes do not."""

import pytest

from labelled import assert_labels_match, findings

CASES = {
    "decorator and aliases": """
        import jax
        import jax as j
        from jax import jit as compile_fn

        @jax.jit
        def a(x):
            print(x)  # expect: ACC401

        @j.jit
        def b(x):
            print(x)  # expect: ACC401

        @compile_fn
        def c(x):
            print(x)  # expect: ACC401
    """,
    "call forms anywhere in the module": """
        import jax

        def later(x):
            print(x)  # expect: ACC401

        def now(x):
            print(x)  # expect: ACC401

        def plain(x):
            print(x)

        def main(x):
            fast = jax.jit(later)
            return fast(x) + jax.jit(now)(x) + plain(x)
    """,
    "partial with static_argnums and static_argnames": """
        import functools
        from functools import partial
        import jax

        @partial(jax.jit, static_argnums=(1,))
        def a(x, n):
            if n > 2:
                return x
            if x.sum() > 0:  # expect: ACC201
                return -x
            return x

        @functools.partial(jax.jit, static_argnames="mode")
        def b(x, mode="train"):
            if mode == "train":
                return x
            return x if x.mean() > 0 else -x  # expect: ACC203
    """,
    "jit call with static options and plain-typed annotations": """
        import jax

        def step(x, n, k: int):
            if n > 0 and k > 1:
                return x
            return x

        fast = jax.jit(step, static_argnums=1)
    """,
    "lax bodies: lambdas and inner functions": """
        import jax
        from jax import lax
        import numpy as np

        def run(x):
            def body(carry, xs):
                print(carry)  # expect: ACC401
                return carry + xs, None
            out, _ = lax.scan(body, x, x)
            y = lax.fori_loop(0, 3, lambda i, v: v * np.random.rand(), out)  # expect: ACC101
            return lax.cond(y.sum() > 0, lambda v: v, lambda v: -v if v.sum() > 0 else v, y)  # expect: ACC203
    """,
    "while_loop cond and body": """
        from jax import lax

        def solve(x):
            def cond_fun(v):
                return bool(v.sum() > 1)  # expect: ACC202
            def body_fun(v):
                return v / 2
            return lax.while_loop(cond_fun, body_fun, x)
    """,
    "methods: jax.jit(self.step) and decorated methods": """
        import jax

        class Trainer:
            def __init__(self):
                self.fast = jax.jit(self.step)

            def step(self, x):
                if self.ready and x.sum() > 0:  # expect: ACC201
                    return x
                return -x

            @jax.jit
            def other(self, x):
                return float(x)  # expect: ACC302
    """,
    "Acceleratable layers through any depth of inheritance": """
        from acclint.runtime import Acceleratable, Layer, rand, size

        class Base(Layer, Acceleratable):
            def predict(self, x):
                return x * rand(size(x))  # expect: ACC102

        class Child(Base):
            def forward(self, x):
                print("forward")  # expect: ACC401
                return x

            def describe(self, x):
                print("not traced")
    """,
    "dlaccelerate and dlfeval targets": """
        from acclint.runtime import dlaccelerate, dlfeval, dlgradient, extractdata, mean

        def loss_fn(w, x):
            if mean(w) > 0:
                w = w * 2
            scale = extractdata(mean(w))  # expect: ACC301
            loss = mean(w * x) * scale
            return loss, dlgradient(loss, w)

        @dlaccelerate
        def model(x):
            if mean(x) > 0:  # expect: ACC201
                return x
            return -x

        def train(w, x):
            return dlfeval(loss_fn, w, x)
    """,
    "grad: only argnums are traced; control flow is fine": """
        import jax

        def loss(w, x, mode):
            if mode > 0 and x.sum() > 0:
                w = w * 2
            return (w * x).sum() * float(x.sum()) + float(w.sum())  # expect: ACC302

        grads = jax.grad(loss)

        def loss2(w, x):
            return (w * x).sum() * float(x.sum())  # expect: ACC302

        g2 = jax.value_and_grad(loss2, argnums=(0, 1))
    """,
    "vmap: ACC2 and ACC3 only": """
        import jax
        import numpy as np

        def per_example(x):
            print("vmap caches nothing")
            noise = np.random.rand()
            return x if x > 0 else -x  # expect: ACC203

        batched = jax.vmap(per_example)
    """,
    "jit of grad": """
        import jax

        def loss(w):
            print("in the loss")  # expect: ACC401
            return (w * w).sum()

        step = jax.jit(jax.grad(loss))
    """,
    "checkpoint caches even outside jit": """
        import jax

        @jax.checkpoint
        def block(x):
            print("remat")  # expect: ACC401
            return x
    """,
    "no context: callbacks, numba, custom_jvp, named_call": """
        import jax
        import numba

        def log_host(x):
            print(x)

        @jax.jit
        def step(x):
            jax.debug.callback(log_host, x)
            jax.debug.print("x {}", x)
            return x

        @numba.jit
        def fast(x):
            if x > 0:
                print(x)
            return x

        @jax.custom_jvp
        def f(x):
            print("custom")
            return x

        g = jax.named_call(lambda x: print(x))
    """,
    "helpers inherit the caller's context transitively": """
        import jax

        def inner(v):
            return v if v.sum() > 0 else -v  # expect: ACC203

        def middle(v, n):
            print("middle")  # expect: ACC401
            if n > 3:
                return inner(v)
            return v

        @jax.jit
        def step(x):
            return middle(x, 3)

        def unused(v):
            return v if v.sum() > 0 else -v
    """,
    "functions handed to tree_map inside a trace": """
        import jax

        @jax.jit
        def update(params, grads):
            return jax.tree_util.tree_map(lambda p, g: p - g if g.sum() > 0 else p, params, grads)  # expect: ACC203
    """,
    "functions reached through a name bound to a lambda or a list of functions": """
        import jax
        import numpy as np
        from jax import lax

        def double(v):
            return v * 2.0

        def announce(v):
            print("branch")  # expect: ACC401
            return v

        BRANCHES = [double, announce]

        @jax.jit
        def pick(index, x):
            local = [lambda v: v, lambda v: print("two") or v]  # expect: ACC401
            return lax.switch(index, BRANCHES, lax.switch(index, local, x))

        @jax.jit
        def loop(x):
            body = lambda i, v: v + np.random.rand()  # expect: ACC101
            return lax.fori_loop(0, 3, body, x)
    """,
    "a helper bound element-wise by a module-level tuple assignment is reached": """
        import jax

        def sign(x):
            if x > 0:  # expect: ACC201
                return x
            return -x

        body, n = sign, 3

        @jax.jit
        def step(x):
            return body(x) * n
    """,
    "a helper bound element-wise in the traced body is reached": """
        import jax

        def sign(x):
            if x > 0:  # expect: ACC201
                return x
            return -x

        @jax.jit
        def step(x):
            body, n = (sign, 3)
            return body(x) * n
    """,
    "a helper bound element-wise by a list assignment is reached": """
        import jax

        def sign(x):
            if x > 0:  # expect: ACC201
                return x
            return -x

        @jax.jit
        def step(x):
            [n, body] = [3, sign]
            return body(x) * n
    """,
    "element-wise binding pairs by position: the helper goes to the name never called": """
        import jax

        def sign(x):
            if x > 0:
                return x
            return -x

        @jax.jit
        def step(x):
            body, n = (lambda v: v), sign
            return body(x)
    """,
    "user accelerators from configuration are unknown by default": """
        from mylib import fast_jit

        @fast_jit
        def step(x):
            print(x)
    """,
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_context_case(name):
    assert_labels_match(CASES[name])


def test_configured_accelerator_is_a_cached_context():
    from acclint.run.config import Settings

    source = "from mylib import fast_jit\n\n@fast_jit\ndef step(x):\n    print(x)\n"
    assert findings(source, Settings(accelerators=("mylib.fast_jit",))) == {(5, "ACC401")}
    assert findings(source) == set()
